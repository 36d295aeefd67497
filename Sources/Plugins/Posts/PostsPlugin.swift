public import Loader
internal import TerminalText

/// Posts: a JSON array of `{id, title, body}`, shown as id, title and the body's first line.
public struct PostsPlugin: ContentPlugin {
    public let name = "posts"
    public let mediaTypes = ["application/json"]
    public let summary = "a JSON array of posts: id, title and the first line of each body"
    static let expected = "a JSON array of posts ({id, title, body})"
    public let takes = "JSON arrays of {id, title, body}"

    public init() {}

    /// A JSON array whose every item is a post; any other list is left to the table. An empty
    /// one says nothing of what its items would be: it is left to the JSON view (`[]`), not
    /// called "no posts".
    public func offer(_ body: ResponseBody) -> Offer<[Post]> {
        guard JSONBody.mayBeJSON(body.bytes, response: body.info), case .success(let json) = JSONBody.parsed(body),
              case .array(let items) = json, !items.isEmpty, let posts = try? Self.posts(from: json) else { return .declined }
        return .taken(posts)
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> [Post] {
        try Self.posts(from: JSONBody.parse(body, response: response, expected: Self.expected))
    }

    /// The posts in a document, or what in it is not a post.
    static func posts(from json: JSON) throws(DecodeFailure) -> [Post] {
        guard case .array(let items) = json else { throw DecodeFailure("is \(JSONBody.kind(of: json)), not \(expected)") }
        var posts: [Post] = []
        posts.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .object(let members) = item else {
                throw DecodeFailure("is not \(expected): \(JSONBody.location(item: index)) is not an object")
            }
            var id: Int?, userId: Int?, title: String?, text: String?
            for member in members {
                switch member.key {
                case "id" where id == nil: id = try whole(member.value, index: index, key: "id")
                case "userId" where userId == nil: userId = try whole(member.value, index: index, key: "userId")
                case "title" where title == nil: title = try string(member.value, index: index, key: "title")
                case "body" where text == nil: text = try string(member.value, index: index, key: "body")
                default: break
                }
            }
            guard let id else { throw missing("id", index) }
            guard let title else { throw missing("title", index) }
            guard let text else { throw missing("body", index) }
            posts.append(Post(id: id, userId: userId, title: title, body: text, fields: item))
        }
        return posts
    }

    private static func whole(_ value: JSON, index: Int, key: String) throws(DecodeFailure) -> Int {
        guard case .number(let literal) = value else { throw wrong(key, index, "is not a number") }
        guard let number = Int(literal) else { throw wrong(key, index, "is not a whole number") }
        return number
    }

    private static func string(_ value: JSON, index: Int, key: String) throws(DecodeFailure) -> String {
        guard case .string(let text) = value else { throw wrong(key, index, "is not a string") }
        return text
    }

    private static func missing(_ key: String, _ index: Int) -> DecodeFailure {
        DecodeFailure("is not \(expected): \(JSONBody.location(item: index)) has no \"\(key)\"")
    }

    private static func wrong(_ key: String, _ index: Int, _ what: String) -> DecodeFailure {
        DecodeFailure("is not \(expected): \(JSONBody.location(item: index, key: key)) \(what)")
    }

    /// Pages of a list are appended.
    public func merge(_ existing: [Post], _ next: [Post]) -> [Post]? { existing + next }

    public func itemCount(_ model: [Post]) -> Int? { model.count }

    /// Every post as the server sent it.
    public func renderJSON(_ model: [Post], context: RenderContext) -> String {
        JSONWriter(context: context).write(.array(model.map(\.json)))
    }

    /// Writes what `renderJSON` gives into `sink` as it goes, a piece at a time.
    public func writeJSON(_ model: [Post], context: RenderContext, to sink: RenderSink) {
        JSONWriter(context: context).write(.array(model.map(\.json)), to: sink)
    }

    /// Five posts' worth of id, title and body bars.
    public func skeleton(context: RenderContext) -> String {
        (0..<5).map { row in
            TextStyle.dim.apply("▒", in: context) + Skeleton.bars([Skeleton.fraction(row, from: 0.35, to: 0.8)], indent: 2, context: context)
                + Skeleton.bars([Skeleton.fraction(row + 3, from: 0.5, to: 0.95)], indent: 3, context: context)
        }.joined()
    }

    /// JSON as the server sent it: data on a pipe (see `RenderContext.writesData`).
    public func goesOutAsData(_ model: [Post]) -> Bool { true }

    /// Each post as its id, right-aligned in a column, then the title and the body's first
    /// non-empty line, both wrapped under the title.
    public func render(_ posts: [Post], context: RenderContext) -> String {
        RenderSink.collect { write(posts, context: context, to: $0) }
    }

    /// Writes what `render` gives into `sink` as it goes, a piece at a time.
    public func write(_ posts: [Post], context: RenderContext, to sink: RenderSink) {
        if context.writesData {
            writeJSON(posts, context: context, to: sink)
            return sink.write("\n")
        }
        var view = PostsView(context: context)
        view.write(posts, cut: ListCut(count: posts.count, context: context), to: sink)
    }

    /// Each post's first line, its id's, in `render`'s text, which comes with them from one render: the lines are counted as the
    /// posts are written, since a title and body take as many lines as they wrap to.
    public func renderItems(_ posts: [Post], context: RenderContext) -> RenderedItems? {
        guard !context.writesData else { return nil }
        return ItemLineRecorder.record { recorder in
            var view = PostsView(context: context)
            view.write(posts, cut: ListCut(count: posts.count, context: context), to: recorder.sink, recorder: recorder)
        }
    }

    /// The post's fields as the server sent them; id, userId, title and body when it came
    /// from elsewhere.
    public func itemFields(_ posts: [Post], at index: Int) -> [String: String]? {
        posts.indices.contains(index) ? posts[index].json.itemFields : nil
    }
}
