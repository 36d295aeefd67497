/// What a fetch was doing when it failed: whom it talked to, why it stopped itself (if it
/// did), and how much body had come.
public struct FailureSite: Sendable {
    public enum Peer: Sendable {
        /// A server, as `host:port` for messages, and its host alone for DNS failures.
        case server(authority: String, host: String)
        /// A file or standard input, by its name for people.
        case file(name: String)
    }

    /// Why the fetch called itself off, when it did; a GIO cancel then means this.
    public enum Stop: Sendable {
        case cancelled
        case deadline(Duration)
        /// A live stream's body (see `BodyTap.isLive`) brought nothing for so long: its
        /// deadline is the wait between chunks, which a keep-alive resets.
        case idle(Duration)
        case connectTimeout(Duration)
        /// The server turned the request away unprocessed this many times in a row, and
        /// libsoup sent it again each time (HTTP/2 REFUSED_STREAM, or GOAWAY before the stream).
        case refusedUnprocessed(times: Int)
        /// The server challenged the request this many times in a row, each answered with the
        /// source's credentials (a Digest server that calls every nonce stale).
        case challengedAgain(times: Int)
        /// The server redirected more times than the request allows (`FetchOptions.maxRedirects`).
        case tooManyRedirects(limit: Int)
    }

    public var peer: Peer
    public var stop: Stop?
    /// Body bytes received and declared, once the body was being read.
    public var body: (received: Int, declared: Int?)?
    /// What was wrong with the server's certificate, when it was refused.
    public var certificate: CertificateProblems?
    /// Whether the response came over HTTP/2 and its body stopped coming after it began: a
    /// reset of the stream, which libsoup 3.2 does not report, looks like this.
    public var http2BodyStopped = false

    public init(_ peer: Peer, stop: Stop? = nil, body: (received: Int, declared: Int?)? = nil) {
        self.peer = peer
        self.stop = stop
        self.body = body
    }
}
