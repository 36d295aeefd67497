/// What changed in a list between two renderings, item by item: each item is known by its key
/// (its id, or its position when it has none), so an item that moved is neither added nor
/// removed. Pure: it takes the two renderings' lines and gives the lines to show.
package enum ListChanges {
    /// How an item changed since the rendering before.
    package enum Kind: Equatable, Sendable {
        /// Not there before.
        case added
        /// There before, and rendered differently now.
        case changed
        /// There before and gone now: shown struck through where it stood, and not selectable.
        case removed

        /// The sign in the gutter, which says it without colour.
        package var sign: Character {
            switch self {
            case .added: "+"
            case .changed: "~"
            case .removed: "-"
            }
        }
    }

    /// A list as rendered: its lines, where each item starts and where the items end, and
    /// each item's key and fingerprint (its fields; empty when it has none, and its lines are
    /// compared instead).
    package struct Rendering: Equatable {
        package var lines: [String]
        package var itemLines: [Int]
        package var keys: [String]
        package var fingerprints: [String]?
        /// The line the items end on; what follows belongs to none.
        package var end: Int

        package init(lines: [String], itemLines: [Int], keys: [String], fingerprints: [String]? = nil, end: Int? = nil) {
            self.lines = lines
            self.itemLines = itemLines
            self.keys = keys
            self.fingerprints = fingerprints.flatMap { $0.count == keys.count ? $0 : nil }
            self.end = min(max(end ?? lines.count, itemLines.last ?? 0), lines.count)
        }

        /// Item `index`'s lines: from its first line to the next item's, or the items' end.
        func block(_ index: Int) -> ArraySlice<String> {
            let stop = index + 1 < itemLines.count ? itemLines[index + 1] : end
            return lines[itemLines[index]..<max(stop, itemLines[index])]
        }

        /// Whether item `index` here and item `other` of `previous` are the same, by their
        /// fields when both have some, by their lines otherwise.
        func same(_ index: Int, as other: Int, in previous: Rendering) -> Bool {
            if let mine = fingerprints?[index], let theirs = previous.fingerprints?[other], !mine.isEmpty, !theirs.isEmpty {
                return mine == theirs
            }
            return block(index) == previous.block(other)
        }
    }

    /// The current list with its changes since `previous`: its own items (each marked added or
    /// changed where it is), with the removed ones put back after the item that preceded them.
    /// nil when no item changed.
    package static func marked(_ current: Rendering, since previous: Rendering) -> MarkedLines? {
        guard current.keys.count == current.itemLines.count, previous.keys.count == previous.itemLines.count else { return nil }
        let before = Dictionary(previous.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Set(current.keys)
        let position = Dictionary(current.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        // Each removed item goes after its nearest predecessor that is still there (-1: first).
        var removedAfter: [Int: [Int]] = [:]
        var anchor = -1
        for (index, key) in previous.keys.enumerated() {
            if now.contains(key) { anchor = position[key] ?? anchor } else { removedAfter[anchor, default: []].append(index) }
        }
        var out = MarkedLines()
        var anyChange = !removedAfter.isEmpty
        func append(_ block: ArraySlice<String>, _ kind: Kind?) {
            out.lines += block
            out.kinds += repeatElement(kind, count: block.count)
        }
        let firstItem = current.itemLines.first ?? current.lines.count
        append(current.lines[0..<min(firstItem, current.lines.count)], nil)
        for removed in removedAfter[-1] ?? [] { append(previous.block(removed), .removed) }
        for (index, key) in current.keys.enumerated() {
            let block = current.block(index)
            let kind: Kind? = before[key].map { current.same(index, as: $0, in: previous) ? nil : .changed } ?? .added
            if kind != nil { anyChange = true }
            out.itemLines.append(out.lines.count)
            append(block, kind)
            for removed in removedAfter[index] ?? [] { append(previous.block(removed), .removed) }
        }
        // What follows the items (`]`, `… 3 more rows`), unmarked.
        out.itemsEnd = out.lines.count
        append(current.lines[current.end...], nil)
        return anyChange ? out : nil
    }

    /// Keys that tell apart items that share one: the second `7` is `7#2`.
    package static func unique(_ keys: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return keys.map { key in
            let count = seen[key, default: 0] + 1
            seen[key] = count
            return count == 1 ? key : "\(key)#\(count)"
        }
    }
}
