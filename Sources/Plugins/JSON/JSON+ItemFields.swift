internal import Loader

extension JSON {
    /// An item's fields as text, for detail URL templates: each top-level scalar member of an
    /// object (strings as they are, numbers as sent, `true`/`false`) by its key as sent. Null
    /// and nested values have no text a URL could use, so they are left out; a repeated key
    /// keeps its first value, as `subscript(key:)` does. Anything but an object has none.
    var itemFields: [String: String] {
        guard case .object(let members) = self else { return [:] }
        var fields: [String: String] = [:]
        var seen = Set<String>()
        for member in members where seen.insert(member.key).inserted {
            switch member.value {
            case .string(let text): fields[member.key] = text
            case .number(let literal): fields[member.key] = literal
            case .bool(let flag): fields[member.key] = flag ? "true" : "false"
            case .null, .array, .object: continue
            }
        }
        return fields
    }
}

extension Array where Element == JSON {
    /// Item `index`'s fields (`JSON.itemFields`), or nil for an index out of range.
    func itemFields(at index: Int) -> [String: String]? {
        indices.contains(index) ? self[index].itemFields : nil
    }
}
