import TerminalText

/// A page's numbered links, opened as lynx and w3m open them: typing a link's number (its
/// `[L12]` mark) and Enter opens it as a detail; Tab and Shift-Tab move a link cursor, and
/// Enter opens the link it is on. `:N` (or `Ng`) goes to item or line N.
extension ScreenModel {
    /// The links the content on screen numbers: the detail's, or the focused source's when
    /// it is no list. Records and lists number none.
    var shownLinks: [String] {
        guard records.isEmpty else { return [] }
        if let detail {
            return detail.facts.main.state.content.map(renderer.links) ?? []
        }
        if let entry { return entry.content.map(renderer.links) ?? [] }
        guard !pane.hasItems, let content = shownContent(of: focus) else { return [] }
        return renderer.links(of: content)
    }

    /// A key while a link's number is typed: digits add to it, Enter opens it, Esc (or
    /// Backspace past its first digit) drops it.
    mutating func typeLinkNumber(_ key: Key, now: ContinuousClock.Instant) -> [ScreenCommand] {
        guard var number = linkInput else { return [] }
        switch key {
        case .character(let digit) where digit.isASCII && digit.isNumber:
            if number.count < 6 { number.append(digit) }
            linkInput = number
        case .character("g"), .character("G"):
            // As less: a number before g goes to that line.
            linkInput = nil
            return jump(to: Int(number) ?? 1, now: now)
        case .backspace:
            number.removeLast()
            linkInput = number.isEmpty ? nil : number
        case .enter:
            linkInput = nil
            let links = shownLinks
            guard let index = Int(number), links.indices.contains(index - 1) else {
                note("no link L\(number): this page has \(links.count)", about: shownName, now: now)
                return []
            }
            return follow(links[index - 1])
        default:
            linkInput = nil
        }
        return []
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
        let next = linkCursor.map { ($0 + (forward ? 1 : links.count - 1)) % links.count }
            ?? linkOnScreen(first: forward, rows: rows, count: links.count) ?? (forward ? 0 : links.count - 1)
        linkCursor = next
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
    func markingLink(in row: String) -> String {
        guard let linkCursor, records.isEmpty, !showingHelp, !showingLog else { return row }
        let mark = "[L\(linkCursor + 1)]"
        guard row.contains(mark) else { return row }
        return row.replacing(mark, with: renderer.allowsStyling ? TextStyle.highlight.apply(mark, styled: true) : ">" + mark + "<")
    }

    /// A key while the number after `:` (or before `g` on a list) is typed: digits add to it,
    /// Enter or `g` goes, Esc drops it.
    mutating func typeJump(_ key: Key, now: ContinuousClock.Instant) -> [ScreenCommand] {
        guard var number = jumpInput else { return [] }
        switch key {
        case .character(let digit) where digit.isASCII && digit.isNumber:
            if number.count < 9 { number.append(digit) }
            jumpInput = number
        case .backspace:
            if number.isEmpty { jumpInput = nil } else { number.removeLast(); jumpInput = number }
        case .enter, .character("g"), .character("G"):
            jumpInput = nil
            guard let target = Int(number), target > 0 else {
                note("type a number to go to: :12 Enter", about: shownName, now: now)
                return []
            }
            return jump(to: target, now: now)
        default:
            jumpInput = nil
        }
        return []
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

    /// The footer while a link's number is typed.
    var linkFooter: String {
        "open link L\(linkInput ?? "")▏  of \(shownLinks.count) · Enter opens · Esc cancels"
    }
}
