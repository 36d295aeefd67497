/// When a request's steps ended, each from its start, as curl's `-w` times them: the name
/// looked up, the connection made, TLS agreed, the first byte of the response, the whole.
/// A step the request did not take (a connection kept from an earlier one) is nil.
public struct RequestTimings: Sendable, Equatable {
    /// `time_namelookup`.
    public var nameLookedUp: Duration?
    /// `time_connect`: the TCP connection made.
    public var connected: Duration?
    /// `time_appconnect`: the TLS handshake done.
    public var tlsDone: Duration?
    /// `time_starttransfer`: the first byte of the response.
    public var firstByte: Duration?
    /// `time_total`.
    public var total: Duration

    public init(nameLookedUp: Duration? = nil, connected: Duration? = nil, tlsDone: Duration? = nil, firstByte: Duration? = nil,
                total: Duration) {
        self.nameLookedUp = nameLookedUp
        self.connected = connected
        self.tlsDone = tlsDone
        self.firstByte = firstByte
        self.total = total
    }

    /// The steps as durations of their own, for NDJSON: each from the end of the one before
    /// it that was taken, in milliseconds; nil for a step not taken.
    public var phases: (dns: Double?, connect: Double?, tls: Double?, firstByte: Double?, total: Double) {
        func milliseconds(_ duration: Duration) -> Double {
            let (seconds, attoseconds) = duration.components
            return (Double(seconds) * 1000 + Double(attoseconds) / 1e15 * 1000 / 1000).rounded(toPlaces: 3)
        }
        var last = Duration.zero
        func phase(_ end: Duration?) -> Double? {
            guard let end else { return nil }
            defer { last = end }
            return milliseconds(max(.zero, end - last))
        }
        return (phase(nameLookedUp), phase(connected), phase(tlsDone), phase(firstByte), milliseconds(total))
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
