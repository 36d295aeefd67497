public import Loader
public import SampleSource

/// Route handlers that misbehave on purpose, for tests.
public enum TestRoutes {
    /// Answers `body` as `contentType` with `status`.
    public static func fixed(status: Int = 200, contentType: String = "application/json", _ body: String,
                             requests: Counter? = nil) -> SampleServer.Handler {
        let bytes = Array(body.utf8)
        return { exchange in
            requests?.increment()
            exchange.respond(status: status, contentType: contentType, body: bytes)
        }
    }

    /// Sends the request on to `location` with a 302.
    public static func redirect(to location: String) -> SampleServer.Handler {
        { exchange in
            exchange.setHeader("Location", location)
            exchange.respond(status: 302, contentType: "text/plain", text: "moved")
        }
    }

    /// Answers only after `delay`, like a slow backend.
    public static func delayed(_ delay: Duration, on loop: EventLoop, body: String, requests: Counter? = nil) -> SampleServer.Handler {
        { exchange in
            requests?.increment()
            exchange.pause()
            loop.schedule(after: delay) {
                exchange.respond(status: 200, contentType: "application/json", body: Array(body.utf8))
            }
        }
    }

    /// Answers only once the test sets `release`: a load that stays in flight exactly as long
    /// as the test needs, with no race against a clock.
    public static func held(until release: Flag, on loop: EventLoop, contentType: String = "application/json", body: String,
                            requests: Counter? = nil) -> SampleServer.Handler {
        { exchange in
            requests?.increment()
            exchange.pause()
            loop.repeating(every: .milliseconds(5)) {
                guard release.isSet else { return true }
                exchange.respond(status: 200, contentType: contentType, body: Array(body.utf8))
                return false
            }
        }
    }

    /// Starts a chunked body with `first`, then sends one more byte every `interval`,
    /// forever. `disconnected` is set when the client goes away; `chunks` counts what was sent.
    /// With `declaredLength`, the body is sent with that Content-Length instead of chunked.
    public static func drip(first: String, every interval: Duration, on loop: EventLoop, declaredLength: Int? = nil,
                            requests: Counter? = nil, disconnected: Flag? = nil, chunks: Counter? = nil) -> SampleServer.Handler {
        { exchange in
            requests?.increment()
            exchange.beginChunks(status: 200, contentType: "application/json", contentLength: declaredLength)
            exchange.sendChunk(Array(first.utf8))
            loop.repeating(every: interval) {
                if exchange.isFinished {
                    disconnected?.set()
                    return false
                }
                exchange.sendChunk(Array(" ".utf8))
                chunks?.increment()
                return true
            }
        }
    }
}

extension TestRoutes {
    /// A Server-Sent Events stream: `event(n)` (the whole text of event n, blank line and all)
    /// for n = 1, 2, … one every `interval`, the first at once, ending the body after `count`
    /// events when given, else never. A stream that ends asks for reconnections after 20 ms,
    /// and answers one (a request with `Last-Event-ID`) with 204: no more. Each `keepAlive`
    /// between events sends a comment. `disconnected` is set when the client goes away.
    public static func eventStream(every interval: Duration, on loop: EventLoop, count: Int? = nil, keepAlive: Duration? = nil,
                                   requests: Counter? = nil, disconnected: Flag? = nil,
                                   event: @escaping @Sendable (Int) -> String = { "id: \($0)\ndata: {\"i\": \($0)}\n\n" })
        -> SampleServer.Handler {
        { exchange in
            requests?.increment()
            if count != nil, exchange.requestHeader("Last-Event-ID") != nil {
                return exchange.respond(status: 204, contentType: "text/plain", text: "")
            }
            exchange.beginChunks(status: 200, contentType: "text/event-stream")
            if count != nil { exchange.sendChunk(Array("retry: 20\n".utf8)) }
            var sent = 0
            func next() -> Bool {
                if exchange.isFinished {
                    disconnected?.set()
                    return false
                }
                sent += 1
                exchange.sendChunk(Array(event(sent).utf8))
                if let count, sent >= count {
                    exchange.endChunks()
                    return false
                }
                return true
            }
            guard next() else { return }
            loop.repeating(every: interval) { next() }
            if let keepAlive {
                loop.repeating(every: keepAlive) {
                    guard !exchange.isFinished, count.map({ sent < $0 }) ?? true else { return false }
                    exchange.sendChunk(Array(": keep-alive\n".utf8))
                    return true
                }
            }
        }
    }
}

extension TestServer {
    /// A server whose list at /p?n=N holds `item(N)` (JSON) and links to `next(N)` with
    /// `Link: <…>; rel="next"`, or to nothing when that is nil: page chains that loop or leave.
    public convenience init(pageChain next: @escaping @Sendable (Int) -> String?, item: @escaping @Sendable (Int) -> String) {
        self.init { server, _ in
            server.route("/p") { exchange in
                let page = Int(exchange.query["n"] ?? "") ?? 0
                if let target = next(page) { exchange.setHeader("Link", "<\(target)>; rel=\"next\"") }
                exchange.respond(status: 200, contentType: "application/json", text: "[\(item(page))]")
            }
        }
    }
}

/// Test fixtures: small bodies in the shapes the plugins expect.
public enum Fixtures {
    /// `count` posts as a JSON array, each with a distinct title.
    public static func posts(_ count: Int, bodyLength: Int = 40) -> String {
        let ids = (1...max(count, 1)).prefix(count)
        let items = ids.map { id in
            let body = String(repeating: "b", count: bodyLength)
            return #"{"userId":1,"id":\#(id),"title":"Post number \#(id)","body":"\#(body)\nsecond line"}"#
        }
        return "[" + items.joined(separator: ",") + "]"
    }
}
