public import SampleSource
import Synchronization

/// A posts endpoint for watch tests whose behaviour the test changes while loadrun runs, and
/// which counts what it answered.
public final class WatchedBackend: Sendable {
    /// How it validates.
    public enum Validation: Sendable {
        /// A strong ETag from the content, and 304 when the client's matches.
        case honest
        /// A new ETag on every response, and never a 304.
        case changingETag
        /// No validators at all.
        case none
    }

    public struct Tally: Sendable, Equatable {
        public var requests = 0
        public var notModified = 0
        public var failures = 0
        /// Body bytes sent in 200 responses.
        public var bodyBytes = 0
        /// Requests that carried If-None-Match.
        public var conditional = 0
    }

    private struct State {
        var posts = 3
        var failing = false
        var alternating = false
        var validation = Validation.honest
        var tally = Tally()
    }

    private let state = Mutex(State())

    public init() {}

    public var tally: Tally { state.withLock { $0.tally } }

    /// Serve `count` posts from now on.
    public func setPosts(_ count: Int) { state.withLock { $0.posts = count } }
    /// Answer 503 to everything from now on, or stop.
    public func setFailing(_ failing: Bool) { state.withLock { $0.failing = failing } }
    /// Answer 200 and 503 in turn, starting with 200.
    public func setAlternating(_ alternating: Bool) { state.withLock { $0.alternating = alternating } }
    public func setValidation(_ validation: Validation) { state.withLock { $0.validation = validation } }

    /// The route's handler.
    public func handler() -> SampleServer.Handler {
        { [self] exchange in
            let (posts, fails, validation, number) = state.withLock { state in
                state.tally.requests += 1
                if exchange.requestHeader("If-None-Match") != nil { state.tally.conditional += 1 }
                let fails = state.failing || (state.alternating && state.tally.requests % 2 == 0)
                if fails { state.tally.failures += 1 }
                return (state.posts, fails, state.validation, state.tally.requests)
            }
            if fails { return exchange.respond(status: 503, text: "") }
            let body = Array(Fixtures.posts(posts).utf8)
            switch validation {
            case .honest:
                exchange.respondCacheable(contentType: "application/json", body: body)
                let sentBody = exchange.status == 200
                state.withLock { state in
                    if sentBody { state.tally.bodyBytes += body.count } else { state.tally.notModified += 1 }
                }
            case .changingETag:
                exchange.setHeader("ETag", "\"v\(number)\"")
                exchange.respond(status: 200, contentType: "application/json", body: body)
                state.withLock { $0.tally.bodyBytes += body.count }
            case .none:
                exchange.respond(status: 200, contentType: "application/json", body: body)
                state.withLock { $0.tally.bodyBytes += body.count }
            }
        }
    }
}

extension TestServer {
    /// A server with `backend` at /posts, answering after `delay`; `arrivals` counts requests
    /// as they come, before any delay.
    public convenience init(serving backend: WatchedBackend, delay: Duration? = nil, arrivals: Counter? = nil) {
        self.init { server, loop in
            let handler = backend.handler()
            server.route("/posts") { exchange in
                arrivals?.increment()
                guard let delay else { return handler(exchange) }
                exchange.pause()
                loop.schedule(after: delay) { handler(exchange) }
            }
        }
    }
}
