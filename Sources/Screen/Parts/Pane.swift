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
    package internal(set) var search: SearchMatches?
    /// The search being typed after `/`, over `lines`, as of its last key; kept as the content
    /// changes.
    package internal(set) var typing: SearchMatches?
    /// `lines` as searched, made at the first search over them and kept until they change:
    /// one scan of the text per content shown, not per key.
    var index: SearchIndex?

    /// The items not yet read (by place), marked `•` in the gutter's second column.
    package var unread: Set<Int> = []
    /// The link Tab moved to on a page (0 for `[L1]`); nil when none is.
    package var linkCursor: Int?

    /// The left margin of a list: the selection mark, or the sign of the item's change; then
    /// the unread mark.
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

    package var hasItems: Bool { !(itemLines ?? []).isEmpty }

    package func layout(rows: Int) -> ListCursor.PaneLayout {
        ListCursor.PaneLayout(lineCount: lines.count, itemLines: itemLines, rows: rows, itemsEnd: itemsEnd)
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
        let unreadLines = Set(unread.compactMap { item in itemLines.flatMap { $0.indices.contains(item) ? $0[item] : nil } })
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
                line = mark + (unreadLines.contains(index) ? "•" : " ") + line
            }
            return line
        }
    }

    /// Everything `visibleRows(rows:allowsStyling:)` reads: two equal keys give the same rows.
    /// Cheap to make and compare while nothing changed, as the arrays in it are shared.
    package struct RowsKey: Equatable {
        fileprivate let lines: [String]
        fileprivate let itemLines: [Int]?
        fileprivate let itemsEnd: Int?
        fileprivate let changes: Changes?
        fileprivate let cursor: ListCursor
        fileprivate let keepsGutter: Bool
        fileprivate let unread: Set<Int>
        fileprivate let search: SearchMatches?
        fileprivate let rows: Int
        fileprivate let allowsStyling: Bool
    }

    /// The key of the rows `visibleRows(rows:allowsStyling:)` would give now.
    package func rowsKey(rows: Int, allowsStyling: Bool) -> RowsKey {
        RowsKey(lines: plain.lines, itemLines: plain.itemLines, itemsEnd: plain.itemsEnd, changes: changes, cursor: cursor,
                keepsGutter: keepsGutter, unread: unread, search: search, rows: rows, allowsStyling: allowsStyling)
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
