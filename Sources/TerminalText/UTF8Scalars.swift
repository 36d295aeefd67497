/// Scalars read from and written to UTF-8 bytes directly, for the text helpers' byte-level
/// passes.
package enum UTF8Scalars {
    /// The scalar that starts at `index`, and how many bytes it takes. The bytes must be
    /// valid UTF-8, as a `String`'s are: nothing is checked.
    @inline(__always)
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        let second = UInt32(bytes[index + 1] & 0x3F)
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | second, 2) }
        let third = UInt32(bytes[index + 2] & 0x3F)
        if lead < 0xF0 { return ((lead & 0x0F) << 12 | second << 6 | third, 3) }
        let fourth = UInt32(bytes[index + 3] & 0x3F)
        return ((lead & 0x07) << 18 | second << 12 | third << 6 | fourth, 4)
    }

    /// Appends the UTF-8 of the scalar `value`.
    @inline(__always)
    package static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            bytes.append(UInt8(value))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | value >> 6))
            bytes.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | value >> 12))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | value >> 18))
            bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        }
    }
}

/// Scans of ASCII text, eight bytes at a time where they can be.
package enum ASCIIText {
    /// Whether `bytes` are all printable ASCII, spaces, tabs and newlines: text that is safe
    /// for a terminal as it is and takes a column a byte, which is most text.
    package static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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

    @inline(__always)
    private static func isPlain(_ byte: UInt8) -> Bool {
        (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A
    }

    /// The end of the word of plain text (see `isPlain`) that goes on from `start`: the
    /// first space, tab or newline after it, or the end.
    @inline(__always)
    package static func wordEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
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
    @inline(__always)
    package static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
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
