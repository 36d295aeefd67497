/// Text helpers for anything headed to a terminal.
public enum TerminalText {
    /// Columns `text` occupies: wide East Asian characters and emoji take two, combining
    /// marks none.
    public static func displayWidth<S: StringProtocol>(_ text: S) -> Int {
        // Printable ASCII, which most text is, takes a column a byte: no Unicode tables needed.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        // Scalar by scalar, grouped into clusters as `Character` groups them.
        var recognizer = Unicode._CharacterRecognizer()
        var cluster = ClusterWidth()
        var columns = 0
        for scalar in text.unicodeScalars {
            let classes = ScalarClass(scalar.value)
            if recognizer.hasBreak(before: scalar) {
                if cluster.count > 0 { columns += cluster.width }
                cluster.start(scalar.value, classes)
            } else {
                cluster.extend(scalar.value, classes)
            }
        }
        return cluster.count > 0 ? columns + cluster.width : columns
    }

    static func displayWidth(of character: Character) -> Int {
        ClusterWidth.of(character)
    }

    /// Cells `text` takes on screen, not counting the CSI sequences (`ESC [ … final`) that style it.
    public static func styledWidth(_ text: String) -> Int {
        guard text.contains("\u{1B}") else { return displayWidth(text) }
        var plain = ""
        var inEscape = false
        var afterEscape = false
        for scalar in text.unicodeScalars {
            if afterEscape {
                afterEscape = false
                inEscape = scalar == "["
                continue
            }
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                afterEscape = true
                continue
            }
            plain.unicodeScalars.append(scalar)
        }
        return displayWidth(plain)
    }

    /// `text` cut to `columns` cells, ending in `…` when it was longer. For plain text: escape
    /// sequences would be counted as cells.
    public static func truncated(_ text: String, toWidth columns: Int) -> String {
        guard displayWidth(text) > columns else { return text }
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
        var wrapper = LineWrapper()
        var lines: [String] = []
        text.withUTF8 { bytes in
            wrapper.wrap(bytes, width: width, sanitising: sanitising) { lines.append(String(decoding: $0, as: UTF8.self)) }
        }
        return lines
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
