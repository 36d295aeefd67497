/// Where a renderer puts its text: kept whole for a caller that needs all of it (the
/// full-screen view lays out lines), or handed on in pieces as it grows, so a one-shot run
/// writes a 20 MB document's view without ever holding all of its text.
///
/// A renderer writes whole characters, usually whole lines; a piece handed on always ends
/// where a write ended, so it never splits a character or an escape sequence.
public final class RenderSink {
    private var pending = ""
    private let deliver: ((String) -> Void)?
    private let pieceSize: Int
    /// Whether anything has been written, handed on or not.
    public private(set) var isEmpty = true

    /// A sink that keeps everything it is given, for `text`.
    public init() {
        deliver = nil
        pieceSize = .max
    }

    /// A sink that hands its text to `deliver` in pieces of about `pieceSize` bytes, and the
    /// rest on `flush()`.
    public init(pieceSize: Int = 1 << 16, deliver: @escaping (String) -> Void) {
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
        pending += text
        isEmpty = isEmpty && text.isEmpty
        if pending.utf8.count >= pieceSize { flush() }
    }

    /// `text` and a line break.
    @inline(__always)
    public func writeLine(_ text: String) {
        pending += text
        pending += "\n"
        isEmpty = false
        if pending.utf8.count >= pieceSize { flush() }
    }

    /// Hands on what is pending. A keeping sink keeps it.
    public func flush() {
        guard let deliver, !pending.isEmpty else { return }
        deliver(pending)
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
