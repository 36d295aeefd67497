#if canImport(Glibc)
import Glibc
#endif
import TerminalText

/// The rows of a listing (`loadrun plugins`, `loadrun sources`) as a table: a header row, then
/// one row per entry, each cell already safe for a terminal.
struct ListingTable {
    var rows: [[String]]

    /// The widest a cell is shown on a terminal.
    static let maxCellWidth = 60
    /// The longest a cell is written off a terminal: more than any URL a server takes (8 KiB),
    /// so no real cell is cut; a sources file's 10 MB `url=` is not written whole.
    static let maxCellLength = 8192

    /// The table as text. On a terminal `terminalWidth` columns wide, every column but the last
    /// padded to its widest cell, each cell cut to `maxCellWidth` (a 100 KB URL would pad every
    /// row to 100 KB), and each row cut to the width, as `ps` cuts them, so that none wraps; off
    /// a terminal (nil), cells whole (up to `maxCellLength`) and separated by a tab, padded
    /// never, for `cut -f` and awk.
    func text(terminalWidth: Int? = Terminal.stdoutColumns) -> String {
        guard let count = rows.first?.count else { return "" }
        guard let terminalWidth else { return Self.tabSeparated(rows) }
        let rows = rows.map { $0.map { TerminalText.truncated($0, toWidth: Self.maxCellWidth) } }
        let widths = (0..<count - 1).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            TerminalText.truncated((0..<count - 1).map { row[$0].padding(to: widths[$0]) + "  " }.joined() + row[count - 1], toWidth: terminalWidth)
        }.joined(separator: "\n") + "\n"
    }
}

extension ListingTable {
    /// Rows as `text(terminalWidth: nil)` writes them, off a terminal: cells whole (up to
    /// `maxCellLength`), tab-separated, a line each. Appended to one string as they come, so
    /// that a listing of 100,000 sources need not hold every row's cells at once.
    static func tabSeparated(_ rows: some Sequence<[String]>, into text: inout String) {
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column > 0 { text += "\t" }
                text += cut(cell)
            }
            text += "\n"
        }
    }

    /// A cell as a tab-separated row holds it: up to `maxCellLength`.
    private static func cut(_ cell: String) -> String {
        cell.utf8.count <= maxCellLength ? cell : String(cell.prefix(maxCellLength - 1)) + "…"
    }

    /// One row of cells not yet made safe, as `tabSeparated` writes it once each cell is
    /// `UntrustedText.forTerminalLine`, appended to UTF-8 `bytes`. A cell of printable ASCII,
    /// which that leaves as it is, goes in as it is: a listing of 100,000 sources makes no
    /// string per cell, and no string of the whole table.
    static func tabSeparatedRow(_ row: [String], into bytes: inout [UInt8]) {
        for (column, cell) in row.enumerated() {
            if column > 0 { bytes.append(UInt8(ascii: "\t")) }
            var cell = cell
            let plain = cell.withUTF8 { utf8 in
                guard utf8.count <= maxCellLength, utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
                bytes.append(contentsOf: utf8)
                return true
            }
            if !plain { bytes += cut(UntrustedText.forTerminalLine(cell)).utf8 }
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    static func tabSeparated(_ rows: some Sequence<[String]>) -> String {
        var text = ""
        tabSeparated(rows, into: &text)
        return text
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
