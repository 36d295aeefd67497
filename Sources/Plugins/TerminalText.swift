internal import Loader

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

    /// One field from outside (a title, a paragraph) as lines for a terminal: cut to
    /// `fieldLimit` characters, made safe, and wrapped to `width`.
    public static func wrapField(_ text: String, width: Int) -> [String] {
        lines(of: bounded(text), width: width, sanitising: true)
    }

    private static func lines(of text: String, width: Int, sanitising: Bool) -> [String] {
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

    /// The most characters one field (a title, a paragraph) is rendered with: past this, the
    /// rest is left out and said so, which bounds the work one hostile field can cause.
    public static let fieldLimit = 10_000

    /// `text` whole when it is within `limit` characters; otherwise its first `limit`
    /// characters, a `…`, and how much was left out. The cut falls between graphemes.
    public static func bounded(_ text: String, limit: Int = fieldLimit) -> String {
        // Fewer bytes than the limit means fewer characters too, and counting bytes is O(1).
        guard text.utf8.count > limit,
              let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
              end < text.endIndex else { return text }
        let leftOut = text.utf8.distance(from: end, to: text.endIndex)
        return text[..<end] + "… (\(ByteCount.format(leftOut)) more; --output json has it all)"
    }
}

/// SGR styling, applied only when the context allows it.
public enum TextStyle {
    case bold, dim
    /// What arrived or changed since the last reload: reverse video, which nests inside bold
    /// and dim because each style ends with its own reset, never `ESC[0m`.
    case highlight
    /// What went away since the last reload: struck through, in red.
    case removed
    /// A failure banner: white on red.
    case alert

    /// `text` in this style where the context allows styling; as it is otherwise, or when empty.
    public func apply(_ text: String, in context: RenderContext) -> String {
        guard context.allowsStyling, !text.isEmpty else { return text }
        return escapes.start + text + escapes.end
    }

    /// The SGR sequences that start and end the style.
    var escapes: (start: String, end: String) {
        switch self {
        case .bold: ("\u{1B}[1m", "\u{1B}[22m")
        case .dim: ("\u{1B}[2m", "\u{1B}[22m")
        case .highlight: ("\u{1B}[7m", "\u{1B}[27m")
        case .removed: ("\u{1B}[9;31m", "\u{1B}[29;39m")
        case .alert: ("\u{1B}[97;41m", "\u{1B}[39;49m")
        }
    }
}
