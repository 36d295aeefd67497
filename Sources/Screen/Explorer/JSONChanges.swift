import LoadCore

/// What changed between two versions of a document, value by value, as the explorer marks
/// it: values whose scalar changed (`~`), values that appeared (`+`), and values that went,
/// shown as ghost rows in their container (`-`). Objects are matched by key; arrays by index,
/// or by their items' `id` when every item has one, so that an item put in front does not
/// mark every item after it. Bounded: past `limit` marks it stops, and says so.
package struct JSONChanges {
    /// A value that went: the container it was in (a node of the new document), and its row's text.
    package struct Ghost: Equatable {
        package var parent: Int
        package var key: String?
        package var summary: String
    }

    package static let limit = 10_000

    package private(set) var changed: Set<Int> = []
    package private(set) var added: Set<Int> = []
    package private(set) var ghosts: [Ghost] = []
    /// Whether it stopped at `limit`.
    package private(set) var isCut = false
    /// The ghosts of each container, by its node.
    private(set) var ghostsByParent: [Int: [Int]] = [:]
    /// Every node marked, in order, to tell a folded container that holds one.
    private(set) var marked: [Int] = []

    init(from previous: JSON, to outline: JSONOutline) {
        compare(previous, outline.document, node: 0, in: outline)
        for (index, ghost) in ghosts.enumerated() { ghostsByParent[ghost.parent, default: []].append(index) }
        marked = (changed.union(added).union(ghosts.map(\.parent))).sorted()
    }

    var isEmpty: Bool { changed.isEmpty && added.isEmpty && ghosts.isEmpty }
    private var count: Int { changed.count + added.count + ghosts.count }

    /// `3 changed, 1 added, 2 removed`, for the status line; nil when nothing changed.
    package var summary: String? {
        let parts = [(changed.count, "changed"), (added.count, "added"), (ghosts.count, "removed")]
            .filter { $0.0 > 0 }.map { "\($0.0)\(isCut ? "+" : "") \($0.1)" }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Whether a node in `node`'s subtree (ending before `end`) is marked.
    func marks(within node: Int, end: Int) -> Bool {
        // The first marked node after `node`: binary search over the sorted marks.
        var low = 0
        var high = marked.count
        while low < high {
            let middle = (low + high) / 2
            if marked[middle] <= node { low = middle + 1 } else { high = middle }
        }
        return low < marked.count && marked[low] < end
    }

    private mutating func compare(_ old: JSON, _ new: JSON, node: Int, in outline: JSONOutline) {
        guard !isCut else { return }
        guard count < Self.limit else { isCut = true; return }
        if old == new { return }
        switch (old, new) {
        case (.object(let before), .object(let after)):
            let children = outline.children(of: node)
            var earlier: [String: JSON] = [:]
            for member in before where earlier[member.key] == nil { earlier[member.key] = member.value }
            var present: Set<String> = []
            for (place, member) in after.enumerated() {
                present.insert(member.key)
                if let value = earlier[member.key] { compare(value, member.value, node: children[place], in: outline) } else { mark(added: children[place]) }
            }
            for member in before where !present.contains(member.key) {
                ghost(Ghost(parent: node, key: member.key, summary: Self.summary(of: member.value)))
            }
        case (.array(let before), .array(let after)):
            let children = outline.children(of: node)
            if let beforeIDs = Self.ids(before), let afterIDs = Self.ids(after) {
                var earlier: [String: Int] = [:]
                for (place, id) in beforeIDs.enumerated() where earlier[id] == nil { earlier[id] = place }
                let present = Set(afterIDs)
                for (place, id) in afterIDs.enumerated() {
                    if let was = earlier[id] { compare(before[was], after[place], node: children[place], in: outline) } else { mark(added: children[place]) }
                }
                for (place, id) in beforeIDs.enumerated() where !present.contains(id) {
                    ghost(Ghost(parent: node, key: nil, summary: Self.summary(of: before[place])))
                }
            } else {
                for place in after.indices {
                    if before.indices.contains(place) { compare(before[place], after[place], node: children[place], in: outline) } else { mark(added: children[place]) }
                }
                for item in before.dropFirst(after.count) { ghost(Ghost(parent: node, key: nil, summary: Self.summary(of: item))) }
            }
        default:
            if count < Self.limit { changed.insert(node) } else { isCut = true }
        }
    }

    private mutating func mark(added node: Int) {
        if count < Self.limit { added.insert(node) } else { isCut = true }
    }

    private mutating func ghost(_ ghost: Ghost) {
        if count < Self.limit { ghosts.append(ghost) } else { isCut = true }
    }

    /// Each item's `id` as text, when every item is an object with a scalar one, all distinct.
    private static func ids(_ items: [JSON]) -> [String]? {
        guard !items.isEmpty else { return nil }
        var ids: [String] = []
        ids.reserveCapacity(items.count)
        for item in items {
            guard let id = item["id"]?.scalarText else { return nil }
            ids.append(id)
        }
        return Set(ids).count == ids.count ? ids : nil
    }

    /// A value as one short row: a scalar as JSON, a container by its size.
    static func summary(of value: JSON) -> String {
        switch value {
        case .array(let items): items.isEmpty ? "[]" : "[\(items.count) \(items.count == 1 ? "item" : "items")]"
        case .object(let members): members.isEmpty ? "{}" : "{\(members.count) \(members.count == 1 ? "key" : "keys")}"
        case .string(let text): JSONText.quoted(text)
        default: value.scalarText ?? ""
        }
    }
}
