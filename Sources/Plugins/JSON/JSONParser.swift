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

    /// Parses JSON values one after another: JSON Lines / NDJSON (a value a line) or RFC 7464's
    /// json-seq (each value after an RS byte). Values must be apart: a newline or an RS between
    /// them. `maxValues` counts the values of all of them.
    public static func parseSequence(_ bytes: [UInt8], maxValues: Int = maxValues) throws(DecodeFailure) -> [JSON] {
        try bytes.withUnsafeBufferPointer { buffer throws(DecodeFailure) in
            var parser = Cursor(buffer, maxValues: maxValues)
            var values: [JSON] = []
            var apart = true
            while true {
                // Whitespace and record separators; a newline or an RS sets one value apart.
                while parser.index < buffer.count {
                    let byte = buffer[parser.index]
                    if byte == 0x0A || byte == 0x1E { apart = true } else if byte != 0x20 && byte != 0x09 && byte != 0x0D { break }
                    parser.index += 1
                }
                guard parser.index < buffer.count else { break }
                guard apart else { throw parser.syntax("text after the value on its line") }
                values.append(try parser.value(depth: 0))
                apart = false
            }
            guard !values.isEmpty else { throw DecodeFailure("is empty, not JSON") }
            return values
        }
    }

    /// The parse in progress: where it is in the bytes, and what it has gathered.
    struct Cursor {
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
