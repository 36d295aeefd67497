package import LoadCore

/// A JSON document explored as jless and fx explore one: a cursor on a value, containers
/// folded and unfolded, the cursor's jq path, search, jumps to a path, and what changed since
/// the version before marked. A value: the screen model holds it as a route, and its tests
/// drive it with keys and read its rows.
///
/// Folds and the cursor are kept by path (`JSONPath`), so that a reload, a stream's next item
/// or a step through versions (`replace(with:marking:)`) leaves them where they were. Only the
/// rows on screen are ever made into text; the document is indexed once (`JSONOutline`).
package struct JSONExplorer {
    /// What is folded: a rule by depth, and the paths the user folded or unfolded against it.
    struct Folds {
        /// Containers shallower than this are open; nil: all are.
        var openDepth: Int?
        var collapsed: Set<JSONPath> = []
        var expanded: Set<JSONPath> = []
    }

    package private(set) var outline: JSONOutline
    var folds = Folds()
    /// `folds`' paths as nodes of this document.
    private var collapsedNodes: Set<Int> = []
    private var expandedNodes: Set<Int> = []
    /// The rows shown, in order: `2 × node` for a value's (first) row, `2 × node + 1` for the
    /// closing row of an open container, and `-(n + 1)` for ghost `n` of `changes`.
    package private(set) var rows: [Int32] = []
    /// The row the cursor is on (always a value's row), and the first row on screen.
    package private(set) var cursor = 0
    package internal(set) var scroll = 0
    /// A key that waits for the next (`y`, `z`), shown in the footer.
    package internal(set) var pendingPrefix: Character?
    /// The search confirmed, and how many values match it (nil: more than `JSONSearch.countLimit`).
    package internal(set) var search: (query: String, count: Int?)?
    /// What changed since the version before, while it is marked.
    package private(set) var changes: JSONChanges?

    package init(_ document: JSON) {
        outline = JSONOutline(document)
        layOut()
    }

    package var document: JSON { outline.document }

    /// The node under the cursor.
    package var cursorNode: Int { rows.indices.contains(cursor) ? Int(rows[cursor]) / 2 : 0 }

    /// The cursor's path, for the status line and `yp`.
    package var cursorPath: JSONPath { outline.path(of: cursorNode) }

    /// Whether `node` shows its children.
    func isOpen(_ node: Int) -> Bool {
        guard outline.hasChildren(node) else { return false }
        if collapsedNodes.contains(node) { return false }
        if expandedNodes.contains(node) { return true }
        return folds.openDepth.map { outline.depth(of: node) < $0 } ?? true
    }

    // MARK: Laying out

    /// Makes the rows anew from the folds, the cursor kept on `kept` (by default the node it
    /// is on), or on its nearest shown ancestor, at the same height on screen.
    mutating func layOut(keeping kept: Int? = nil) {
        let keep = kept ?? cursorNode
        let offset = cursor - scroll
        var made: [Int32] = []
        made.reserveCapacity(rows.count)
        var open: [Int] = []
        var node = 0
        let ghosts = changes?.ghostsByParent ?? [:]
        func close(_ container: Int) {
            for ghost in ghosts[container] ?? [] { made.append(Int32(-(ghost + 1))) }
            made.append(Int32(container * 2 + 1))
        }
        while node < outline.count {
            while let last = open.last, outline.end(of: last) <= node { close(open.removeLast()) }
            made.append(Int32(node * 2))
            if isOpen(node) {
                open.append(node)
                node += 1
            } else {
                node = outline.end(of: node)
            }
        }
        while let last = open.popLast() { close(last) }
        rows = made
        place(cursorOn: shownAncestor(of: keep), offset: offset)
    }

    /// `node`, or the outermost of its ancestors that is folded: the row that shows it.
    func shownAncestor(of node: Int) -> Int {
        var shown = node
        var at = node
        while let up = outline.parent(of: at) {
            if !isOpen(up) { shown = up }
            at = up
        }
        return shown
    }

    /// Puts the cursor on `node`'s row, `offset` rows below the top of the screen if it can.
    mutating func place(cursorOn node: Int, offset: Int) {
        cursor = rows.firstIndex(of: Int32(node * 2)) ?? 0
        scroll = max(cursor - max(offset, 0), 0)
    }

    /// The row index of node `node`'s first row, when it shows.
    func row(of node: Int) -> Int? { rows.firstIndex(of: Int32(node * 2)) }

    // MARK: Folding

    /// Opens or folds `node` against the rule, by its path, so that it stays so across versions.
    mutating func setOpen(_ node: Int, _ open: Bool, layingOut: Bool = true) {
        guard outline.hasChildren(node), isOpen(node) != open else { return }
        let path = outline.path(of: node)
        let byRule = folds.openDepth.map { outline.depth(of: node) < $0 } ?? true
        if open {
            folds.collapsed.remove(path)
            collapsedNodes.remove(node)
            if !byRule { folds.expanded.insert(path); expandedNodes.insert(node) }
        } else {
            folds.expanded.remove(path)
            expandedNodes.remove(node)
            if byRule { folds.collapsed.insert(path); collapsedNodes.insert(node) }
        }
        if layingOut { layOut(keeping: node) }
    }

    /// `←` or `h`: folds the open container under the cursor; on a folded one or a plain
    /// value, goes to its parent.
    package mutating func collapse() {
        let node = cursorNode
        if isOpen(node) { return setOpen(node, false) }
        if let up = outline.parent(of: node) { moveCursor(toRow: row(of: up) ?? cursor) }
    }

    /// `→` or `l`: opens the folded container under the cursor; on an open one, goes to its
    /// first child, as jless does.
    package mutating func expand() {
        let node = cursorNode
        guard outline.hasChildren(node) else { return }
        if !isOpen(node) { return setOpen(node, true) }
        moveCursor(toRow: row(of: node + 1) ?? cursor)
    }

    /// Enter: folds or opens the container under the cursor.
    package mutating func toggle() {
        setOpen(cursorNode, !isOpen(cursorNode))
    }

    /// `zM` (depth 1: the document's own members, each folded), `zR` (nil: all open), `z1`…`z9`
    /// (that many levels under the document open): the rule changes and the user's own folds go.
    package mutating func open(toDepth depth: Int?) {
        let node = cursorNode
        folds = Folds(openDepth: depth)
        collapsedNodes = []
        expandedNodes = []
        layOut(keeping: node)
    }

    /// Opens every container around `node`, so that it shows.
    mutating func reveal(_ node: Int) {
        var at = node
        while let up = outline.parent(of: at) {
            setOpen(up, true, layingOut: false)
            at = up
        }
        layOut(keeping: node)
    }

    // MARK: A new version

    /// Shows `document` in place of the one shown: the folds and the cursor stay on their
    /// paths (the cursor on its nearest ancestor when its value went); with `marking`, what
    /// changed since the one shown is marked until the next version.
    package mutating func replace(with document: JSON, marking: Bool) {
        let path = cursorPath
        let offset = cursor - scroll
        let previous = outline.document
        outline = JSONOutline(document)
        collapsedNodes = Set(folds.collapsed.compactMap(outline.node(at:)))
        expandedNodes = Set(folds.expanded.compactMap(outline.node(at:)))
        changes = marking ? JSONChanges(from: previous, to: outline) : nil
        if changes?.isEmpty == true { changes = nil }
        cursor = 0
        scroll = 0
        let kept = outline.nearest(to: path)?.node ?? 0
        layOut(keeping: kept)
        scroll = max(cursor - max(offset, 0), 0)
    }

    /// Drops the marks of what changed.
    package mutating func clearMarks() {
        guard changes != nil else { return }
        changes = nil
        layOut()
    }

    // MARK: Moving

    /// Moves the cursor to `row`, or the nearest value's row to it (not a closing or a ghost).
    mutating func moveCursor(toRow row: Int) {
        guard !rows.isEmpty else { return }
        var target = min(max(row, 0), rows.count - 1)
        let forward = target >= cursor
        while !isValueRow(target) {
            let next = target + (forward ? 1 : -1)
            guard rows.indices.contains(next) else { break }
            target = next
        }
        if !isValueRow(target) {
            // Past the last value's row going down: the one before it.
            while target > 0, !isValueRow(target) { target -= 1 }
        }
        cursor = target
    }

    /// Whether `row` is a value's first row, where the cursor may stand.
    func isValueRow(_ row: Int) -> Bool { rows[row] >= 0 && rows[row] % 2 == 0 }

    /// Keeps the cursor on screen, `height` rows tall.
    mutating func follow(height: Int) {
        let height = max(height, 1)
        if cursor < scroll { scroll = cursor }
        if cursor >= scroll + height { scroll = cursor - height + 1 }
        scroll = min(max(scroll, 0), max(rows.count - height, 0))
        if cursor < scroll { scroll = cursor }
    }

    /// `lines a–b of N` when the rows do not fit, for the footer.
    package func position(height: Int) -> String? {
        guard rows.count > height else { return nil }
        return "lines \(scroll + 1)–\(min(scroll + height, rows.count)) of \(rows.count)"
    }
}
