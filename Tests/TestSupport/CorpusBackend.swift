import Foundation
public import Loader
public import SampleSource
import Synchronization

/// The JSONPlaceholder dataset of `../shared/corpus`, served as json-server serves it:
/// `/posts`, `/posts/N` and `/posts/N/comments`, each with a strong ETag and 304s. A test can
/// hold a detail open (dripping a byte at a time), fail it, change the list, and read what
/// the server saw.
public final class CorpusBackend: Sendable {
    /// One request as the server saw it.
    public struct Seen: Sendable, Equatable {
        public var path: String
        public var status: Int
        /// Whether it carried If-None-Match: a revalidation.
        public var conditional: Bool

        public init(path: String, status: Int, conditional: Bool) {
            self.path = path
            self.status = status
            self.conditional = conditional
        }
    }

    private struct State {
        var held: Set<String> = []
        var failing: [String: Int] = [:]
        var seen: [Seen] = []
    }

    /// Each post's JSON, in the corpus's order; each post's comments as a JSON array, by id.
    private let posts: [(id: Int, title: String, json: String)]
    private let comments: [Int: String]
    private let state = Mutex(State())
    /// Set when a held detail's client went away before its body ended.
    public let heldClientLeft = Flag()

    /// The corpus beside the package, as CI places `../shared` next to the clone.
    public static var corpusPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus/jsonplaceholder.json").path
    }

    public init(path: String = CorpusBackend.corpusPath) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let corpus = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let posts = corpus["posts"] as? [[String: Any]], let comments = corpus["comments"] as? [[String: Any]] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        func json(_ value: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
        }
        self.posts = try posts.map { post in (post["id"] as? Int ?? 0, post["title"] as? String ?? "", try json(post)) }
        var byPost: [Int: [[String: Any]]] = [:]
        for comment in comments { byPost[comment["postId"] as? Int ?? 0, default: []].append(comment) }
        self.comments = try byPost.mapValues(json)
    }

    /// The title of post `id` in the corpus.
    public func title(of id: Int) -> String { posts.first { $0.id == id }?.title ?? "" }

    /// What the server saw, in order.
    public var seen: [Seen] { state.withLock { $0.seen } }

    /// Requests for exactly `path`.
    public func requests(for path: String) -> [Seen] { seen.filter { $0.path == path } }

    /// Requests for `path` start a body and never finish it, a byte every 100 ms, until the
    /// client leaves: the server never ends such a request, so `heldClientLeft` says the client
    /// did, whenever it does.
    public func hold(_ path: String) { state.withLock { _ = $0.held.insert(path) } }

    /// The next `times` requests for `path` fail with 503.
    public func fail(_ path: String, times: Int) { state.withLock { $0.failing[path] = times } }

    /// The routes, on the server's own loop.
    public func install(on server: SampleServer, loop: EventLoop) {
        server.route("/posts") { [self] exchange in
            answer(exchange, body: "[" + posts.map(\.json).joined(separator: ",") + "]", loop: loop)
        }
        for post in posts {
            server.route("/posts/\(post.id)") { [self] exchange in answer(exchange, body: post.json, loop: loop) }
            server.route("/posts/\(post.id)/comments") { [self] exchange in
                answer(exchange, body: comments[post.id] ?? "[]", loop: loop)
            }
        }
    }

    private func answer(_ exchange: ServerExchange, body: String, loop: EventLoop) {
        let path = exchange.path
        let (held, failing) = state.withLock { state -> (Bool, Bool) in
            let failing = state.failing[path, default: 0] > 0
            if failing { state.failing[path, default: 0] -= 1 }
            return (state.held.contains(path), failing)
        }
        let conditional = exchange.requestHeader("If-None-Match") != nil
        defer { state.withLock { $0.seen.append(Seen(path: path, status: exchange.status, conditional: conditional)) } }
        if failing { return exchange.respond(status: 503, text: "down for the test\n") }
        guard held else { return exchange.respondCacheable(contentType: "application/json; charset=utf-8", body: Array(body.utf8)) }
        // A declared length that the drips would take more than a day to reach.
        exchange.beginChunks(status: 200, contentType: "application/json", contentLength: body.utf8.count + 1_000_000)
        exchange.sendChunk(Array(body.utf8.prefix(10)))
        let left = heldClientLeft
        // A drip to the end: only a write tells the server that the client has gone.
        loop.repeating(every: .milliseconds(100)) {
            if exchange.isFinished {
                left.set()
                return false
            }
            exchange.sendChunk(Array(" ".utf8))
            return true
        }
    }
}
