public import Loader

/// Images: PNG, JPEG, GIF (first frame), WebP and SVG, decoded with gdk-pixbuf (SVG through
/// librsvg's loader) and drawn with chafa.
public struct ImagesPlugin: ContentPlugin {
    public let name = "images"
    public let mediaTypes = ["image/*"]
    public let summary = "PNG, JPEG, GIF (first frame), WebP or SVG: drawn with chafa on a terminal, a metadata line on a pipe"
    /// An SVG is checked at this size, and drawn at the size it is shown at.
    static let vectorCheckBox = (width: 256, height: 256)

    public init() {}

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> ImageContent {
        // Trust the declared type when it is an image; otherwise (forced with --plugin) look at
        // the first bytes.
        let declared = response.mediaType.flatMap { $0.hasPrefix("image/") ? $0 : nil }
        guard let mediaType = declared ?? Self.sniff(body) else {
            throw DecodeFailure("is \(response.mediaType ?? "untyped"), not an image",
                                suggestion: "images must be PNG, JPEG, GIF or WebP")
        }
        if mediaType == "image/svg+xml" {
            try SVGSafety.check(body)
            let (pixbuf, declared) = try PixbufDecoder.decode(body, mediaType: mediaType, fitting: Self.vectorCheckBox)
            guard declared.width > 0, declared.height > 0 else {
                throw DecodeFailure("is an SVG with no size: it has no width and height, and no viewBox")
            }
            return ImageContent(mediaType: mediaType, width: declared.width, height: declared.height, bytes: body.count, pixbuf: pixbuf,
                                vector: body)
        }
        let (pixbuf, _) = try PixbufDecoder.decode(body, mediaType: mediaType)
        return ImageContent(mediaType: mediaType, width: pixbuf.width, height: pixbuf.height, bytes: body.count, pixbuf: pixbuf, vector: nil)
    }

    public func render(_ image: ImageContent, context: RenderContext) -> String {
        let detected = context.isTerminal && context.imageFormat == nil
            ? ChafaRenderer.detectGraphics(environment: context.environment) : nil
        guard let output = ImageOutput.choose(for: context, detectedGraphics: detected) else {
            return image.summary + "\n"
        }
        // Fit the screen, leaving a row for the prompt, unless the user capped the size.
        var cells = RenderContext.CellSize(columns: context.width, rows: max((context.height ?? 25) - 1, 1))
        if let cap = context.imageSize {
            cells = RenderContext.CellSize(columns: min(cells.columns, cap.columns), rows: min(cells.rows, cap.rows))
            if !context.isTerminal { cells = cap }
        }
        var pixbuf = image.pixbuf
        if let vector = image.vector {
            // Drawn at the box's size in pixels (a cell is about 8×16), so it is sharp at any size.
            let box = (width: max(cells.columns * 8, 8), height: max(cells.rows * 16, 16))
            if let drawn = try? PixbufDecoder.decode(vector, mediaType: image.mediaType, fitting: box) { pixbuf = drawn.pixbuf }
        }
        return ChafaRenderer.render(pixbuf, output: output, cells: cells, environment: context.environment)
    }

    /// A shaded frame where the picture will go.
    public func skeleton(context: RenderContext) -> String {
        let rows = min(max((context.height ?? 25) / 2, 3), context.imageSize?.rows ?? .max)
        let fraction = min(0.6, Double(context.imageSize?.columns ?? context.width) / Double(context.width))
        return Skeleton.bars(Array(repeating: fraction, count: rows), context: context)
    }

    public func renderJSON(_ image: ImageContent, context: RenderContext) -> String {
        JSONWriter(context: context).write(.object([
            JSON.Member("mediaType", .string(image.mediaType)), JSON.Member("width", .number(String(image.width))),
            JSON.Member("height", .number(String(image.height))), JSON.Member("bytes", .number(String(image.bytes))),
        ]))
    }

    /// The media type the magic bytes announce, for the allowed formats.
    static func sniff(_ body: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            body.count >= offset + prefix.count && Array(body[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF8".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if SVGSafety.looksLikeSVG(body) { return "image/svg+xml" }
        return nil
    }
}
