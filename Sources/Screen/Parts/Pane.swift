import TerminalText

/// One place the user can be in the full-screen view, a source's list or an item's detail:
/// the lines it shows, where its items start, the cursor over them and the search in them.
///
/// Going to a detail and back keeps the list's pane as it was, so selection and scroll come
/// back exactly.
package struct Pane {
    /// What the pane marks as changed since the content before, until the next change.
    package enum Changes: Equatable {
        /// Content that is not a list: the same lines, those that changed highlighted.
        case lines([String])
        /// A list: its items marked by how they changed, the removed ones put back.
        case items(MarkedLines)
    }

    /// The content's lines as rendered, styling included, and where each item starts (nil for
    /// content that is not a list): the plain rendering, without the marks of what changed.
    private var plain: (lines: [String], itemLines: [Int]?, itemsEnd: Int?) = ([], nil, nil)
    /// Each item's key (its id, or its position), for the selection to stay on its item as
    /// the content changes; nil when the items have none.
    package private(set) var keys: [String]?
    package private(set) var changes: Changes?
    package var cursor = ListCursor()
    /// Whether the gutter is kept when there are no items to select: a detail keeps it, so
    /// that Tab into its related lists does not shift its text.
    package var keepsGutter = false
    /// The search confirmed with Enter, over `lines`; kept as the content changes.
    package private(set) var search: SearchMatches?
    /// The search being typed after `/`, over `lines`, as of its last key; kept as the content
    /// changes.
    package private(set) var typing: SearchMatches?
    /// `lines` as searched, made at the first search over them and kept until they change:
    /// one scan of the text per content shown, not per key.
    private var index: SearchIndex?

    /// The left margin of a list: the selection mark, or the sign of the item's change.
    package static let gutterWidth = 2

    package init() {}

    /// The lines shown: the removed items' among them while a list's changes are marked.
    package var lines: [String] {
        if case .items(let marked) = changes { return marked.lines }
        return plain.lines
    }

    /// Where each item shown starts in `lines`; nil for content that is not a list.
    package var itemLines: [Int]? {
        if case .items(let marked) = changes { return marked.itemLines }
        return plain.itemLines
    }

    /// The line of `lines` the items end on; nil for their end.
    private var itemsEnd: Int? {
        if case .items(let marked) = changes { return marked.itemsEnd }
        return plain.itemsEnd
    }

    /// Replaces what the pane shows, with `changes` marked. The selection stays on its item
    /// (by key) where it stood on screen; by position when the items have no keys or the
    /// item is gone.
    package mutating func show(_ text: String, items: [Int]?, keys newKeys: [String]? = nil, itemsEnd: Int? = nil, changes newChanges: Changes? = nil) {
        let selectedKey = cursor.selection.flatMap { selection in keys.flatMap { $0.indices.contains(selection) ? $0[selection] : nil } }
        let offset = selectedOffset
        plain = (Self.split(text), items, itemsEnd)
        keys = newKeys.flatMap { $0.count == items?.count ? $0 : nil }
        changes = newChanges.flatMap { changes in
            if case .lines(let highlighted) = changes, highlighted.count != plain.lines.count { return nil }
            return changes
        }
        if let selectedKey, let index = keys?.firstIndex(of: selectedKey) { cursor.selection = index }
        keepSelected(at: offset)
        index = nil
        refreshSearch()
    }

    /// Drops the marks of what changed, the selected item staying where it stands on screen.
    package mutating func clearMarks() {
        guard changes != nil else { return }
        let offset = selectedOffset
        changes = nil
        keepSelected(at: offset)
        index = nil
        refreshSearch()
    }

    /// How far below the top of the screen the selected item starts.
    private var selectedOffset: Int? {
        guard let selection = cursor.selection, let itemLines, itemLines.indices.contains(selection) else { return nil }
        return itemLines[selection] - cursor.scroll
    }

    /// Scrolls so that the selected item starts `offset` rows below the top, as it did.
    private mutating func keepSelected(at offset: Int?) {
        guard let offset, let selection = cursor.selection, let itemLines, itemLines.indices.contains(selection) else { return }
        cursor.scroll = max(itemLines[selection] - offset, 0)
    }

    /// The same searches over the lines now shown, the confirmed one from where its current
    /// match was; the one being typed goes on a slice at a time.
    private mutating func refreshSearch() {
        if let typing { type(typing.query, narrowing: false) }
        guard let previous = search else { return }
        var matches = completeSearch(previous.query)
        if let current = previous.current { matches.moveToFirst(atOrAfter: previous.line(ofMatch: current)) }
        search = matches
    }

    /// How many lines a slice of the search indexes, and how many indexed lines it searches:
    /// each some milliseconds, so that keys and signals get through between slices.
    package static let indexSlice = 20_000
    package static let searchSlice = 250_000

    /// Whether the search being typed has lines left to search (`searchOn()`).
    package var searchGoesOn: Bool { typing.map { !$0.isComplete(over: lines) } ?? false }

    /// A slice more of the search being typed: lines indexed, then searched.
    package mutating func searchOn() {
        guard var typing else { return }
        let lines = lines
        var index = self.index ?? SearchIndex()
        self.index = nil
        // The lines searched catch up with those indexed before more are indexed.
        if typing.searchedLines >= index.lineCount { index.extend(with: lines, upTo: min(index.lineCount + Self.indexSlice, lines.count)) }
        typing.search(lines, index: index, upTo: typing.searchedLines + Self.searchSlice)
        self.index = index
        self.typing = typing
    }

    /// The matches of `query` in every line, searched at once.
    private mutating func completeSearch(_ query: String) -> SearchMatches {
        let lines = lines
        if index == nil || index!.lineCount < lines.count {
            var index = self.index ?? SearchIndex()
            self.index = nil
            index.extend(with: lines, upTo: lines.count)
            self.index = index
        }
        var matches = SearchMatches(query: query, lines: lines, index: index!)
        matches.search(lines, index: index!, upTo: lines.count)
        return matches
    }

    /// A key of the search being typed: the matches of `query` (nil or empty ends it), its
    /// first slice searched. A query that extends the one before searches again only the lines
    /// that one matched; any other (a letter taken back, a paste in the middle) searches every
    /// line again.
    package mutating func type(_ query: String?) {
        guard let query, !query.isEmpty else {
            typing = nil
            return
        }
        type(query, narrowing: true)
    }

    private mutating func type(_ query: String, narrowing: Bool) {
        if index == nil { index = SearchIndex() }
        typing = SearchMatches(query: query, lines: lines, index: index!, narrowing: narrowing ? typing : nil)
        searchOn()
    }

    package var hasItems: Bool { !(itemLines ?? []).isEmpty }

    package func layout(rows: Int) -> ListCursor.PaneLayout {
        ListCursor.PaneLayout(lineCount: lines.count, itemLines: itemLines, rows: rows, itemsEnd: itemsEnd)
    }

    /// Searches the pane for `query` (nil or empty ends the search), moving to the first match
    /// at or below the top of the screen.
    package mutating func find(_ query: String?, rows: Int) {
        defer { typing = nil }
        guard let query, !query.isEmpty else {
            search = nil
            return
        }
        // Typed key by key, it was searched as it grew; what is left of it is searched now.
        if typing?.query == query { while searchGoesOn { searchOn() } }
        var matches = typing?.query == query ? typing! : completeSearch(query)
        matches.moveToFirst(atOrAfter: cursor.scroll)
        search = matches
        revealCurrentMatch(rows: rows)
    }

    /// `n` and `N` (or Ctrl-N and Ctrl-P): the next or previous match, shown.
    package mutating func stepSearch(forward: Bool, rows: Int) {
        guard var matches = search else { return }
        if forward { matches.next() } else { matches.previous() }
        search = matches
        revealCurrentMatch(rows: rows)
    }

    private mutating func revealCurrentMatch(rows: Int) {
        guard let matches = search, let current = matches.current else { return }
        cursor.reveal(line: matches.line(ofMatch: current), in: layout(rows: rows))
    }

    /// The rows to draw: from the scroll position, with the selected item marked in the gutter
    /// and search matches highlighted. Content is rendered to the width already; a row that
    /// still runs over is clipped by `ScreenModel.view()`, escapes kept.
    package func visibleRows(rows: Int, allowsStyling: Bool) -> [String] {
        // Drawn as the cursor will stand once clamped to these rows: a view changes nothing.
        var cursor = cursor
        cursor.clamp(to: layout(rows: rows))
        var source = lines
        var kinds: [ListChanges.Kind?]?
        switch changes {
        case .lines(let highlighted): source = highlighted
        case .items(let marked): kinds = marked.kinds
        case nil: break
        }
        let start = min(cursor.scroll, source.count)
        let end = min(start + rows, source.count)
        let selected = hasItems ? cursor.selection.map { layout(rows: rows).lines(ofItem: $0) } : nil
        let gutter = hasItems || keepsGutter ? Self.gutterWidth : 0
        // Only the lines drawn are looked at: the matches' columns are found again in them.
        let searched = lines
        let currentMatch = search?.currentMatch(in: searched)
        return (start..<end).map { index in
            var line = source[index]
            let kind = kinds?[index]
            if let kind, allowsStyling { line = Self.style(kind).apply(line, styled: true) }
            if let search, search.hasMatch(onLine: index) {
                let current = currentMatch.flatMap { $0.line == index ? $0.columns : nil }
                line = SearchMatches.highlight(line, matches: search.columns(in: searched[index]), current: current, allowsStyling: allowsStyling)
            }
            if gutter > 0 {
                // A removed item is not selectable, though it lies within its predecessor's lines.
                // The sign of a change stands where the selection mark would, which wins.
                let mark = selected?.contains(index) == true && kind != .removed ? Self.selectionMark(allowsStyling) : String(kind?.sign ?? " ")
                line = mark + " " + line
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
        allowsStyling ? "\u{1B}[1;36m▌\u{1B}[22;39m" : "▌"
    }

    /// How a line of an item that changed looks: added in reverse video, changed underlined,
    /// removed struck through.
    private static func style(_ kind: ListChanges.Kind) -> TextStyle {
        switch kind {
        case .added: .highlight
        case .changed: .changed
        case .removed: .removed
        }
    }

    /// `text` as lines, a last newline ending the last line rather than starting another.
    static func split(_ text: String) -> [String] {
        // By bytes: a byte 0x0A is always a line feed. A CR before it would make one `Character`
        // of the two, which does not split, so such text keeps the `Character`-wise split.
        var lines = text.utf8.contains(0x0D)
            ? text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            : text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
