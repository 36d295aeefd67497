import LoadCore
import TerminalText

/// The explorer's rows as text: jq's look (two spaces a level, keys, commas, closing
/// brackets), a folded container by its size (`"users": [10 items]`), jq's colours when
/// styling is allowed, the gutter the lists have (the cursor's `▌`, or the sign of a change),
/// and what changed marked as the lists mark it.
///
/// The indent is never capped. When the cursor's row starts too far right, the view moves
/// sideways by whole levels: the rows it moved past mark it (`‹`), and a row shallower than
/// the view's left edge is drawn at it with its depth said (`‹12`), never laid over another.
extension JSONExplorer {
    /// The rows to draw, `height` of them at most, `width` columns wide with the gutter.
    package func visibleRows(height: Int, width: Int, styled: Bool) -> [String] {
        var explorer = self
        explorer.follow(height: height)
        let start = min(explorer.scroll, rows.count)
        let shift = sideways(width: width)
        return (start..<min(start + height, rows.count)).map { explorer.text(ofRow: $0, width: width, shift: shift, styled: styled) }
    }

    /// The columns the view is moved sideways by, so that the cursor's row keeps 30 columns for
    /// its key and value: whole levels (two columns each), none while it fits.
    func sideways(width: Int) -> Int {
        let room = width - Self.gutterWidth
        let indent = 2 * outline.depth(of: cursorNode)
        guard indent > room - 30 else { return 0 }
        let shift = indent - room / 3
        return max(shift - shift % 2, 0)
    }

    static let gutterWidth = 2

    private func text(ofRow row: Int, width: Int, shift: Int, styled: Bool) -> String {
        let code = Int(rows[row])
        let room = width - Self.gutterWidth
        if code < 0, let changes {
            let ghost = changes.ghosts[-code - 1]
            let depth = outline.depth(of: ghost.parent) + 1
            let lead = indent(depth: depth, shift: shift, styled: styled)
            let key = ghost.key.map { JSONText.quoted($0) + ": " } ?? ""
            let body = TerminalText.truncated(key + ghost.summary, toWidth: max(room - lead.width, 1))
            return "- " + lead.text + TextStyle.removed.apply(body, styled: styled)
        }
        let node = code / 2
        let closing = code % 2 == 1
        let depth = outline.depth(of: node)
        let (value, key) = outline.value(of: node)
        let lead = indent(depth: depth, shift: shift, styled: styled)
        let comma = outline.isLast(node) ? "" : ","
        var line: String
        if closing {
            line = Palette.plain(value.isObject ? "}" : "]") + comma
        } else {
            var used = lead.width
            var keyText = ""
            if let key {
                let literal = TerminalText.truncated(JSONText.quoted(key), toWidth: max(room / 2, 8))
                keyText = Palette.key.apply(literal, styled: styled) + ": "
                used += TerminalText.displayWidth(literal) + 2
            }
            let body: String
            switch value {
            case .array(let items) where !items.isEmpty:
                body = isOpen(node) ? "[" : Palette.size.apply("[\(items.count) \(items.count == 1 ? "item" : "items")]", styled: styled) + comma
            case .object(let members) where !members.isEmpty:
                body = isOpen(node) ? "{" : Palette.size.apply("{\(members.count) \(members.count == 1 ? "key" : "keys")}", styled: styled) + comma
            default:
                let literal = JSONChanges.summary(of: value)
                let cut = TerminalText.truncated(literal, toWidth: max(room - used - comma.count, 1))
                body = Palette.of(value).apply(matching(cut, styled: styled), styled: styled) + comma
            }
            line = keyText + body
        }
        line = mark(line, node: node, closing: closing, styled: styled)
        return gutter(row: row, node: node, closing: closing, styled: styled) + lead.text + line
    }

    /// The indent of a row `depth` levels down, moved `shift` columns left: a row it moved
    /// past starts with `‹`, and one shallower than the shift says its depth instead.
    private func indent(depth: Int, shift: Int, styled: Bool) -> (text: String, width: Int) {
        let columns = 2 * depth - shift
        guard shift > 0 else { return (String(repeating: " ", count: columns), columns) }
        if columns < 2 {
            let said = "‹\(depth) "
            return (TextStyle.dim.apply(said, styled: styled), said.count)
        }
        return (TextStyle.dim.apply("‹", styled: styled) + String(repeating: " ", count: columns - 1), columns)
    }

    /// The gutter: the cursor's mark, else the sign of the row's change.
    private func gutter(row: Int, node: Int, closing: Bool, styled: Bool) -> String {
        if row == cursor { return (styled ? "\u{1B}[1;36m▌\u{1B}[22;39m" : "▌") + " " }
        guard let kind = changeKind(of: node, closing: closing) else { return "  " }
        return kind.sign + " "
    }

    /// How the row's value changed: itself, or (folded) something inside it.
    private func changeKind(of node: Int, closing: Bool) -> (sign: String, style: TextStyle)? {
        guard let changes, !closing else { return nil }
        if changes.added.contains(node) { return ("+", .highlight) }
        if changes.changed.contains(node) { return ("~", .changed) }
        if !isOpen(node), changes.marks(within: node, end: outline.end(of: node)) { return ("~", .changed) }
        return nil
    }

    private func mark(_ line: String, node: Int, closing: Bool, styled: Bool) -> String {
        guard let kind = changeKind(of: node, closing: closing) else { return line }
        return kind.style.apply(line, styled: styled)
    }

    /// `text` with the search's match in reverse video.
    private func matching(_ text: String, styled: Bool) -> String {
        guard styled, let query = search?.query, !query.isEmpty, let range = JSONSearch.range(of: query, in: text) else { return text }
        return String(text[..<range.lowerBound]) + TextStyle.highlight.apply(String(text[range]), styled: true) + String(text[range.upperBound...])
    }

    /// jq's colours for JSON, as the JSON plugin's view has them, each ending with its own reset.
    enum Palette {
        case key, string, number, boolean, null, size

        static func of(_ value: JSON) -> Palette {
            switch value {
            case .string: .string
            case .number: .number
            case .bool: .boolean
            case .null: .null
            case .array, .object: .size
            }
        }

        static func plain(_ text: String) -> String { text }

        func apply(_ text: String, styled: Bool) -> String {
            guard styled else { return text }
            switch self {
            case .key: return "\u{1B}[1;34m\(text)\u{1B}[22;39m"
            case .string: return "\u{1B}[32m\(text)\u{1B}[39m"
            case .number: return "\u{1B}[36m\(text)\u{1B}[39m"
            case .boolean: return "\u{1B}[33m\(text)\u{1B}[39m"
            case .null, .size: return "\u{1B}[90m\(text)\u{1B}[39m"
            }
        }
    }
}

extension JSON {
    var isObject: Bool { if case .object = self { true } else { false } }
}
