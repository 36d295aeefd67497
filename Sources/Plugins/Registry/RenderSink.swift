/// Where a renderer puts its text: kept whole for a caller that needs all of it (the
/// full-screen view lays out lines), or handed on in pieces as it grows, so a one-shot run
/// writes a 20 MB document's view without ever holding all of its text.
///
/// A renderer writes whole characters, usually whole lines; a piece handed on always ends
/// where a write ended, so it never splits a character or an escape sequence. Once the taker
/// of the pieces wants no more (stdout closed, a signal came), the sink is stopped: it drops
/// what it is given, and renderers of long documents ask `isStopped` to end early.
public final class RenderSink {
    private var pending = ""
    /// Takes a piece; returns whether it wants more.
    private let deliver: ((String) -> Bool)?
    private let pieceSize: Int
    /// Bytes written so far, handed on or not.
    public private(set) var byteCount = 0
    /// Whether the taker wants no more: what is written now is dropped.
    public private(set) var isStopped = false

    /// A sink that keeps everything it is given, for `text`.
    public init() {
        deliver = nil
        pieceSize = .max
    }

    /// A sink that hands its text to `deliver` in pieces of about `pieceSize` bytes, and the
    /// rest on `flush()`, until `deliver` returns false.
    public init(pieceSize: Int = 1 << 16, deliver: @escaping (String) -> Bool) {
        self.deliver = deliver
        self.pieceSize = pieceSize
        pending.reserveCapacity(pieceSize + 4096)
    }

    /// A sink that keeps everything, sized for about `capacity` bytes.
    public convenience init(capacity: Int) {
        self.init()
        pending.reserveCapacity(capacity)
    }

    @inline(__always)
    public func write(_ text: String) {
        guard !isStopped else { return }
        pending += text
        byteCount += text.utf8.count
        if pending.utf8.count >= pieceSize { flush() }
    }

    /// `text` and a line break.
    @inline(__always)
    public func writeLine(_ text: String) {
        guard !isStopped else { return }
        pending += text
        pending += "\n"
        byteCount += text.utf8.count + 1
        if pending.utf8.count >= pieceSize { flush() }
    }

    /// Hands on what is pending. A keeping sink keeps it.
    public func flush() {
        guard let deliver, !pending.isEmpty, !isStopped else { return }
        isStopped = !deliver(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// Everything written to a keeping sink; what is not yet handed on, for the other kind.
    public var text: String { pending }

    /// The text `body` writes into a keeping sink.
    public static func collect(capacity: Int = 0, _ body: (RenderSink) -> Void) -> String {
        let sink = RenderSink(capacity: capacity)
        body(sink)
        return sink.text
    }
}
