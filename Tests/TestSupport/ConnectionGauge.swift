public import Loader
public import SampleSource
import Synchronization

/// What a server saw of its clients' concurrency: the most requests in flight at once, and the
/// distinct connections (client ports) they came on.
public final class ConnectionGauge: Sendable {
    private struct Tally {
        var inFlight = 0
        var peak = 0
        var ports: Set<Int> = []
        var answered = 0
    }
    private let tally = Mutex(Tally())

    public init() {}

    public var peakInFlight: Int { tally.withLock { $0.peak } }
    public var connections: Int { tally.withLock { $0.ports.count } }
    public var answered: Int { tally.withLock { $0.answered } }

    /// A route that holds each request for `delay` before answering with `body`, counting as
    /// it goes. Requests overlap only while held, so the peak is the client's concurrency.
    public func slowRoute(delay: Duration, body: String, loop: EventLoop) -> (ServerExchange) -> Void {
        { [self] exchange in
            tally.withLock { tally in
                tally.inFlight += 1
                tally.peak = max(tally.peak, tally.inFlight)
                if let port = exchange.remotePort { tally.ports.insert(port) }
            }
            exchange.pause()
            loop.schedule(after: delay) { [self] in
                tally.withLock { tally in
                    tally.inFlight -= 1
                    tally.answered += 1
                }
                exchange.respond(status: 200, contentType: "application/json", text: body)
            }
        }
    }
}
