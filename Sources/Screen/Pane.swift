/// One place the user can be in the full-screen view, a source's list or an item's detail:
/// the lines it shows, where its items start, the cursor over them and the search in them.
///
/// Going to a detail and back keeps the list's pane as it was, so selection and scroll come
/// back exactly.
package struct Pane {
    /// The content's lines as rendered, styling included.
    package private(set) var lines: [String] = []
    /// The lines as shown this cycle, with what changed highlighted; nil when plain.
    package private(set) var marked: [String]?
    /// Where each item of a list starts in `lines`; nil for content that is not a list.
    package private(set) var itemLines: [Int]?
    package var cursor = ListCursor()
    /// The search confirmed with Enter, over `lines`; kept as the content changes.
    package private(set) var search: SearchMatches?

    /// The left margin that marks the selected item, on a list.
    package static let gutterWidth = 2

    package init() {}

    /// Replaces what the pane shows; `marked` is the same lines with changes highlighted.
    package mutating func show(_ text: String, items: [Int]?, marked markedText: String? = nil) {
        lines = Self.split(text)
        itemLines = items
        marked = markedText.map(Self.split).flatMap { $0.count == lines.count ? $0 : nil }
        if let previous = search {
            // The same search over the new lines, from where its current match was.
            var matches = SearchMatches(query: previous.query, lines: lines)
            if let line = previous.currentMatch?.line { matches.moveToFirst(atOrAfter: line) }
            search = matches
        }
    }

    /// Drops this cycle's highlight of what changed.
    package mutating func clearMarks() { marked = nil }

    package var hasItems: Bool { !(itemLines ?? []).isEmpty }

    package func layout(rows: Int) -> ListCursor.PaneLayout {
        ListCursor.PaneLayout(lineCount: lines.count, itemLines: itemLines, rows: rows)
    }

    /// Searches the pane for `query` (nil or empty ends the search), moving to the first match
    /// at or below the top of the screen.
    package mutating func find(_ query: String?, rows: Int) {
        guard let query, !query.isEmpty else {
            search = nil
            return
        }
        var matches = SearchMatches(query: query, lines: lines)
        matches.moveToFirst(atOrAfter: cursor.scroll)
        search = matches
        revealCurrentMatch(rows: rows)
    }

    /// Ctrl-N and Ctrl-P: the next or previous match, shown.
    package mutating func stepSearch(forward: Bool, rows: Int) {
        guard var matches = search else { return }
        if forward { matches.next() } else { matches.previous() }
        search = matches
        revealCurrentMatch(rows: rows)
    }

    private mutating func revealCurrentMatch(rows: Int) {
        guard let matches = search, let current = matches.current else { return }
        cursor.reveal(line: matches.matches[current].line, in: layout(rows: rows))
    }

    /// The rows to draw: from the scroll position, with the selected item marked in the gutter
    /// and search matches highlighted. Content is rendered to the width already, and a row
    /// that still runs over is clipped by the terminal, whose autowrap is off.
    package func visibleRows(rows: Int, allowsStyling: Bool) -> [String] {
        // Drawn as the cursor will stand once clamped to these rows: a view changes nothing.
        var cursor = cursor
        cursor.clamp(to: layout(rows: rows))
        let source = marked ?? lines
        let start = min(cursor.scroll, source.count)
        let end = min(start + rows, source.count)
        let selected = hasItems ? cursor.selection.map { layout(rows: rows).lines(ofItem: $0) } : nil
        let gutter = hasItems ? Self.gutterWidth : 0
        var byLine: [Int: [Range<Int>]] = [:]
        var currentMatch: SearchMatches.Match?
        if let search {
            for match in search.matches where match.line >= start && match.line < end { byLine[match.line, default: []].append(match.columns) }
            currentMatch = search.current.map { search.matches[$0] }
        }
        return (start..<end).map { index in
            var line = source[index]
            if let ranges = byLine[index] {
                let current = currentMatch.flatMap { $0.line == index ? $0.columns : nil }
                line = SearchMatches.highlight(line, matches: ranges, current: current, allowsStyling: allowsStyling)
            }
            if gutter > 0 {
                let mark = selected?.contains(index) == true ? Self.selectionMark(allowsStyling) : "  "
                line = mark + line
            }
            return line
        }
    }

    /// `lines a–b of N` when the content does not fit, for the footer.
    package func position(rows: Int) -> String? {
        guard lines.count > rows else { return nil }
        let start = min(cursor.scroll, lines.count)
        return "lines \(start + 1)–\(min(start + rows, lines.count)) of \(lines.count)"
    }

    private static func selectionMark(_ allowsStyling: Bool) -> String {
        allowsStyling ? "\u{1B}[1;36m▌\u{1B}[22;39m " : "▌ "
    }

    private static func split(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
