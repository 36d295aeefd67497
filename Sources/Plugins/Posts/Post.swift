public import Loader

/// One post, in JSONPlaceholder's shape.
public struct Post: Equatable, Sendable {
    public var id: Int
    public var userId: Int?
    public var title: String
    public var body: String
    /// The object as the server sent it, every field in its order, for `--output json`.
    public var fields: JSON?

    public init(id: Int, userId: Int? = nil, title: String, body: String, fields: JSON? = nil) {
        self.id = id
        self.userId = userId
        self.title = title
        self.body = body
        self.fields = fields
    }

    /// The post as JSON: what the server sent, or its four fields.
    public var json: JSON {
        if let fields { return fields }
        var members = [JSON.Member("id", .number(String(id)))]
        if let userId { members.append(JSON.Member("userId", .number(String(userId)))) }
        return .object(members + [JSON.Member("title", .string(title)), JSON.Member("body", .string(body))])
    }
}
