public import Loader
internal import TerminalText

/// Plain text and XML: made safe and wrapped to the width, each line keeping its indentation.
public struct TextPlugin: ContentPlugin {
    public let name = "text"
    public let mediaTypes = ["text/*", "application/xml"]
    public let summary = "text: made safe, each line wrapped to the width under its own indent"
    public let takes = "text/* but HTML, XML, and untyped UTF-8"

    public init() {}

    public func offer(_ body: ResponseBody) -> Offer<TextDocument> {
        guard Self.isText(body.bytes, mediaType: body.info.mediaType) else { return .declined }
        var document = Self.document(body.bytes, response: body.info)
        document.choice = "shown as text (\(body.info.mediaType ?? "untyped UTF-8"); no more specific plugin takes it)"
        return .taken(document)
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> TextDocument {
        Self.document(body, response: response)
    }

    /// Text by its type (HTML has its own view; SVG is an image), or untyped UTF-8 without NUL.
    static func isText(_ body: [UInt8], mediaType: String?) -> Bool {
        // An empty body is said to be empty, not shown as nothing.
        guard !body.isEmpty else { return false }
        guard let type = mediaType?.lowercased() else {
            return !body.contains(0) && String(validating: body, as: UTF8.self) != nil
        }
        if HTMLReader.isHTML(type) || type == "image/svg+xml" { return false }
        return type.hasPrefix("text/") || type == "application/xml" || type.hasSuffix("+xml")
    }

    /// The body as text, in the charset the response names: Latin-1 (and ASCII) byte by byte,
    /// anything else as UTF-8, with `�` for what does not decode.
    static func document(_ body: [UInt8], response: ResponseInfo) -> TextDocument {
        let charset = response.charset
        let text = charset == "iso-8859-1" || charset == "latin1" || charset == "windows-1252"
            ? String(String.UnicodeScalarView(body.map { Unicode.Scalar($0) }))
            : String(decoding: body, as: UTF8.self)
        return TextDocument(mediaType: response.mediaType, text: text)
    }

    public func notes(_ model: TextDocument) -> [String] { model.choice.map { [$0] } ?? [] }

    public func render(_ model: TextDocument, context: RenderContext) -> String {
        var out = ""
        for line in model.text.split(separator: "\n", omittingEmptySubsequences: false) {
            if context.shouldStop() { break }
            for piece in Self.wrap(line, width: context.width, whole: !context.hasScreenWidth) { out += piece + "\n" }
        }
        // A body that ends with a newline ends its last line, not one more.
        if model.text.hasSuffix("\n") { out.removeLast() }
        return out
    }

    /// One line of text: made safe, tabs to the next of every eight columns, and wrapped under
    /// its own indentation when wider than the width.
    /// `whole`: with no screen to fit (a pipe), a line past `TerminalText.fieldLimit` is not cut.
    static func wrap(_ line: Substring, width: Int, whole: Bool = false) -> [String] {
        let given = String(line.hasSuffix("\r") ? line.dropLast() : line)
        let text = TerminalText.expandingTabs(UntrustedText.forTerminal(whole ? given : TerminalText.bounded(given)))
        // Fewer bytes than columns means it fits: a column takes at least a byte.
        if text.utf8.count <= width || TerminalText.displayWidth(text) <= width { return [text] }
        let indent = String(text.prefix { $0 == " " }.prefix(width / 2))
        return TerminalText.wrap(text, width: width - indent.count).map { indent + $0 }
    }

    public func renderJSON(_ model: TextDocument, context: RenderContext) -> String {
        JSONWriter(context: context).write(.object([
            JSON.Member("mediaType", model.mediaType.map(JSON.string) ?? .null), JSON.Member("text", .string(model.text)),
        ]))
    }

    /// Lines of text.
    public func skeleton(context: RenderContext) -> String {
        Skeleton.bars((0..<8).map { Skeleton.fraction($0, from: 0.4, to: 1) }, context: context)
    }
}
