internal import Loader
internal import TerminalText

/// JSON strings: found eight bytes at a time, unescaped, and made `String`s only when they
/// are valid UTF-8.
extension JSONParser.Cursor {
    /// A string, from its opening quote. Runs without escapes are copied whole, and the
    /// whole string must be valid UTF-8.
    mutating func string() throws(DecodeFailure) -> String {
        index += 1
        let start = index
        // Every byte's bits, or'ed: ASCII text, most text, needs no UTF-8 check.
        var bits: UInt8 = 0
        // The common case: no escapes, the string a run of the document's bytes.
        skipRun(&bits)
        guard index < bytes.count else { throw syntax("it ends inside a string") }
        if bytes[index] == UInt8(ascii: "\"") {
            let text = try utf8(UnsafeBufferPointer(rebasing: bytes[start..<index]), isASCII: bits < 0x80)
            index += 1
            return text
        }
        // With escapes: raw runs and decoded escapes gather as UTF-8 in the scratch
        // buffer, checked once at the end.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                let ascii = bits < 0x80
                return try scratch.withUnsafeBufferPointer { text throws(DecodeFailure) in try utf8(text, isASCII: ascii) }
            case UInt8(ascii: "\\"):
                let scalar = try escape()
                if !scalar.isASCII { bits |= 0x80 }
                UTF8Scalars.append(scalar.value, to: &scratch)
            default:
                throw syntax("a raw control character in a string")
            }
            let runStart = index
            skipRun(&bits)
            guard index < bytes.count else { throw syntax("it ends inside a string") }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        }
    }

    /// Moves past string bytes that need nothing done, up to a quote, a backslash or a
    /// control character (or the end), or'ing their bits into `bits`. Eight bytes at a time
    /// while none of the eight is one of those: a string's text is most of a document.
    @inline(__always)
    private mutating func skipRun(_ bits: inout UInt8) {
        let count = bytes.count
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            var seen: UInt64 = 0
            while index + 8 <= count {
                let word = ByteWords.load(base, at: index)
                let found = ByteWords.equal(word, UInt8(ascii: "\"")) | ByteWords.equal(word, UInt8(ascii: "\\"))
                    | ByteWords.below(word, 0x20)
                if found != 0 {
                    // Up to the byte found, which the caller deals with.
                    let position = ByteWords.first(found)
                    seen |= word & ((1 << (position << 3)) &- 1)
                    index += position
                    break
                }
                seen |= word
                index += 8
            }
            if seen & ByteWords.high != 0 { bits |= 0x80 }
        }
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return }
            bits |= byte
            index += 1
        }
    }

    private mutating func escape() throws(DecodeFailure) -> Unicode.Scalar {
        index += 1
        guard index < bytes.count else { throw syntax("it ends inside a string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hex4()
            if (0xD800..<0xDC00).contains(unit) {
                // A high surrogate must be followed by its low half.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    return "\u{FFFD}"
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { return "\u{FFFD}" }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
            }
            return Unicode.Scalar(unit) ?? "\u{FFFD}"
        default:
            index -= 1
            throw syntax("an unknown escape in a string")
        }
    }

    private mutating func hex4() throws(DecodeFailure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw syntax("it ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw syntax("a bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// `text` as a String, when it is valid UTF-8. Decoding that repairs is the standard
    /// library's fast path for a buffer (validating is generic, and costs a metadata
    /// lookup a string); text was valid exactly when nothing was repaired, which ASCII
    /// never needs.
    private func utf8(_ text: UnsafeBufferPointer<UInt8>, isASCII: Bool) throws(DecodeFailure) -> String {
        let string = String(decoding: text, as: UTF8.self)
        guard isASCII || string.utf8.elementsEqual(text) else { throw failure("is not valid UTF-8") }
        return string
    }
}
