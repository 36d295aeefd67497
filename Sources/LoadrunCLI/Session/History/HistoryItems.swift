import Loader
import Store
import Plugins

/// A list's items as the history keeps them: each known by its id (`id:…`, as the watch's
/// marks know it), or by a hash of its fields when it has none, with a hash of its fields to
/// tell a changed item.
enum HistoryItems {
    /// The most items a version keeps keys of: telling a hundred thousand apart on every load
    /// would cost more than the load. A longer list keeps none.
    static let mostItems = 20_000

    /// `content`'s items; nil when it is no list, or a list too long to keep keys of.
    static func of(_ content: AnyContent, plugins: PluginRegistry) -> [HistoryStore.Item]? {
        guard let count = content.itemCount, count <= mostItems, plugins.itemFields(of: content, at: 0) != nil || count == 0 else { return nil }
        let identities = ItemIdentities.of(content, count: count, plugins: plugins)
        return zip(identities.keys, identities.fingerprints).map { key, fields in
            let hash = hex(ContentFingerprint.of(Array(fields.utf8)))
            // A place is no identity across runs: an item without an id is known by its fields.
            return HistoryStore.Item(key: key.hasPrefix("id:") ? key : "hash:" + hash, hash: hash)
        }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
