package import Plugins

/// A size in cells as users type it: `80x24` (or `80×24`).
package struct CellSizeArgument: Equatable {
    package let cells: RenderContext.CellSize

    package init?(argument: String) {
        let parts = argument.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              (1...10_000).contains(columns), (1...10_000).contains(rows) else { return nil }
        cells = RenderContext.CellSize(columns: columns, rows: rows)
    }
}
