import TerminalText

/// The text helpers as they were before the byte- and scalar-wise passes (commit 1b75dbd),
/// kept as the oracle the fast paths must agree with: `Character` by `Character`, with
/// Swift's property queries, one step at a time. Here so that TerminalText's tests and the
/// plugins' (the posts view is drawn over these passes) share one copy.
public enum ReferenceText {
    public static func displayWidth<S: StringProtocol>(_ text: S) -> Int {
        text.reduce(0) { $0 + displayWidth(of: $1) }
    }

    /// Width without the CSI sequences, as it was measured before the byte-wise pass: the text
    /// without its escapes, then measured.
    public static func styledWidth(_ text: String) -> Int {
        var plain = ""
        var inEscape = false
        var afterEscape = false
        for scalar in text.unicodeScalars {
            if afterEscape {
                afterEscape = false
                inEscape = scalar == "["
            } else if inEscape {
                if (0x40...0x7E).contains(scalar.value) { inEscape = false }
            } else if scalar == "\u{1B}" {
                afterEscape = true
            } else {
                plain.unicodeScalars.append(scalar)
            }
        }
        return displayWidth(plain)
    }

    public static func displayWidth(of character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        if character.unicodeScalars.contains("\u{FE0F}") && first.properties.isEmoji { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        return isWide(first) ? 2 : 1
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(width, 1)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let wordWidth = displayWidth(word)
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if wordWidth <= width {
                line = String(word)
                lineWidth = wordWidth
                continue
            }
            var start = word.startIndex
            var index = word.startIndex
            while index < word.endIndex {
                let characterWidth = displayWidth(of: word[index])
                if lineWidth + characterWidth > width && index > start {
                    lines.append(String(word[start..<index]))
                    start = index
                    lineWidth = 0
                }
                lineWidth += characterWidth
                index = word.index(after: index)
            }
            line = String(word[start...])
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    public static func forTerminal(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar.value {
            case 0x0D where pending == "\n":
                continue
            case _ where !UntrustedText.isUnsafe(scalar):
                result.append(scalar)
            case 0x00...0x1F:
                result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F:
                result.append("\u{2421}")
            default:
                result.append("\u{FFFD}")
            }
        }
        return String(result)
    }

    public static func firstLine(of body: String) -> String? {
        body.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .first { !$0.allSatisfy(\.isWhitespace) }
            .map(String.init)
    }
}
