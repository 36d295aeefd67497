import Loader
import Plugins

/// A watch on a pipe marks the items of a list that were not in the last content it printed,
/// by their ids, as the full-screen view's gutter does: `+ ` before a new item's first line,
/// two spaces before every other line. A list whose items have ids has that gutter on every
/// print, the first too, and is laid out two columns narrower: its columns never move between
/// prints, and never pass the width. Content whose items have no ids is printed as it is.
enum NewItemMarks {
    /// The gutter's width.
    static let gutter = 2

    /// Whether `content` is a list whose items have ids, and so gets the gutter.
    static func apply(to content: AnyContent, plugins: PluginRegistry) -> Bool {
        guard let fields = plugins.itemFields(of: content, at: 0) else { return false }
        return ItemIdentities.idFields.contains { fields[$0] != nil }
    }

    /// `rendered`'s text in the gutter, the items at `new` (indices among its items) marked.
    static func marked(_ rendered: RenderedItems, new: [Int]) -> String {
        let starts = Set(new.compactMap { rendered.itemLines.indices.contains($0) ? rendered.itemLines[$0] : nil })
        var out = ""
        out.reserveCapacity(rendered.text.utf8.count + 2 * rendered.itemLines.count)
        var line = 0
        for piece in rendered.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(rendered.text.hasSuffix("\n") ? 1 : 0) {
            // An empty line stays empty: no trailing spaces.
            if starts.contains(line) { out += "+ " } else if !piece.isEmpty { out += "  " }
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
