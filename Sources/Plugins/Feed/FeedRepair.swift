/// Real feeds' commonest faults, mended before libxml2 reads them. libxml2 2.9 in its recover
/// mode drops every entity reference after the first error it recovers from, so one bare `&`
/// in a link would cost every `&amp;` and `&lt;` after it.
///
/// Outside CDATA sections, comments, processing instructions and the DOCTYPE, a bare `&` is
/// written `&amp;`, HTML's named entities (which feeds use without declaring them) become
/// numeric references (`&#X41;` is written with a small x), other undeclared names are kept as text, and the control bytes XML 1.0
/// forbids are left out.
enum FeedRepair {
    /// The mended bytes, whether anything was mended (the feed was not well-formed then), and
    /// how many tags it has (each `<` of markup, closing tags too; none inside a CDATA section
    /// or a comment).
    static func mended(_ body: [UInt8]) -> (bytes: [UInt8], changed: Bool, tags: Int) {
        var tags = 0
        var out: [UInt8] = []
        var copied = 0
        var index = 0
        func replace(_ count: Int, with bytes: [UInt8]) {
            if out.isEmpty { out.reserveCapacity(body.count + 64) }
            out.append(contentsOf: body[copied..<index])
            out.append(contentsOf: bytes)
            index += count
            copied = index
        }
        while index < body.count {
            let byte = body[index]
            if byte == UInt8(ascii: "<") {
                tags += 1
                index = end(ofMarkupAt: index, in: body)
            } else if byte == UInt8(ascii: "&") {
                let (length, replacement) = reference(at: index, in: body)
                if let replacement { replace(length, with: replacement) } else { index += length }
            } else if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                replace(1, with: [])
            } else {
                index = nextMarkOrReference(in: body, from: index + 1)
            }
        }
        guard copied > 0 || !out.isEmpty else { return (body, false, tags) }
        out.append(contentsOf: body[copied...])
        return (out, true, tags)
    }

    /// The first `<`, `&` or forbidden control byte from `start` on, or the end: most of a
    /// feed is text to pass over, a byte at a time without bounds checks.
    private static func nextMarkOrReference(in body: [UInt8], from start: Int) -> Int {
        body.withUnsafeBufferPointer { bytes in
            stops.withUnsafeBufferPointer { stops in
                guard let base = bytes.baseAddress else { return start }
                var index = start
                // Eight bytes at a time while none of them may stop the text; a word that may
                // (a line break looks like a control byte) is looked at byte by byte.
                while index + 8 <= bytes.count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    if mayStop(word) {
                        for offset in 0..<8 where stops[Int(bytes[index + offset])] { return index + offset }
                    }
                    index += 8
                }
                while index < bytes.count && !stops[Int(bytes[index])] { index += 1 }
                return index
            }
        }
    }

    /// Whether one of the eight bytes of `word` is `<`, `&` or below 0x20: exact for "one of
    /// them", with a word's usual bit tricks.
    private static func mayStop(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let below0x20 = (word &- ones &* 0x20) & ~word & highs != 0
        return below0x20 || hasZeroByte(word ^ (ones &* 0x3C)) || hasZeroByte(word ^ (ones &* 0x26))
    }

    /// The bytes where plain text stops: `<`, `&`, and the control bytes XML 1.0 forbids. A
    /// table, since every byte of a feed is looked at.
    private static let stops: [Bool] = (0...255).map { byte in
        byte == Int(UInt8(ascii: "<")) || byte == Int(UInt8(ascii: "&")) || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D)
    }

    /// Where the markup at `start` ends: past a CDATA section, comment, processing instruction
    /// or DOCTYPE (with its internal subset) as a whole, or just past the `<` of a tag.
    private static func end(ofMarkupAt start: Int, in body: [UInt8]) -> Int {
        // Most markup is a tag, which needs no more than a look at its second byte.
        guard start + 1 < body.count, body[start + 1] == UInt8(ascii: "!") || body[start + 1] == UInt8(ascii: "?") else {
            return start + 1
        }
        let rest = body[start...]
        for (open, close) in [("<![CDATA[", "]]>"), ("<!--", "-->"), ("<?", "?>")] where rest.starts(with: open.utf8) {
            return find(Array(close.utf8), in: body, from: start + open.utf8.count).map { $0 + close.utf8.count } ?? body.count
        }
        guard rest.starts(with: "<!DOCTYPE".utf8) else { return start + 1 }
        var depth = 0
        var index = start + 1
        while index < body.count {
            switch body[index] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0: return index + 1
            default: break
            }
            index += 1
        }
        return body.count
    }

    /// The reference at `start` (a `&`): how many bytes it takes, and what to write instead;
    /// nil when it stands as it is (a character reference, or one of XML's five).
    private static func reference(at start: Int, in body: [UInt8]) -> (length: Int, replacement: [UInt8]?) {
        var index = start + 1
        if index < body.count, body[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < body.count && (body[index] == UInt8(ascii: "x") || body[index] == UInt8(ascii: "X"))
            if hex { index += 1 }
            let digits = index
            while index < body.count, isDigit(body[index], hex: hex) { index += 1 }
            guard index > digits, index < body.count, body[index] == UInt8(ascii: ";") else { return (1, Array("&amp;".utf8)) }
            // XML writes a hexadecimal reference with a small x only; HTML, and feeds, take `&#X41;` too.
            guard hex, body[digits - 1] == UInt8(ascii: "X") else { return (index + 1 - start, nil) }
            return (index + 1 - start, Array("&#x".utf8) + body[digits...index])
        }
        let nameStart = index
        while index < body.count, index - nameStart < 32, isNameByte(body[index]) { index += 1 }
        guard index > nameStart, index < body.count, body[index] == UInt8(ascii: ";") else { return (1, Array("&amp;".utf8)) }
        let name = String(decoding: body[nameStart..<index], as: UTF8.self)
        if ["amp", "lt", "gt", "quot", "apos"].contains(name) { return (index + 1 - start, nil) }
        if let scalar = htmlEntities[name] { return (index + 1 - start, Array("&#\(scalar);".utf8)) }
        return (1, Array("&amp;".utf8))
    }

    private static func isDigit(_ byte: UInt8, hex: Bool) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (hex && ((byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)))
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// HTML's named entities that feeds use most, by their code points.
    static let htmlEntities: [String: UInt32] = [
        "nbsp": 0xA0, "iexcl": 0xA1, "cent": 0xA2, "pound": 0xA3, "yen": 0xA5, "sect": 0xA7, "copy": 0xA9, "laquo": 0xAB,
        "reg": 0xAE, "deg": 0xB0, "plusmn": 0xB1, "micro": 0xB5, "para": 0xB6, "middot": 0xB7, "raquo": 0xBB,
        "frac12": 0xBD, "iquest": 0xBF, "Agrave": 0xC0, "Aacute": 0xC1, "Auml": 0xC4, "Ccedil": 0xC7, "Eacute": 0xC9,
        "Ouml": 0xD6, "times": 0xD7, "Uuml": 0xDC, "szlig": 0xDF, "agrave": 0xE0, "aacute": 0xE1, "acirc": 0xE2,
        "auml": 0xE4, "ccedil": 0xE7, "egrave": 0xE8, "eacute": 0xE9, "ecirc": 0xEA, "iacute": 0xED, "ntilde": 0xF1,
        "oacute": 0xF3, "ouml": 0xF6, "divide": 0xF7, "uacute": 0xFA, "uuml": 0xFC, "ndash": 0x2013, "mdash": 0x2014,
        "lsquo": 0x2018, "rsquo": 0x2019, "sbquo": 0x201A, "ldquo": 0x201C, "rdquo": 0x201D, "bdquo": 0x201E,
        "bull": 0x2022, "hellip": 0x2026, "prime": 0x2032, "euro": 0x20AC, "trade": 0x2122, "larr": 0x2190,
        "rarr": 0x2192, "thinsp": 0x2009, "ensp": 0x2002, "emsp": 0x2003, "zwnj": 0x200C, "zwj": 0x200D,
    ]
}
