internal import CGLib

/// `/events`: the posts as a Server-Sent Events stream, one event a post (`event: post`, its
/// number as the ID, the post as one line of JSON), one every 300 ms (`?every=MS` for another
/// pace), then the end of the body. A reconnection with `Last-Event-ID` goes on after that
/// post, and one after the last is answered 204, which ends the stream for good: the whole of
/// the standard's reconnection, offline.
enum EventsRoute {
    /// The stream's first bytes: how long a client waits to reconnect.
    static let preamble = "retry: 500\n\n"

    /// The event for the post at `index` (from 0).
    static func event(_ index: Int) -> String {
        let post = SampleContent.posts[index]
        let json = "{\"userId\": \(post.userId), \"id\": \(post.id), \"title\": \(SamplePost.quoted(post.title))}"
        return "id: \(index + 1)\nevent: post\ndata: \(json)\n\n"
    }
}

extension SampleServer {
    /// Adds `/events` (see `EventsRoute`).
    public func serveEvents() {
        route("/events") { exchange in
            let after = exchange.requestHeader("Last-Event-ID").flatMap { Int($0) } ?? 0
            let count = SampleContent.posts.count
            guard (0..<count).contains(after) else { return exchange.respond(status: 204, contentType: "text/plain", text: "") }
            let every = min(max(exchange.query["every"].flatMap { Int($0) } ?? 300, 0), 60_000)
            exchange.beginChunks(status: 200, contentType: "text/event-stream")
            exchange.sendChunk(Array(EventsRoute.preamble.utf8))
            let pacer = EventPacer(exchange: exchange, next: after, end: count)
            pacer.send()
            guard !pacer.isDone else { return }
            // On the context the server runs on (the thread's default, as the server's own
            // sources are). The timeout holds the pacer; its destroy notify is the one release.
            let timeout = g_timeout_source_new(guint(every))
            g_source_set_callback(timeout, { data in
                Unmanaged<EventPacer>.fromOpaque(data!).takeUnretainedValue().send()
            }, Unmanaged.passRetained(pacer).toOpaque(), { data in Unmanaged<EventPacer>.fromOpaque(data!).release() })
            g_source_attach(timeout, g_main_context_get_thread_default())
            g_source_unref(timeout)
        }
    }
}

/// Sends a stream's posts one at a time, until the last or until the client leaves.
private final class EventPacer {
    private let exchange: ServerExchange
    private var next: Int
    private let end: Int
    private(set) var isDone = false

    init(exchange: ServerExchange, next: Int, end: Int) {
        self.exchange = exchange
        self.next = next
        self.end = end
    }

    /// Sends the next post: G_SOURCE_CONTINUE while more follow.
    @discardableResult
    func send() -> gboolean {
        guard !exchange.isFinished, next < end else {
            isDone = true
            return 0
        }
        exchange.sendChunk(Array(EventsRoute.event(next).utf8))
        next += 1
        if next == end {
            exchange.endChunks()
            isDone = true
            return 0
        }
        return 1
    }
}
