/// The lines of a body that arrives in chunks and may never end (a live stream), split as
/// they complete, with a bound on how long one line may grow.
///
/// A line's bytes are handed over once its end is in. Where a line lies whole inside one
/// chunk they are handed straight from the chunk; only a line split across chunks is
/// gathered, into one buffer that is kept and reused, so a stream of small events costs no
/// allocation per line.
public struct StreamLines {
    /// Which bytes end a line.
    public enum Endings: Sendable {
        /// Server-Sent Events (the HTML standard's event stream): CRLF, LF, or CR alone. A CR
        /// at the end of one chunk and an LF at the start of the next are one ending.
        case eventStream
        /// JSON Lines, NDJSON and RFC 7464's json-seq: LF, and the record separator (0x1E)
        /// that starts each json-seq record. A CR before an LF stays in the line, where JSON
        /// reads it as whitespace.
        case jsonSequence
    }

    /// A line longer than the bound: the stream is cut off rather than let grow without end.
    public struct TooLong: Error, Equatable, Sendable {
        /// The bound, in bytes.
        public var limit: Int
    }

    private let endings: Endings
    private let limit: Int
    /// The start of a line whose end is not in yet.
    private var pending: [UInt8] = []
    /// A CR ended the last chunk: an LF that starts the next ends nothing more.
    private var skipsLineFeed = false

    /// Lines split at `endings`, none longer than `limit` bytes (without its ending).
    public init(endings: Endings, limit: Int) {
        self.endings = endings
        self.limit = limit
    }

    /// Whether the start of a line waits for its end.
    public var hasPartialLine: Bool { !pending.isEmpty }

    /// Splits `chunk`, handing each line it completes to `line`, in order; the bytes are valid
    /// only during the call.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer,
                              line: (UnsafeRawBufferPointer) throws(TooLong) -> Void) throws(TooLong) {
        guard !chunk.isEmpty else { return }
        let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), recordSeparator: UInt8 = 0x1E
        var start = 0
        if skipsLineFeed {
            skipsLineFeed = false
            if chunk[0] == lineFeed { start = 1 }
        }
        var index = start
        while index < chunk.count {
            let byte = chunk[index]
            let ends = switch endings {
            case .eventStream: byte == lineFeed || byte == carriageReturn
            case .jsonSequence: byte == lineFeed || byte == recordSeparator
            }
            guard ends else {
                index += 1
                continue
            }
            try hand(UnsafeRawBufferPointer(rebasing: chunk[start..<index]), to: line)
            index += 1
            if byte == carriageReturn {
                if index == chunk.count {
                    skipsLineFeed = true
                } else if chunk[index] == lineFeed {
                    index += 1
                }
            }
            start = index
        }
        if start < chunk.count {
            guard pending.count + (chunk.count - start) <= limit else { throw TooLong(limit: limit) }
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start...]))
        }
    }

    /// Hands over the last line, which no ending followed, when there is one: for a stream whose
    /// last record may end with the body (JSON Lines); an event stream drops it instead.
    public mutating func finish(line: (UnsafeRawBufferPointer) throws(TooLong) -> Void) throws(TooLong) {
        skipsLineFeed = false
        guard !pending.isEmpty else { return }
        try handPending(to: line)
    }

    /// Hands over a line whose last part is `tail`, joined to what was pending.
    private mutating func hand(_ tail: UnsafeRawBufferPointer, to line: (UnsafeRawBufferPointer) throws(TooLong) -> Void) throws(TooLong) {
        if pending.isEmpty {
            guard tail.count <= limit else { throw TooLong(limit: limit) }
            try line(tail)
            return
        }
        guard pending.count + tail.count <= limit else { throw TooLong(limit: limit) }
        pending.append(contentsOf: tail)
        try handPending(to: line)
    }

    /// Hands over the gathered line, and empties the buffer for the next.
    private mutating func handPending(to line: (UnsafeRawBufferPointer) throws(TooLong) -> Void) throws(TooLong) {
        defer { pending.removeAll(keepingCapacity: true) }
        // `withUnsafeBytes` rethrows untyped: the line's own error is carried out by hand.
        var failure: TooLong?
        pending.withUnsafeBytes { bytes in
            do throws(TooLong) { try line(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }
}
