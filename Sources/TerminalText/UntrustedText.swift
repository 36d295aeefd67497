/// The one rule for text from outside loadrun on its way to a terminal.
///
/// Outside means the network (bodies, headers, reason phrases, URLs, redirects), file names
/// and paths, the sources file, plugin files and environment values. Such text must not drive
/// the terminal: no C0 control but `\n` and `\t`, no DEL, no C1 control (U+0080–U+009F, which
/// an 8-bit terminal reads as CSI, OSC, DCS…), and no bidi override or isolate, which reorder
/// what the reader sees (the "Trojan Source" trick). The implicit marks LRM, RLM and ALM are
/// legitimate in right-to-left text and pass.
///
/// Each output path picks the form it needs; all of them share `isUnsafe`.
public enum UntrustedText {
    /// Whether `scalar` can drive a terminal or reorder text. `\n` and `\t` count as safe here;
    /// the single-line forms deal with them.
    @inline(__always)
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        isUnsafe(scalar.value)
    }

    /// Whether the scalar `value` can drive a terminal or reorder text.
    @inline(__always)
    static func isUnsafe(_ value: UInt32) -> Bool {
        switch value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// What the unsafe scalar `value` shows as on a terminal: a C0 control or DEL its
    /// Control Picture (`ESC` as `␛`), anything else `�`. Every one of them is three bytes of
    /// UTF-8 and one column.
    @inline(__always)
    static func shown(_ value: UInt32) -> UInt32 {
        switch value {
        case 0x00...0x1F: 0x2400 + value
        case 0x7F: 0x2421
        // C1 controls and bidi overrides and isolates have no pictures of their own.
        default: 0xFFFD
        }
    }

    /// `text` for a terminal: C0 controls (but `\n` and `\t`) and DEL become their visible
    /// Control Pictures (`ESC` shows as `␛`, BEL as `␇`); C1 controls and bidi overrides and
    /// isolates become `�`. `\r\n` becomes `\n`.
    public static func forTerminal(_ text: String) -> String {
        guard needsWork(text) else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if !isUnsafe(scalar) {
                result.append(scalar)
            } else if scalar == "\r" && pending == "\n" {
                continue // `\r\n` becomes `\n`
            } else {
                result.append(Unicode.Scalar(shown(scalar.value)).unsafelyUnwrapped)
            }
        }
        return String(result)
    }

    /// `text` for one line of a terminal: as `forTerminal`, with line breaks and tabs turned
    /// into spaces, so a message stays one line and a column stays aligned.
    public static func forTerminalLine(_ text: String) -> String {
        let safe = forTerminal(text)
        guard safe.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 }) else { return safe }
        // Both are single bytes that no multi-byte character contains: swap them byte by byte.
        return String(decoding: safe.utf8.map { $0 == 0x0A || $0 == 0x09 ? 0x20 : $0 }, as: UTF8.self)
    }

    /// Encoded JSON with every unsafe scalar escaped as `\uXXXX`: the same data, inert on a
    /// terminal. JSON encoders escape C0 but let DEL, C1 and bidi controls through raw.
    ///
    /// Outside string literals, JSON text holds only ASCII punctuation, digits, letters and
    /// whitespace, so escaping scalars wherever they stand keeps the document valid.
    public static func forJSON(_ json: String) -> String {
        guard needsWork(json) else { return json }
        var result = String.UnicodeScalarView()
        result.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            if isUnsafe(scalar), scalar != "\r" {
                result.append(contentsOf: jsonEscape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func jsonEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A name made from outside text (a URL's last path segment, a file name): only its
    /// printable characters, so nothing invisible or controlling stands in a name that
    /// prefixes every message. Cut to `limit` characters, never inside a grapheme.
    public static func asName(_ text: String, limit: Int = 40) -> String {
        // Printable ASCII, as most names are, is kept whole: each byte a character.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return text.utf8.count <= limit ? text : String(decoding: text.utf8.prefix(limit), as: UTF8.self)
        }
        let printable = text.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: false
            case .spaceSeparator: scalar == " "
            default: !isUnsafe(scalar)
            }
        }
        return String(String(String.UnicodeScalarView(printable)).prefix(limit))
    }

    /// Whether any byte might start an unsafe scalar: a C0 control or DEL, the lead byte of
    /// U+0080–U+00BF (0xC2), or that of U+2000–U+2FFF (0xE2). Most text has none, and this
    /// scan over bytes is far cheaper than decoding scalars: eight at a time, with a look at
    /// each byte only of words that hold a candidate (newlines and tabs are candidates too).
    private static func needsWork(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = UnsafeRawPointer(bytes.baseAddress) else { return false }
            var index = 0
            while index + 8 <= bytes.count {
                let word = ByteWords.load(base, at: index)
                let candidates = ByteWords.below(word, 0x20) | ByteWords.equal(word, 0x7F) | ByteWords.equal(word, 0xC2)
                    | ByteWords.equal(word, 0xE2)
                if candidates != 0 {
                    for offset in index..<index + 8 where isUnsafeStart(bytes[offset]) { return true }
                }
                index += 8
            }
            while index < bytes.count {
                if isUnsafeStart(bytes[index]) { return true }
                index += 1
            }
            return false
        }
    }

    @inline(__always)
    private static func isUnsafeStart(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }
}
