public import Loader
internal import TerminalText

/// Articles: a JSON object with `title` and `body`, or a web page read with libxml2, shown as
/// a bold title over the text, wrapped to the width; a page's links are numbered and listed.
public struct ArticlesPlugin: ContentPlugin {
    public let name = "articles"
    public let mediaTypes = ["application/json", "text/html", "application/xhtml+xml"]
    public let summary = "a JSON object with title and body, or a web page: the title in bold, then the text, wrapped; links listed"
    static let expected = "a JSON article ({title, body})"
    public let takes = "JSON objects with title and body; HTML"

    public init() {}

    /// A web page, or a JSON object with a string title and body.
    public func offer(_ body: ResponseBody) -> Offer<Article> {
        if Self.isPage(body.bytes, response: body.info) {
            do { return .taken(try Self.page(body.bytes, response: body.info)) } catch { return .failed(error) }
        }
        guard JSONBody.mayBeJSON(body.bytes, response: body.info), case .success(let json) = JSONBody.parsed(body),
              case .object = json, let article = try? Self.article(from: json) else { return .declined }
        return .taken(article)
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> Article {
        if Self.isPage(body, response: response) { return try Self.page(body, response: response) }
        return try Self.article(from: JSONBody.parse(body, response: response, expected: Self.expected))
    }

    /// HTML by its type, or untyped and starting as a web page does.
    private static func isPage(_ body: [UInt8], response: ResponseInfo) -> Bool {
        guard let type = response.mediaType?.lowercased() else { return HTMLReader.looksLikeHTML(body) }
        return HTMLReader.isHTML(type)
    }

    private static func page(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> Article {
        try HTMLReader.read(body, url: response.url, charset: response.charset)
    }

    static func article(from json: JSON) throws(DecodeFailure) -> Article {
        guard case .object = json else { throw DecodeFailure("is \(JSONBody.kind(of: json)), not \(expected)") }
        for key in ["title", "body"] where json[key] == nil {
            throw DecodeFailure("is not \(expected): the top level has no \"\(key)\"")
        }
        guard let title = json["title"]?.string else { throw DecodeFailure("is not \(expected): its \"title\" is not a string") }
        guard let text = json["body"]?.string else { throw DecodeFailure("is not \(expected): its \"body\" is not a string") }
        return Article(title: title, body: text, fields: json)
    }

    /// Every field the server sent.
    public func renderJSON(_ model: Article, context: RenderContext) -> String {
        JSONWriter(context: context).write(model.json)
    }

    /// A title bar over two paragraphs.
    public func skeleton(context: RenderContext) -> String {
        Skeleton.bars([0.5, 0, 1, 1, 1, 0.6, 0, 1, 1, 0.45], context: context)
    }

    /// Paragraphs are separated by blank lines in the body; single line breaks inside one are
    /// reflowed, as a browser would.
    public func render(_ article: Article, context: RenderContext) -> String {
        var out = ""
        for line in context.wrapField(article.title, width: context.width) {
            out += TextStyle.bold.apply(line, in: context) + "\n"
        }
        // The page's own summary under its title, as reader views show their excerpt.
        if let excerpt = article.excerpt {
            for line in context.wrapField(excerpt, width: context.width) { out += TextStyle.dim.apply(line, in: context) + "\n" }
        }
        if let blocks = article.blocks {
            return out + ArticlePage.render(blocks, links: article.links, context: context)
        }
        for paragraph in Self.paragraphs(of: UntrustedText.forTerminal(article.body)) {
            if context.shouldStop() { break }
            out += "\n"
            for line in context.wrapField(paragraph, width: context.width) {
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

    /// A web page's links, as its text numbers them (`[L1]` is the first).
    public func links(_ article: Article) -> [String] { article.links }
}
