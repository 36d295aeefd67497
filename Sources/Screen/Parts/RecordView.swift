import TerminalText

/// An item shown whole, field by field, on top of the list or detail it came from: a row of
/// a wide table, a related list's item, an item with no detail URL. Nothing loads for it.
package struct RecordView {
    /// Where it came from: `posts › 2 › comments › 7`.
    package var title: String
    /// The item's fields as the server sent them (scalars; see `ContentRendering.itemFields`).
    package var fields: [String: String]
    /// Said under the fields: why this item opens no detail of its own.
    package var note: String?
    package var pane = Pane()

    /// The fields that name an item come first, the rest in the order of their names.
    static let leading = ["id", "name", "title"]

    /// The record's lines at `width`: the title, then `field  value`, values wrapped beside
    /// their names, made safe for the terminal (they came from outside).
    func text(width: Int, styled: Bool) -> String {
        let names = fields.keys.sorted { (Self.rank($0), $0) < (Self.rank($1), $1) }
        let nameWidth = min(names.map { TerminalText.displayWidth(UntrustedText.forTerminalLine($0)) }.max() ?? 0, max(width / 3, 8))
        let valueWidth = max(width - nameWidth - 2, 10)
        var out = TextStyle.bold.apply(UntrustedText.forTerminalLine(title), styled: styled) + "\n\n"
        for name in names {
            let label = TerminalText.truncated(UntrustedText.forTerminalLine(name), toWidth: nameWidth)
            let pad = String(repeating: " ", count: max(nameWidth - TerminalText.displayWidth(label), 0))
            let values = TerminalText.wrap(UntrustedText.forTerminal(fields[name] ?? ""), width: valueWidth)
            for (index, line) in (values.isEmpty ? [""] : values).enumerated() {
                let lead = index == 0 ? TextStyle.dim.apply(label, styled: styled) + pad : String(repeating: " ", count: nameWidth)
                out += lead + "  " + line + "\n"
            }
        }
        if let note {
            out += "\n" + TerminalText.wrap(UntrustedText.forTerminalLine(note), width: width)
                .map { TextStyle.dim.apply($0, styled: styled) + "\n" }.joined()
        }
        return out
    }

    private static func rank(_ name: String) -> Int { leading.firstIndex(of: name) ?? leading.count }
}
