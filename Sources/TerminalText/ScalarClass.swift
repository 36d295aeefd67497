/// What measuring text for a terminal asks of one Unicode scalar, answered by one lookup in a
/// table generated from Swift's own Unicode properties (`ScalarWidthTable.swift`), rather than
/// by several property queries per scalar.
package struct ScalarClass: OptionSet {
    package let rawValue: UInt32

    package static let emojiPresentation = ScalarClass(rawValue: 1)
    package static let emoji = ScalarClass(rawValue: 2)
    /// A nonspacing or enclosing mark, a format character or a control: a cluster that starts
    /// with one takes no column.
    package static let zeroWidth = ScalarClass(rawValue: 4)
    /// In one of the wide East Asian and emoji blocks `TerminalText` counts as two columns.
    package static let wide = ScalarClass(rawValue: 8)
    package static let whitespace = ScalarClass(rawValue: 16)

    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The classes of the scalar `value`: ASCII by a switch, the rest by a binary search over
    /// the table's runs.
    @inline(__always)
    package init(_ value: UInt32) {
        if value < 0x80 {
            switch value {
            case 0x09...0x0D: self = [.zeroWidth, .whitespace]
            case 0x00...0x1F, 0x7F: self = .zeroWidth
            case 0x20: self = .whitespace
            case 0x23, 0x2A, 0x30...0x39: self = .emoji
            default: self = []
            }
            return
        }
        let runs = Self.runs
        // The last run that starts at or before `value`; the first run starts at 0.
        var low = 0
        var high = runs.count
        let key = value << 5 | 0x1F
        while high - low > 1 {
            let middle = (low + high) / 2
            if runs[middle] <= key { low = middle } else { high = middle }
        }
        self.init(rawValue: runs[low] & 0x1F)
    }

    /// The classes from the scalar's properties: the definition the table is generated from
    /// (scripts/generate-width-table.swift writes the same), and what the tests check it by.
    package init(properties scalar: Unicode.Scalar) {
        let properties = scalar.properties
        var classes: ScalarClass = []
        if properties.isEmojiPresentation { classes.insert(.emojiPresentation) }
        if properties.isEmoji { classes.insert(.emoji) }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: classes.insert(.zeroWidth)
        default: break
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            classes.insert(.wide)
        default: break
        }
        if properties.isWhitespace { classes.insert(.whitespace) }
        self = classes
    }
}
