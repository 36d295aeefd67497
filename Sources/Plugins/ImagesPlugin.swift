public import Loader

/// A decoded image and what `--output json` says of it.
public struct ImageContent: Encodable {
    public let mediaType: String
    public let width: Int
    public let height: Int
    /// The size of the encoded body.
    public let bytes: Int
    let pixbuf: Pixbuf

    private enum CodingKeys: String, CodingKey { case mediaType, width, height, bytes }

    /// `image/png 640×480, 35.0 KB`: what a pipe gets instead of escape codes.
    public var summary: String {
        "\(mediaType) \(width)×\(height), \(ByteCount.format(bytes))"
    }
}

/// Images: PNG, JPEG, GIF (first frame) and WebP, decoded with gdk-pixbuf and drawn with chafa.
public struct ImagesPlugin: ContentPlugin {
    public let name = "images"
    public let mediaTypes = ["image/*"]
    public let summary = "PNG, JPEG, GIF (first frame) or WebP: drawn with chafa on a terminal, a metadata line on a pipe"

    public init() {}

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> ImageContent {
        // Trust the declared type when it is an image; otherwise (forced with --plugin) look at
        // the first bytes.
        let declared = response.mediaType.flatMap { $0.hasPrefix("image/") ? $0 : nil }
        guard let mediaType = declared ?? Self.sniff(body) else {
            throw DecodeFailure("is \(response.mediaType ?? "untyped"), not an image",
                                suggestion: "images must be PNG, JPEG, GIF or WebP")
        }
        let pixbuf = try PixbufDecoder.decode(body, mediaType: mediaType)
        return ImageContent(mediaType: mediaType, width: pixbuf.width, height: pixbuf.height, bytes: body.count, pixbuf: pixbuf)
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
        return ChafaRenderer.render(image.pixbuf, output: output, cells: cells, environment: context.environment)
    }

    /// A shaded frame where the picture will go.
    public func skeleton(context: RenderContext) -> String {
        let rows = min(max((context.height ?? 25) / 2, 3), context.imageSize?.rows ?? .max)
        let fraction = min(0.6, Double(context.imageSize?.columns ?? context.width) / Double(context.width))
        return Skeleton.bars(Array(repeating: fraction, count: rows), context: context)
    }

    public func renderJSON(_ image: ImageContent, context: RenderContext) -> String {
        JSONBody.encode(image)
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
        return nil
    }
}
