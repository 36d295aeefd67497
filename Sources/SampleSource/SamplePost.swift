/// One bundled post.
public struct SamplePost: Sendable, Equatable {
    public var userId: Int
    public var id: Int
    public var title: String
    public var body: String

    public init(userId: Int, id: Int, title: String, body: String) {
        self.userId = userId
        self.id = id
        self.title = title
        self.body = body
    }

    /// The post as a JSON object, keys in JSONPlaceholder's order: what `/posts/{id}` answers.
    public var json: String {
        #"{"userId":\#(userId),"id":\#(id),"title":\#(Self.quoted(title)),"body":\#(Self.quoted(body))}"#
    }

    /// `posts` as a JSON array, keys in JSONPlaceholder's order.
    public static func json(_ posts: [SamplePost]) -> String {
        "[" + posts.map(\.json).joined(separator: ",") + "]"
    }

    /// A JSON string literal (RFC 8259 §7).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // C0 and C1 controls, and DEL, as \u escapes: an echoed header must not reach a
            // terminal raw through a client that prints the string.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension SampleServer {
    /// `/posts?page=N&per_page=M`: one page of the posts, with RFC 8288 `Link` headers to the
    /// first, previous, next and last pages, so clients can page by either.
    func respondWithPostsPage(_ exchange: ServerExchange) {
        let perPage = min(max(Int(exchange.query["per_page"] ?? "") ?? 5, 1), 100)
        let page = max(Int(exchange.query["page"] ?? "") ?? 1, 1)
        let all = SampleContent.posts
        let lastPage = max((all.count + perPage - 1) / perPage, 1)
        let slice = Array(all.dropFirst((page - 1) * perPage).prefix(perPage))
        func link(_ number: Int, _ rel: String) -> String {
            "<\(url("/posts"))?page=\(number)&per_page=\(perPage)>; rel=\"\(rel)\""
        }
        var links = [link(1, "first"), link(lastPage, "last")]
        if page > 1 { links.append(link(min(page - 1, lastPage), "prev")) }
        if page < lastPage { links.append(link(page + 1, "next")) }
        exchange.setHeader("Link", links.joined(separator: ", "))
        exchange.respondCacheable(contentType: "application/json; charset=utf-8", body: Array(SamplePost.json(slice).utf8))
    }
}
