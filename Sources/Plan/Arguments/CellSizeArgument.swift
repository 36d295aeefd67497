package import Plugins

/// A size in cells as users type it, as chafa's `--size` reads it: `80x24` (or `80×24`), a
/// width alone (`80`, `80x`), or a height alone (`x24`). The side left out is no cap of its
/// own: the image keeps its aspect within the other and the terminal's size.
package struct CellSizeArgument: Equatable {
    package let cells: RenderContext.CellSize
    /// The largest side taken, and the side left out: as good as no cap, and small enough for
    /// chafa's `gint` and a vector image's size in pixels.
    package static let largestSide = 10_000

    package init?(argument: String) {
        let parts = argument.lowercased().split(separator: /x|×/, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return nil }
        // An empty side is uncapped; a side given is a whole number in range.
        func side(_ text: Substring?) -> Int?? {
            guard let text, !text.isEmpty else { return .some(nil) }
            guard let value = Int(text), (1...Self.largestSide).contains(value) else { return nil }
            return .some(value)
        }
        guard let columns = side(parts[0]), let rows = side(parts.count == 2 ? parts[1] : nil),
              columns != nil || rows != nil else { return nil }
        cells = RenderContext.CellSize(columns: columns ?? Self.largestSide, rows: rows ?? Self.largestSide)
    }
}
