internal import CGLib

/// `/events`: the posts as a Server-Sent Events stream, one event a post (`event: post`, its
/// number as the ID, the post as one line of JSON), one every 300 ms (`?every=MS` for another
/// pace), then the end of the body. A reconnection with `Last-Event-ID` goes on after that
/// post, and one after the last is answered 204, which ends the stream for good: the whole of
/// the standard's reconnection, offline. `/events.jsonl`: the same posts as JSON Lines sent
/// with no length (a live stream too), a post a line, at the same pace.
enum EventsRoute {
    /// The stream's first bytes: how long a client waits to reconnect.
    static let preamble = "retry: 500\n\n"

    /// The event for the post at `index` (from 0).
    static func event(_ index: Int) -> String {
        "id: \(index + 1)\nevent: post\ndata: \(json(index))\n\n"
    }

    /// The post at `index` (from 0) as a JSON Lines line.
    static func line(_ index: Int) -> String { json(index) + "\n" }

    /// The post at `index` as one line of JSON.
    private static func json(_ index: Int) -> String {
        let post = SampleContent.posts[index]
        return "{\"userId\": \(post.userId), \"id\": \(post.id), \"title\": \(SamplePost.quoted(post.title))}"
    }
}

extension SampleServer {
    /// Adds `/events` and `/events.jsonl` (see `EventsRoute`).
    public func serveEvents() {
        route("/events") { exchange in
            let after = exchange.requestHeader("Last-Event-ID").flatMap { Int($0) } ?? 0
            guard (0..<SampleContent.posts.count).contains(after) else { return exchange.respond(status: 204, contentType: "text/plain", text: "") }
            exchange.beginChunks(status: 200, contentType: "text/event-stream")
            exchange.sendChunk(Array(EventsRoute.preamble.utf8))
            Self.pace(exchange, from: after, record: EventsRoute.event)
        }
        route("/events.jsonl") { exchange in
            exchange.beginChunks(status: 200, contentType: "application/x-ndjson")
            Self.pace(exchange, from: 0, record: EventsRoute.line)
        }
    }

    /// Sends the posts from `first` on as `record` writes them, one every `?every=MS` (300
    /// unless given), then ends the body.
    private static func pace(_ exchange: ServerExchange, from first: Int, record: @escaping (Int) -> String) {
        let every = min(max(exchange.query["every"].flatMap { Int($0) } ?? 300, 0), 60_000)
        let pacer = EventPacer(exchange: exchange, next: first, end: SampleContent.posts.count, record: record)
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

/// Sends a stream's posts one at a time, until the last or until the client leaves.
private final class EventPacer {
    private let exchange: ServerExchange
    private var next: Int
    private let end: Int
    /// The post at an index as the stream sends it.
    private let record: (Int) -> String
    private(set) var isDone = false

    init(exchange: ServerExchange, next: Int, end: Int, record: @escaping (Int) -> String) {
        self.exchange = exchange
        self.next = next
        self.end = end
        self.record = record
    }

    /// Sends the next post: G_SOURCE_CONTINUE while more follow.
    @discardableResult
    func send() -> gboolean {
        guard !exchange.isFinished, next < end else {
            isDone = true
            return 0
        }
        exchange.sendChunk(Array(record(next).utf8))
        next += 1
        if next == end {
            exchange.endChunks()
            isDone = true
            return 0
        }
        return 1
    }
}
