/// A live stream's tap that can pick up where a dropped connection left off: Server-Sent
/// Events, whose server is told the last event it sent (`Last-Event-ID`).
public protocol ResumableStream: BodyTap {
    /// The ID to resume from; empty while the stream gave none.
    var lastEventID: String { get }
    /// The server's reconnection time, once it gave one (`retry:`).
    var reconnectionTime: Duration? { get }
    /// The connection ended: what it left half read is dropped, as the standard says (an
    /// event not ended by a blank line is never dispatched). Returns whether it brought any
    /// event: a connection of comments or a `retry:` alone brought nothing.
    func connectionEnded() -> Bool
}
