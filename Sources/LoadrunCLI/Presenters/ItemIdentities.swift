import Loader
import Plugins
import Screen

/// What tells a list's items apart across loads, from one look at each item's fields: its key
/// (its id, as `id:…`, from the first of `id`, `_id`, `uuid` and `guid` it has, or its place,
/// as `#…`, when it has none; made unique where ids repeat) and its fingerprint (its fields,
/// in order of name). The full-screen view and a watch on a pipe mark what changed by them.
enum ItemIdentities {
    /// The fields that name an item, most telling first.
    static let idFields = ["id", "_id", "uuid", "guid"]

    /// The first `count` items' keys and fingerprints.
    static func of(_ content: AnyContent, count: Int, plugins: PluginRegistry) -> (keys: [String], fingerprints: [String]) {
        var keys: [String] = []
        var fingerprints: [String] = []
        keys.reserveCapacity(count)
        fingerprints.reserveCapacity(count)
        for index in 0..<count {
            let fields = plugins.itemFields(of: content, at: index) ?? [:]
            keys.append(idFields.lazy.compactMap { fields[$0] }.first.map { "id:" + $0 } ?? "#\(index)")
            fingerprints.append(fields.sorted { $0.key < $1.key }.map { "\($0.key)\u{1F}\($0.value)" }.joined(separator: "\u{1E}"))
        }
        return (ListChanges.unique(keys), fingerprints)
    }
}
