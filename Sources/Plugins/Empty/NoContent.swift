/// A success that carried no body: a 204, or an empty 200.
public struct NoContent: Equatable, Sendable {
    /// The HTTP status, or nil for an empty file or standard input, which no server answered.
    public var status: Int?

    public init(status: Int?) { self.status = status }

    /// `no content (204)`: the empty state, as `posts: no posts` is for an empty list.
    public var stateLine: String {
        status.map { "no content (\($0))" } ?? "no content"
    }
}
