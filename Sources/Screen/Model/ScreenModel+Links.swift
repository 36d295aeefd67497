import TerminalText

/// A page's numbered links, opened as lynx and w3m open them: typing a link's number (its
/// `[L12]` mark) and Enter opens it as a detail; Tab and Shift-Tab move a link cursor, and
/// Enter opens the link it is on. `:N` (or `Ng`) goes to item or line N.
extension ScreenModel {
    /// The links the content on screen numbers: the detail's, or the focused source's when
    /// it is no list. Records and lists number none.
    var shownLinks: [String] {
        switch topPlace {
        case .detail(let detail)?: return detail.facts.main.state.content.map(renderer.links) ?? []
        case .entry(let entry)?: return entry.content.map(renderer.links) ?? []
        case .record?, .explorer?, .help?, .log?: return []
        case nil:
            guard !pane.hasItems, let content = shownContent(of: focus) else { return [] }
            return renderer.links(of: content)
        }
    }

    /// Tab and Shift-Tab on a page with links: the link cursor moves to the next or the
    /// previous link, and the page scrolls to show its mark.
    mutating func moveLinkCursor(forward: Bool, now: ContinuousClock.Instant) {
        let links = shownLinks
        guard !links.isEmpty else {
            note("this page has no links", about: shownName, now: now)
            return
        }
        let rows = contentRows
        let next = pane.linkCursor.map { ($0 + (forward ? 1 : links.count - 1)) % links.count }
            ?? linkOnScreen(first: forward, rows: rows, count: links.count) ?? (forward ? 0 : links.count - 1)
        changePane { $0.linkCursor = next }
        let mark = "[L\(next + 1)]"
        guard let line = pane.lines.firstIndex(where: { $0.contains(mark) }) else { return }
        changePane { $0.cursor.reveal(line: line, in: $0.layout(rows: rows)) }
    }

    /// The first (or last) link whose mark is on screen, as lynx starts from what is in
    /// view; nil when none is.
    private func linkOnScreen(first: Bool, rows: Int, count: Int) -> Int? {
        var cursor = pane.cursor
        cursor.clamp(to: pane.layout(rows: rows))
        let lines = pane.lines.dropFirst(cursor.scroll).prefix(rows)
        let numbers = lines.flatMap { line in
            line.split(separator: "[L", omittingEmptySubsequences: false).dropFirst().compactMap { piece in
                piece.firstIndex(of: "]").flatMap { Int(piece[..<$0]) }
            }
        }.filter { (1...count).contains($0) }
        return (first ? numbers.first : numbers.last).map { $0 - 1 }
    }

    /// `row` with the mark of the link under the link cursor in reverse video (or in `>…<`
    /// with no styling), so that the eye finds it.
    func markingLink(in row: String, of pane: Pane) -> String {
        guard let linkCursor = pane.linkCursor else { return row }
        let mark = "[L\(linkCursor + 1)]"
        guard row.contains(mark) else { return row }
        return row.replacing(mark, with: renderer.allowsStyling ? TextStyle.highlight.apply(mark, styled: true) : ">" + mark + "<")
    }

    /// Goes to item `number` of a list (from 1), or to line `number` of other content.
    mutating func jump(to number: Int, now: ContinuousClock.Instant) -> [ScreenCommand] {
        let rows = contentRows
        let before = pane.cursor.selection
        if pane.hasItems {
            let count = pane.itemLines?.count ?? 0
            if number > count { note("no item \(number): the list has \(count)", about: shownName, now: now) }
            changePane { pane in
                pane.cursor.selection = min(number, count) - 1
                pane.cursor.move(by: 0, in: pane.layout(rows: rows))
            }
        } else {
            // As less: the line at the top of the screen.
            changePane { pane in
                pane.cursor.scroll = number - 1
                pane.cursor.clamp(to: pane.layout(rows: rows))
            }
        }
        return selectionMoved(from: before)
    }
}
