public import Loader

/// A strict RFC 8259 parser over bytes, into `JSON`, with limits that keep a hostile document
/// from exhausting the stack or memory: a nesting depth and a count of values. Errors say
/// where, by line and column.
public struct JSONParser {
    /// The deepest nesting taken: far beyond any real API, and far from the stack's end.
    public static let maxDepth = 512
    /// The most values a document may hold: real documents of the size cap stay well under it
    /// (20 MB of posts is about 350,000), while ten million tiny items would take gigabytes.
    public static let maxValues = 4_000_000

    /// Parses a whole document: one value, with only whitespace around it. `maxValues` is
    /// the limit on values (a test sets a small one).
    public static func parse(_ bytes: [UInt8], maxValues: Int = maxValues) throws(DecodeFailure) -> JSON {
        try bytes.withUnsafeBufferPointer { buffer throws(DecodeFailure) in
            var parser = Cursor(buffer, maxValues: maxValues)
            parser.skipWhitespace()
            guard parser.index < buffer.count else { throw DecodeFailure("is empty, not JSON") }
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw parser.syntax("text after the value") }
            return value
        }
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        let maxValues: Int
        var values = 0
        /// Members and items of the containers still open, innermost last. Each container is
        /// gathered here and copied out at its close into an array of exactly its size: grown
        /// by appending, every small object would keep up to twice the room it needs.
        var openMembers: [JSON.Member] = []
        var openItems: [JSON] = []
        /// A string with escapes, as it is decoded: one buffer for all of them.
        var scratch: [UInt8] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>, maxValues: Int) {
            self.bytes = bytes
            self.maxValues = maxValues
        }

        mutating func value(depth: Int) throws(DecodeFailure) -> JSON {
            values += 1
            guard values <= maxValues else {
                throw DecodeFailure("holds more than \(maxValues) JSON values", suggestion: "ask the server for less, a page at a time")
            }
            guard index < bytes.count else { throw syntax("it ends where a value should be") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw syntax("an unexpected character")
            }
        }

        private mutating func object(depth: Int) throws(DecodeFailure) -> JSON {
            try checkDepth(depth)
            index += 1
            skipWhitespace()
            if peek == UInt8(ascii: "}") { index += 1; return .object([]) }
            let base = openMembers.count
            // A failure throws out of the whole parse, so only success needs to close up.
            while true {
                skipWhitespace()
                guard peek == UInt8(ascii: "\"") else { throw syntax("an object key that is not a string") }
                let key = try string()
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else { throw syntax("no ':' after an object key") }
                index += 1
                skipWhitespace()
                let member = JSON.Member(key, try value(depth: depth))
                openMembers.append(member)
                skipWhitespace()
                switch peek {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return .object(Self.close(&openMembers, from: base))
                default: throw syntax("no ',' or '}' in an object")
                }
            }
        }

        private mutating func array(depth: Int) throws(DecodeFailure) -> JSON {
            try checkDepth(depth)
            index += 1
            skipWhitespace()
            if peek == UInt8(ascii: "]") { index += 1; return .array([]) }
            let base = openItems.count
            while true {
                skipWhitespace()
                let item = try value(depth: depth)
                openItems.append(item)
                skipWhitespace()
                switch peek {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return .array(Self.close(&openItems, from: base))
                default: throw syntax("no ',' or ']' in an array")
                }
            }
        }

        /// The container opened at `base`: its elements copied into an array of their own,
        /// and taken off the open ones. Copied through a pointer, because an array made from
        /// a slice of the whole would share the open ones' storage, and its room.
        private static func close<Element>(_ open: inout [Element], from base: Int) -> [Element] {
            let closed = open.withUnsafeBufferPointer { Array($0[base...]) }
            open.removeSubrange(base...)
            return closed
        }

        private func checkDepth(_ depth: Int) throws(DecodeFailure) {
            guard depth <= JSONParser.maxDepth else {
                throw failure("is JSON nested deeper than \(JSONParser.maxDepth) levels")
            }
        }

        /// A string, from its opening quote. Runs without escapes are copied whole, and the
        /// whole string must be valid UTF-8.
        private mutating func string() throws(DecodeFailure) -> String {
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

        private mutating func number() throws(DecodeFailure) -> String {
            let start = index
            if peek == UInt8(ascii: "-") { index += 1 }
            guard let first = peek, isDigit(first) else { throw syntax("a malformed number") }
            index += 1
            if first != UInt8(ascii: "0") { skipDigits() }
            if peek == UInt8(ascii: ".") {
                index += 1
                guard let next = peek, isDigit(next) else { throw syntax("a malformed number") }
                skipDigits()
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                index += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
                guard let next = peek, isDigit(next) else { throw syntax("a malformed number") }
                skipDigits()
            }
            // ASCII by construction.
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        private mutating func literal(_ word: StaticString) throws(DecodeFailure) {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
                throw syntax("an unexpected character")
            }
            index += expected.count
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

        private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        private mutating func skipDigits() {
            while let byte = peek, isDigit(byte) { index += 1 }
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        /// "is not valid JSON (it ends inside a string, at line 3, column 7)".
        func syntax(_ what: String) -> DecodeFailure {
            DecodeFailure("is not valid JSON (\(what), \(place))")
        }

        /// "is JSON nested deeper than 512 levels (at line 1, column 513)".
        func failure(_ what: String) -> DecodeFailure {
            DecodeFailure("\(what) (\(place))")
        }

        /// Where the parse stopped, counted as people count.
        private var place: String {
            var line = 1
            var lineStart = 0
            for position in 0..<min(index, bytes.count) where bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            return "at line \(line), column \(index - lineStart + 1)"
        }
    }
}
