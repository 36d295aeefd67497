/// Where a renderer puts its text: kept whole for a caller that needs all of it (the
/// full-screen view lays out lines), or handed on in pieces as it grows, so a one-shot run
/// writes a 20 MB document's view without ever holding all of its text.
///
/// A renderer writes whole characters, usually whole lines; a piece handed on always ends
/// where a write ended, so it never splits a character or an escape sequence. Once the taker
/// of the pieces wants no more (stdout closed, a signal came), the sink is stopped: it drops
/// what it is given, and renderers of long documents ask `isStopped` to end early.
public final class RenderSink {
    /// What it holds as a string: everything, for a keeping sink; the next piece, for one that
    /// hands strings on.
    private var pending = ""
    /// The next piece, for a sink that hands bytes on: a renderer's many small writes cost a
    /// string append each (hundreds of instructions), a byte append little more than the copy,
    /// and the bytes go out as they are.
    private var bytes: [UInt8] = []
    /// Takes a piece, as a string or as its UTF-8; returns whether it wants more. Neither, for
    /// a keeping sink.
    private let deliver: ((String) -> Bool)?
    private let deliverBytes: (([UInt8]) -> Bool)?
    private let pieceSize: Int
    /// Bytes written so far, handed on or not.
    public private(set) var byteCount = 0
    /// Whether the taker wants no more: what is written now is dropped.
    public private(set) var isStopped = false
    /// Items a view left out (`--max-items`) where its text could not say so: the JSON view
    /// on a pipe, whose output must stay JSON. Whoever prints the text says it elsewhere.
    public private(set) var itemsLeftOut = 0

    /// Counts `count` items left out unsaid (see `itemsLeftOut`).
    public func leftOut(_ count: Int) { itemsLeftOut += count }

    /// A sink that keeps everything it is given, for `text`.
    public convenience init() {
        self.init(pieceSize: .max, deliver: nil, deliverBytes: nil)
    }

    /// A sink that hands its text to `deliver` in pieces of about `pieceSize` bytes, and the
    /// rest on `flush()`, until `deliver` returns false.
    public convenience init(pieceSize: Int = 1 << 16, deliver: @escaping (String) -> Bool) {
        self.init(pieceSize: pieceSize, deliver: deliver, deliverBytes: nil)
        pending.reserveCapacity(Self.firstCapacity(pieceSize))
    }

    /// A sink that hands its text's UTF-8 to `deliver` in pieces, as the one above does.
    public static func handingOnBytes(pieceSize: Int = 1 << 16, _ deliver: @escaping ([UInt8]) -> Bool) -> RenderSink {
        let sink = RenderSink(pieceSize: pieceSize, deliver: nil, deliverBytes: deliver)
        sink.bytes.reserveCapacity(firstCapacity(pieceSize))
        return sink
    }

    /// Room for the first piece: a page's worth, grown (doubling) when a render writes more.
    /// A whole piece up front was 68 KB, reserved and never filled, for each source of a
    /// 1,000-URL `--output json` run whose pages are 1 KB each.
    private static func firstCapacity(_ pieceSize: Int) -> Int { min(pieceSize, 4096) + 64 }

    private init(pieceSize: Int, deliver: ((String) -> Bool)?, deliverBytes: (([UInt8]) -> Bool)?) {
        self.deliver = deliver
        self.deliverBytes = deliverBytes
        self.pieceSize = pieceSize
    }

    /// A sink that keeps everything, sized for about `capacity` bytes.
    public convenience init(capacity: Int) {
        self.init()
        pending.reserveCapacity(capacity)
    }

    @inline(__always)
    public func write(_ text: String) {
        guard !isStopped else { return }
        byteCount += text.utf8.count
        if deliverBytes != nil {
            bytes.append(contentsOf: text.utf8)
            if bytes.count >= pieceSize { flush() }
        } else {
            pending += text
            if pending.utf8.count >= pieceSize { flush() }
        }
    }

    /// `text` and a line break.
    @inline(__always)
    public func writeLine(_ text: String) {
        guard !isStopped else { return }
        byteCount += text.utf8.count + 1
        if deliverBytes != nil {
            bytes.append(contentsOf: text.utf8)
            bytes.append(0x0A)
            if bytes.count >= pieceSize { flush() }
        } else {
            pending += text
            pending += "\n"
            if pending.utf8.count >= pieceSize { flush() }
        }
    }

    /// Whether `writeBytes` can take bytes that are no text: a sink that hands bytes on.
    public var takesBytes: Bool { deliverBytes != nil }

    /// Bytes as they are, which may be no UTF-8 (a body written as it came, to a pipe or a
    /// file); only for a sink that `takesBytes`.
    public func writeBytes(_ data: [UInt8]) {
        guard !isStopped, deliverBytes != nil else { return }
        byteCount += data.count
        bytes.append(contentsOf: data)
        if bytes.count >= pieceSize { flush() }
    }

    /// Hands on what is pending. A keeping sink keeps it.
    public func flush() {
        guard !isStopped else { return }
        if let deliverBytes, !bytes.isEmpty {
            var piece: [UInt8] = []
            piece.reserveCapacity(pieceSize + 4096)
            swap(&piece, &bytes)
            isStopped = !deliverBytes(piece)
        } else if let deliver, !pending.isEmpty {
            isStopped = !deliver(pending)
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Everything written to a keeping sink; what is not yet handed on, for the other kinds.
    public var text: String { deliverBytes == nil ? pending : String(decoding: bytes, as: UTF8.self) }

    /// The text `body` writes into a keeping sink.
    public static func collect(capacity: Int = 0, _ body: (RenderSink) -> Void) -> String {
        let sink = RenderSink(capacity: capacity)
        body(sink)
        return sink.text
    }
}
