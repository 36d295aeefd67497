/// The line being filled, and the lines handed over so far, for a `LineWrapper`.
struct Lines {
    private var bytes: [UInt8] = []
    /// The line while it is still a run of the text being wrapped, words one space apart as
    /// most text has them: handed over from there, never copied. Nil when `bytes` holds it.
    private var run: UnsafeBufferPointer<UInt8>?
    /// The columns the line takes.
    private var columns = 0
    private var taken = 0

    package mutating func reset() {
        clear()
        columns = 0
        taken = 0
    }

    /// Puts a word of `columns` columns on the line, or on a new line, when it fits within
    /// `width`; false when it is wider than a line, with the line handed over and emptied.
    /// `inText`: the word lies in the text being wrapped, for as long as the wrap lasts.
    ///
    /// As wrapping has always had it: a word put on a line of no columns replaces what the
    /// line held, which can only be words of no width.
    @inline(__always)
    package mutating func place(_ word: UnsafeBufferPointer<UInt8>, columns wordColumns: Int, width: Int, inText: Bool,
                        _ take: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        if columns > 0 && columns + 1 + wordColumns <= width {
            if let line = run {
                // The word follows the line in the text after one space: the run grows.
                let end = line.baseAddress.unsafelyUnwrapped + line.count
                if inText && end + 1 == word.baseAddress && end.pointee == 0x20 {
                    run = UnsafeBufferPointer(start: line.baseAddress, count: line.count + 1 + word.count)
                    columns += 1 + wordColumns
                    return true
                }
                bytes.append(contentsOf: line)
                run = nil
            }
            bytes.append(0x20)
            bytes.append(contentsOf: word)
            columns += 1 + wordColumns
            return true
        }
        if columns > 0 {
            handOver(take)
            columns = 0
        }
        clear()
        guard wordColumns <= width else { return false }
        start(word, columns: wordColumns, inText: inText)
        return true
    }

    /// Hands over a line that is not the one being filled: a piece of a long word.
    package mutating func emit(_ line: UnsafeBufferPointer<UInt8>, _ take: (UnsafeBufferPointer<UInt8>) -> Void) {
        taken += 1
        take(line)
    }

    /// Starts the line, empty, with `piece`: a word, or the last piece of a long one.
    package mutating func start(_ piece: UnsafeBufferPointer<UInt8>, columns pieceColumns: Int, inText: Bool) {
        clear()
        if inText {
            run = piece
        } else {
            bytes.append(contentsOf: piece)
        }
        columns = pieceColumns
    }

    /// Hands over the last line: one with columns, or the only one. A last line of no
    /// columns after others is dropped, as wrapping has always had it.
    package mutating func finish(_ take: (UnsafeBufferPointer<UInt8>) -> Void) {
        if columns > 0 || taken == 0 { handOver(take) }
        // The text is the caller's only for the wrap.
        clear()
    }

    private mutating func handOver(_ take: (UnsafeBufferPointer<UInt8>) -> Void) {
        taken += 1
        if let run { take(run) } else { bytes.withUnsafeBufferPointer(take) }
    }

    private mutating func clear() {
        run = nil
        bytes.removeAll(keepingCapacity: true)
    }
}
