import Loader
import Store

/// What changed from one version of a source to the next, as `loadrun history` says it: for
/// lists, the items added, removed and changed, by key.
struct HistoryChange: Equatable {
    struct Items: Equatable {
        var added: Int
        var removed: Int
        var changed: Int
    }

    /// nil when either version is no list (or a list too long to keep keys of).
    var items: Items?

    init(_ older: HistoryStore.Version, _ newer: HistoryStore.Version) {
        guard let before = older.items, let after = newer.items else {
            items = nil
            return
        }
        let hashes = Dictionary(before.map { ($0.key, $0.hash) }, uniquingKeysWith: { first, _ in first })
        let now = Set(after.map(\.key))
        items = Items(added: after.count { hashes[$0.key] == nil },
                      removed: Set(before.map(\.key)).subtracting(now).count,
                      changed: after.count { item in hashes[item.key].map { $0 != item.hash } ?? false })
    }

    /// `+3 −1 ~2 items`, `+1 item`, `changed` for content that is no list.
    var words: String {
        guard let items else { return "changed" }
        let counts = [(items.added, "+"), (items.removed, "−"), (items.changed, "~")].filter { $0.0 > 0 }
        guard !counts.isEmpty else { return "same items" }
        let one = counts.count == 1 && counts[0].0 == 1
        return counts.map { "\($0.1)\($0.0)" }.joined(separator: " ") + (one ? " item" : " items")
    }
}
