public import SampleSource
import Synchronization

/// A JSON document the test changes while loadrun watches it, answered 200 with no
/// validators, which counts the requests it answered: a load that reads the new body is
/// counted after `set` returns.
public final class ChangingDocument: Sendable {
    private struct State {
        var body: String
        var requests = 0
    }

    private let state: Mutex<State>

    public init(_ body: String) { state = Mutex(State(body: body)) }

    /// Serve `body` from now on; returns how many requests had been answered before.
    @discardableResult
    public func set(_ body: String) -> Int { state.withLock { $0.body = body; return $0.requests } }

    /// Requests answered so far.
    public var requests: Int { state.withLock { $0.requests } }

    /// The route's handler.
    public func handler() -> SampleServer.Handler {
        { [self] exchange in
            let body = state.withLock { state in
                state.requests += 1
                return state.body
            }
            exchange.respond(status: 200, contentType: "application/json", body: Array(body.utf8))
        }
    }
}
