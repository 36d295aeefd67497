public import Loader

/// One article: a title and a body of paragraphs.
public struct Article: Codable, Equatable, Sendable {
    public var title: String
    public var body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}

/// Articles: a JSON object with `title` and `body`, shown as a bold title over the body's
/// paragraphs, each wrapped to the width.
public struct ArticlesPlugin: ContentPlugin {
    public let name = "articles"
    public let mediaTypes = ["application/json"]
    public let summary = "a JSON object with title and body: the title in bold, then the body's paragraphs, wrapped"

    public init() {}

    /// A JSON object with a title and a body.
    public func accepts(_ body: [UInt8], response: ResponseInfo) -> Bool {
        JSONBody.looksLike("{", body, response: response) && (try? decode(body, response: response)) != nil
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> Article {
        try JSONBody.decode(Article.self, from: body, response: response, expected: "a JSON article ({title, body})")
    }

    public func renderJSON(_ model: Article) -> String {
        JSONBody.encode(model)
    }

    /// A title bar over two paragraphs.
    public func skeleton(context: RenderContext) -> String {
        Skeleton.bars([0.5, 0, 1, 1, 1, 0.6, 0, 1, 1, 0.45], context: context)
    }

    /// Paragraphs are separated by blank lines in the body; single line breaks inside one are
    /// reflowed, as a browser would.
    public func render(_ article: Article, context: RenderContext) -> String {
        var out = ""
        for line in TerminalText.wrapField(article.title, width: context.width) {
            out += TextStyle.bold.apply(line, in: context) + "\n"
        }
        for paragraph in Self.paragraphs(of: UntrustedText.forTerminal(article.body)) {
            if context.shouldStop() { break }
            out += "\n"
            for line in TerminalText.wrapField(paragraph, width: context.width) {
                out += line + "\n"
            }
        }
        return out
    }

    static func paragraphs(of body: String) -> [String] {
        var paragraphs: [String] = []
        var current: [Substring] = []
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        return paragraphs
    }
}
