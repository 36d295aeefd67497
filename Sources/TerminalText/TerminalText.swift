/// Text helpers for anything headed to a terminal.
public enum TerminalText {
    /// Columns `text` occupies: wide East Asian characters and emoji take two, combining
    /// marks none.
    public static func displayWidth<S: StringProtocol>(_ text: S) -> Int {
        // Printable ASCII, which most text is, takes a column a byte: no Unicode tables needed.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return width(ofScalars: text.unicodeScalars)
    }

    /// `displayWidth` of a `String`: the generic one, called from another module, would walk
    /// the text through `StringProtocol`'s witnesses.
    public static func displayWidth(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return width(ofScalars: text.unicodeScalars)
    }

    /// Columns of these scalars, grouped into clusters as `Character` groups them.
    private static func width<Scalars: Sequence<Unicode.Scalar>>(ofScalars scalars: Scalars) -> Int {
        var recognizer = Unicode._CharacterRecognizer()
        var cluster = ClusterWidth()
        var columns = 0
        var afterPlain = false
        for scalar in scalars {
            let classes = ScalarClass(scalar.value)
            // A plain scalar after a plain one always starts a cluster, and leaves the recognizer
            // as the one before it did: no need to ask it, which is the slow part.
            let isPlain = isPlain(scalar.value)
            defer { afterPlain = isPlain }
            if isPlain && afterPlain {
                columns += cluster.width
                cluster.start(scalar.value, classes)
            } else if recognizer.hasBreak(before: scalar) {
                if cluster.count > 0 { columns += cluster.width }
                cluster.start(scalar.value, classes)
            } else {
                cluster.extend(scalar.value, classes)
            }
        }
        return cluster.count > 0 ? columns + cluster.width : columns
    }

    /// Whether a cluster boundary comes before and after `value` whenever its neighbours are
    /// such scalars too: grapheme break property Other, and neither pictographic nor emoji.
    /// Printable ASCII, Latin-1's letters and signs, general punctuation (`–`, `…`, `•`) and
    /// box drawing (`─`, `▌`): what the screen's own lines are made of.
    @inline(__always)
    private static func isPlain(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0xA8, 0xAA...0xAC, 0xAF...0xFF, 0x2010...0x2027, 0x2500...0x259F: true
        default: false
        }
    }

    static func displayWidth(of character: Character) -> Int {
        ClusterWidth.of(character)
    }

    /// Cells `text` takes on screen, not counting the CSI sequences (`ESC [ … final`) that style it.
    public static func styledWidth(_ text: String) -> Int {
        // The screen asks this of every row of every frame. Every byte of an escape sequence is
        // ASCII, so a styled row of printable ASCII is counted byte by byte, building nothing.
        var columns = 0
        var afterEscape = false
        var inEscape = false
        for byte in text.utf8 {
            if afterEscape {
                afterEscape = false
                inEscape = byte == UInt8(ascii: "[")
                if byte < 0x80 { continue }
                return width(ofScalars: UnstyledScalars(text.unicodeScalars.makeIterator()))
            }
            if inEscape {
                if byte >= 0x40 && byte <= 0x7E { inEscape = false }
                continue
            }
            if byte == 0x1B {
                afterEscape = true
            } else if byte >= 0x20 && byte < 0x7F {
                columns += 1
            } else {
                // Not printable ASCII: measured as `Character` groups it, escapes left out.
                return width(ofScalars: UnstyledScalars(text.unicodeScalars.makeIterator()))
            }
        }
        return columns
    }

    /// The scalars of a text without its escape sequences: ESC and the scalar after it, and when
    /// that is `[`, everything up to the sequence's final byte.
    private struct UnstyledScalars: Sequence, IteratorProtocol {
        var scalars: String.UnicodeScalarView.Iterator

        init(_ scalars: String.UnicodeScalarView.Iterator) {
            self.scalars = scalars
        }

        mutating func next() -> Unicode.Scalar? {
            while let scalar = scalars.next() {
                guard scalar == "\u{1B}" else { return scalar }
                guard scalars.next() == "[" else { continue }
                while let inSequence = scalars.next(), !(0x40...0x7E).contains(inSequence.value) {}
            }
            return nil
        }
    }

    /// Whether `text` fits in `columns` for certain, without measuring it: no cluster takes more
    /// columns than it has UTF-8 bytes (a wide character has three or four), and styles take
    /// none. A frame's rows mostly fit, so this spares measuring them on every frame.
    @inlinable
    public static func certainlyFits(_ text: String, in columns: Int) -> Bool {
        text.utf8.count <= columns
    }

    /// `text` cut to `columns` cells, ending in `…` when it was longer. For plain text: escape
    /// sequences would be counted as cells.
    public static func truncated(_ text: String, toWidth columns: Int) -> String {
        guard !certainlyFits(text, in: columns), displayWidth(text) > columns else { return text }
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return String(decoding: text.utf8.prefix(max(columns - 1, 0)), as: UTF8.self) + "…"
        }
        var result = ""
        var used = 0
        for character in text {
            let next = used + displayWidth(String(character))
            if next > max(columns - 1, 0) { break }
            result.append(character)
            used = next
        }
        return result + "…"
    }

    /// Breaks one paragraph into lines of at most `width` columns, at spaces where it can and
    /// inside a word only when the word alone is wider than a line. Runs of whitespace,
    /// including newlines and tabs, collapse to one space.
    ///
    /// Linear in the length of the text: each character's width is measured once, however
    /// long a word runs (a hostile one-word title of a megabyte included).
    public static func wrap(_ text: String, width: Int) -> [String] {
        lines(of: text, width: width, sanitising: false)
    }

    /// `text` wrapped to `width`, made safe on the way when `sanitising`.
    package static func lines(of text: String, width: Int, sanitising: Bool) -> [String] {
        var text = text
        // Printable ASCII words, one space apart, that fit: the one line is the text itself
        // (a list's titles mostly are; no copy is made of them).
        if text.withUTF8({ fitsAsItIs($0, width: width) }) { return [text] }
        var wrapper = LineWrapper()
        var lines: [String] = []
        text.withUTF8 { bytes in
            wrapper.wrap(bytes, width: width, sanitising: sanitising) { lines.append(String(decoding: $0, as: UTF8.self)) }
        }
        return lines
    }

    /// Whether `bytes` are words of printable ASCII one space apart, with none at either end,
    /// no more than `width` of them: what wrapping gives back as its one line, unchanged.
    static func fitsAsItIs(_ bytes: UnsafeBufferPointer<UInt8>, width: Int) -> Bool {
        guard !bytes.isEmpty, bytes.count <= max(width, 1) else { return false }
        var afterSpace = true
        for byte in bytes {
            if byte == 0x20 {
                if afterSpace { return false }
                afterSpace = true
            } else if byte < 0x21 || byte > 0x7E {
                return false
            } else {
                afterSpace = false
            }
        }
        return !afterSpace
    }

    /// `line` with each tab turned into spaces up to the next of every eight columns.
    public static func expandingTabs(_ line: String) -> String {
        guard line.contains("\t") else { return line }
        var expanded = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = 8 - column % 8
                expanded += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                expanded.append(character)
                column += displayWidth(of: character)
            }
        }
        return expanded
    }
}
