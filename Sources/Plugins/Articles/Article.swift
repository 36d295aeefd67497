public import Loader

/// One article: a title and a body of paragraphs.
public struct Article: Equatable, Sendable {
    public var title: String
    public var body: String
    /// The object as the server sent it, every field in its order, for `--output json`.
    public var fields: JSON?
    /// A web page's blocks of text in reading order; nil for a JSON article, whose body is
    /// paragraphs split at blank lines.
    public var blocks: [ArticleBlock]?
    /// A web page's links, numbered in its text from 1.
    public var links: [String]
    /// A web page's own summary, from `<meta name="description">` or `og:description`.
    public var excerpt: String?

    public init(title: String, body: String, fields: JSON? = nil, blocks: [ArticleBlock]? = nil, links: [String] = [],
                excerpt: String? = nil) {
        self.excerpt = excerpt
        self.title = title
        self.body = body
        self.fields = fields
        self.blocks = blocks
        self.links = links
    }

    /// The article as JSON: what the server sent; for a web page, its title, text and links.
    var json: JSON {
        if let fields { return fields }
        var members = [JSON.Member("title", .string(title))]
        if let excerpt { members.append(JSON.Member("description", .string(excerpt))) }
        members.append(JSON.Member("body", .string(body)))
        if blocks != nil { members.append(JSON.Member("links", .array(links.map(JSON.string)))) }
        return .object(members)
    }
}
