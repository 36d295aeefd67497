public import Loader

/// One post, in JSONPlaceholder's shape.
public struct Post: Codable, Equatable, Sendable {
    public var id: Int
    public var userId: Int?
    public var title: String
    public var body: String

    public init(id: Int, userId: Int? = nil, title: String, body: String) {
        self.id = id
        self.userId = userId
        self.title = title
        self.body = body
    }
}

/// Posts: a JSON array of `{id, title, body}`, shown as id, title and the body's first line.
public struct PostsPlugin: ContentPlugin {
    public let name = "posts"
    public let mediaTypes = ["application/json"]
    public let summary = "a JSON array of posts: id, title and the first line of each body"

    public init() {}

    /// A JSON array.
    public func accepts(_ body: [UInt8], response: ResponseInfo) -> Bool {
        JSONBody.looksLike("[", body, response: response)
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> [Post] {
        try JSONBody.decode([Post].self, from: body, response: response, expected: "a JSON array of posts ({id, title, body})")
    }

    /// Pages of a list are appended.
    public func merge(_ existing: [Post], _ next: [Post]) -> [Post]? { existing + next }

    public func itemCount(_ model: [Post]) -> Int? { model.count }

    public func renderJSON(_ model: [Post]) -> String {
        JSONBody.encode(model)
    }

    /// Five posts' worth of id, title and body bars.
    public func skeleton(context: RenderContext) -> String {
        (0..<5).map { row in
            TextStyle.dim.apply("▒", in: context) + Skeleton.bars([Skeleton.fraction(row, from: 0.35, to: 0.8)], indent: 2, context: context)
                + Skeleton.bars([Skeleton.fraction(row + 3, from: 0.5, to: 0.95)], indent: 3, context: context)
        }.joined()
    }

    /// Each post as its id, right-aligned in a column, then the title and the body's first
    /// non-empty line, both wrapped under the title.
    public func render(_ posts: [Post], context: RenderContext) -> String {
        render(posts.map { ($0, nil) }, context: context)
    }

    /// Posts added since `previous` (by id) highlighted, and posts gone since then shown struck
    /// through where they stood, after the post that preceded them.
    public func renderChanges(_ posts: [Post], since previous: [Post], context: RenderContext) -> String? {
        guard context.allowsStyling else { return nil }
        let now = Set(posts.map(\.id))
        let before = Set(previous.map(\.id))
        let position = Dictionary(posts.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Each removed post goes after its nearest predecessor that is still there (-1: first).
        var removedAfter: [Int: [Post]] = [:]
        var anchor = -1
        for post in previous {
            if now.contains(post.id) {
                anchor = position[post.id] ?? anchor
            } else {
                removedAfter[anchor, default: []].append(post)
            }
        }
        guard !removedAfter.isEmpty || !now.isSubset(of: before) else { return nil }
        var marked: [(post: Post, change: Change?)] = (removedAfter[-1] ?? []).map { ($0, .removed) }
        for (index, post) in posts.enumerated() {
            marked.append((post, before.contains(post.id) ? nil : .added))
            marked += (removedAfter[index] ?? []).map { ($0, .removed) }
        }
        return render(marked, context: context)
    }

    private enum Change { case added, removed }

    private func render(_ posts: [(post: Post, change: Change?)], context: RenderContext) -> String {
        let idWidth = posts.map { String($0.post.id).count }.max() ?? 1
        let indent = String(repeating: " ", count: idWidth + 2)
        let textWidth = max(context.width - indent.count, 10)
        var out = ""
        for (post, change) in posts {
            if context.shouldStop() { break }
            let id = String(post.id)
            let title = TerminalText.wrapField(post.title, width: textWidth)
            for (index, line) in title.enumerated() {
                let lead = index == 0 ? String(repeating: " ", count: idWidth - id.count) + id + "  " : indent
                out += Self.mark(lead + TextStyle.bold.apply(line, in: context), change, context) + "\n"
            }
            if let first = Self.firstLine(of: post.body) {
                for line in TerminalText.wrapField(first, width: textWidth) {
                    out += Self.mark(indent + TextStyle.dim.apply(line, in: context), change, context) + "\n"
                }
            }
        }
        return out
    }

    private static func mark(_ line: String, _ change: Change?, _ context: RenderContext) -> String {
        switch change {
        case nil: line
        case .added: TextStyle.highlight.apply(line, in: context)
        case .removed: TextStyle.removed.apply(line, in: context)
        }
    }

    private static func firstLine(of body: String) -> String? {
        body.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .first { !$0.allSatisfy(\.isWhitespace) }
            .map(String.init)
    }
}

