/// Scans of ASCII text, eight bytes at a time where they can be; inlinable, as `ByteWords`
/// is, for the loops in other modules that call them.
public enum ASCIIText {
    /// Whether `bytes` are all printable ASCII, spaces, tabs and newlines: text that is safe
    /// for a terminal as it is and takes a column a byte, which is most text.
    @inlinable
    public static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
        let count = bytes.count
        var index = 0
        while index + 8 <= count {
            let word = ByteWords.load(base, at: index)
            if word & ByteWords.high != 0 { return false }
            // Controls and DEL send the eight bytes to the exact check, which lets tabs and
            // newlines through. (With no high bit set, DEL is the byte that 1 carries into it.)
            if ByteWords.below(word, 0x20) | ((word &+ ByteWords.ones) & ByteWords.high) != 0 {
                for offset in index..<index + 8 where !isPlain(bytes[offset]) { return false }
            }
            index += 8
        }
        while index < count {
            if !isPlain(bytes[index]) { return false }
            index += 1
        }
        return true
    }

    @inlinable @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A
    }

    /// The end of the word of plain text (see `isPlain`) that goes on from `start`: the
    /// first space, tab or newline after it, or the end.
    @inlinable @inline(__always)
    public static func wordEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let count = bytes.count
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while index + 8 <= count {
                // Plain text's only bytes at or below a space are the space, tab and newline.
                let found = ByteWords.below(ByteWords.load(base, at: index), 0x21)
                if found != 0 { return index + ByteWords.first(found) }
                index += 8
            }
        }
        while index < count && bytes[index] > 0x20 { index += 1 }
        return index
    }

    /// Where the line that starts at `start` ends: its first `\n` or `\r`, or the end.
    @inlinable @inline(__always)
    public static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let count = bytes.count
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while index + 8 <= count {
                let word = ByteWords.load(base, at: index)
                let found = ByteWords.equal(word, 0x0A) | ByteWords.equal(word, 0x0D)
                if found != 0 { return index + ByteWords.first(found) }
                index += 8
            }
        }
        while index < count && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
        return index
    }
}
