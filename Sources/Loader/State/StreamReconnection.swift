/// What a resumable live stream does when one of its connections ends, as the HTML standard's
/// `EventSource` does: a stream that ended, or a connection that dropped, is opened again after
/// the server's reconnection time, asking for what came after the last event; a 204 ends it
/// for good; anything else that is not the stream (another status, another type, a deadline,
/// a cancel) ends it with that. A value, kept and asked by the source machine (`SourceMachine+Streams`).
///
/// Reconnections that bring no event are bounded, and wait longer each time (doubling), so that
/// a server that takes the connection and closes it at once is not hammered for ever.
public struct StreamReconnection: Equatable, Sendable {
    /// How a connection of the stream ended.
    public enum ConnectionEnd: Sendable {
        /// Its response ended: `status`, and whether it was the stream (2xx, its type).
        case ended(status: Int, isStream: Bool)
        /// It failed with `error`.
        case failed(LoadError)
    }

    public enum Decision: Equatable, Sendable {
        case reconnect(after: Duration)
        /// No more connections: the stream ended (a 204), or the end stands as it is.
        case end
    }

    /// The wait before reconnecting when the server named none: what browsers wait.
    public static let defaultDelay = Duration.seconds(3)
    /// The longest wait between connections, whatever the server asks (`retry:` takes up to
    /// 12 digits: 31 years), or the doubling comes to.
    public static let longestDelay = Duration.seconds(3_600)
    /// The shortest wait between connections, whatever the server asks: Firefox's floor
    /// (`MIN_RECONNECTION_TIME_VALUE`). A server that sends `retry: 0` and closes after each
    /// event got a thousand reconnections a second, a core busy; the standard lets a client
    /// wait longer than asked for.
    public static let shortestDelay = Duration.milliseconds(500)
    /// Reconnections in a row that may bring no event before the stream gives up.
    public static let fruitlessLimit = 3

    /// Reconnections in a row whose connection brought no event.
    public private(set) var fruitless = 0
    /// Reconnections decided so far.
    public private(set) var made = 0

    public init() {}

    /// The decision on a connection that ended so, having brought events or not, for a stream
    /// whose server asked for `reconnectionTime` between connections (nil: it did not say).
    public mutating func decide(_ end: ConnectionEnd, broughtEvents: Bool, reconnectionTime: Duration?) -> Decision {
        switch end {
        case .ended(let status, let isStream):
            guard status != 204, isStream else { return .end }
        case .failed(let error):
            guard Self.dropsConnection(error) else { return .end }
        }
        fruitless = broughtEvents ? 0 : fruitless + 1
        guard fruitless <= Self.fruitlessLimit else { return .end }
        made += 1
        let delay = max(reconnectionTime ?? Self.defaultDelay, Self.shortestDelay)
        return .reconnect(after: min(fruitless == 0 ? delay : delay * (1 << (fruitless - 1)), Self.longestDelay))
    }

    /// Whether `error` is a connection lost or not made, which a reconnection may mend; a
    /// stream that went silent past `--timeout`, a refusal by status, or a cancel is not.
    private static func dropsConnection(_ error: LoadError) -> Bool {
        switch error.code {
        case .connectionRefused, .connectionReset, .truncated, .network, .streamReset, .temporaryDNSFailure: true
        default: false
        }
    }
}
