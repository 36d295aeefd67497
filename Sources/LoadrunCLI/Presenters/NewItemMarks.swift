import Plugins

/// A watch on a pipe marks the items of a list that were not in the last content it printed,
/// by their ids, as the full-screen view's gutter does: `+ ` before a new item's first line,
/// two spaces before every other line, so that the columns stay together. Content with no new
/// item, or whose items have no ids, is printed as it is.
enum NewItemMarks {
    /// `rendered`'s text with the items at `new` (indices among its items) marked; as it is
    /// when there are none.
    static func marked(_ rendered: RenderedItems, new: [Int]) -> String {
        guard !new.isEmpty else { return rendered.text }
        let starts = Set(new.compactMap { rendered.itemLines.indices.contains($0) ? rendered.itemLines[$0] : nil })
        var out = ""
        out.reserveCapacity(rendered.text.utf8.count + 2 * rendered.itemLines.count)
        var line = 0
        for piece in rendered.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(rendered.text.hasSuffix("\n") ? 1 : 0) {
            out += starts.contains(line) ? "+ " : "  "
            out += piece
            out += "\n"
            line += 1
        }
        return out
    }

    /// The items of `keys` that are new since `before`: those with an id (`id:…`) it lacks.
    static func new(_ keys: [String], since before: Set<String>) -> [Int] {
        keys.indices.filter { keys[$0].hasPrefix("id:") && !before.contains(keys[$0]) }
    }
}
