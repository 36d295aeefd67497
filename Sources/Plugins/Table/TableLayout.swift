internal import Loader
internal import TerminalText
/// Lays out a list of JSON objects as a table that fits the width.
///
/// - Columns are the scalar fields in the order the first items give them; a nested object's
///   fields become `parent.child` columns (one level), and anything deeper, or an array, is
///   summarised as `{3 keys}` or `[2 items]`.
/// - Widths come from a sample of the rows, so a long list is measured once, while it is drawn.
/// - Columns that do not fit are dropped from the right, and a footer says which.
struct TableLayout {
    let rows: [JSON]
    let context: RenderContext

    /// Rows measured for the column widths.
    static let sampleSize = 100
    /// No column is wider than this; longer cells are cut with `…` on a screen, and run past
    /// their column, whole, with no screen to fit (a pipe).
    static let maxColumnWidth = 40
    private static let gap = 2

    /// A column: its name and where its value is in an item.
    struct Column: Equatable {
        var name: String
        var path: [String]
    }

    /// Writes the table into `sink`, row by row, noting where each row starts in `recorder`
    /// when given (`sink` is then the recorder's own).
    func write(to sink: RenderSink, recorder: ItemLineRecorder? = nil) {
        let sample = rows.prefix(Self.sampleSize)
        let columns = Self.columns(of: sample)
        guard !columns.isEmpty else { return }
        let texts = sample.map { row in columns.map { cell(row, $0) } }
        var widths = columns.indices.map { index in
            min(Self.maxColumnWidth, texts.reduce(Self.width(columns[index].name)) { max($0, Self.width($1[index])) })
        }
        let numeric = columns.indices.map { index in
            sample.allSatisfy { row in
                guard let value = Self.value(row, columns[index].path) else { return true }
                if case .number = value { return true }
                return false
            }
        }
        // Columns from the left while they fit; the first always shows, cut to the width. With
        // no screen to fit (a pipe), every column shows.
        let room = context.hasScreenWidth ? context.width : Int.max
        var shown = 0
        var used = 0
        for width in widths {
            let next = used + (shown == 0 ? 0 : Self.gap) + width
            if shown > 0 && next > room { break }
            used = min(next, room)
            shown += 1
        }
        widths[0] = min(widths[0], room)

        sink.write(line(columns.prefix(shown).map(\.name), widths: widths, numeric: numeric, header: true))
        let cut = ListCut(count: rows.count, context: context)
        for index in 0..<cut.shown {
            if context.shouldStop() || sink.isStopped { break }
            recorder?.markItem()
            let cells = index < texts.count ? texts[index] : columns.map { cell(rows[index], $0) }
            sink.write(line(Array(cells.prefix(shown)), widths: widths, numeric: numeric, header: false))
        }
        recorder?.markEnd()
        if let note = cut.note("row", context: context) { sink.writeLine(note) }
        if shown < columns.count {
            let hidden = columns[shown...].map(\.name)
            let footer = "+\(hidden.count) more \(hidden.count == 1 ? "column" : "columns"): \(hidden.joined(separator: ", ")); --output json for all"
            sink.writeLine(TextStyle.dim.apply(TerminalText.truncated(footer, toWidth: context.width), in: context))
        }
    }

    private func line(_ cells: [String], widths: [Int], numeric: [Bool], header: Bool) -> String {
        var parts: [String] = []
        for (index, cell) in cells.enumerated() {
            var text = cell
            var width = Self.width(cell)
            if width > widths[index], context.hasScreenWidth {
                text = TerminalText.truncated(cell, toWidth: widths[index])
                width = Self.width(text)
            }
            let pad = String(repeating: " ", count: max(0, widths[index] - width))
            let isLast = index == cells.count - 1
            text = numeric[index] && !header ? pad + text : (isLast ? text : text + pad)
            parts.append(header ? TextStyle.bold.apply(text, in: context) : text)
        }
        return parts.joined(separator: String(repeating: " ", count: Self.gap)) + "\n"
    }

    // MARK: Columns and cells

    /// The columns the sample gives, in the order their fields first appear, named as drawn.
    static func columns(of sample: ArraySlice<JSON>) -> [Column] {
        var columns: [Column] = []
        var seen = Set<String>()
        func add(_ name: String, _ path: [String]) {
            // A key is the server's text too: on one line and inert, like the cells.
            if seen.insert(name).inserted { columns.append(Column(name: UntrustedText.forTerminalLine(name), path: path)) }
        }
        for row in sample {
            guard case .object(let members) = row else { continue }
            for member in members {
                if case .object(let inner) = member.value, !inner.isEmpty {
                    for child in inner { add(member.key + "." + child.key, [member.key, child.key]) }
                } else {
                    add(member.key, [member.key])
                }
            }
        }
        return columns
    }

    static func value(_ row: JSON, _ path: [String]) -> JSON? {
        path.reduce(Optional(row)) { value, key in value?[key] }
    }

    /// A cell's text on one line: scalars as they are, made safe; containers summarised.
    private func cell(_ row: JSON, _ column: Column) -> String {
        switch Self.value(row, column.path) {
        case nil: return ""
        case .array(let items)?: return "[\(items.count) \(items.count == 1 ? "item" : "items")]"
        case .object(let members)?: return "{\(members.count) \(members.count == 1 ? "key" : "keys")}"
        case let scalar?:
            let text = scalar.scalarText ?? ""
            // On a screen a cell is at most a column wide: cutting first bounds the work of a
            // long string. With no screen to fit (a pipe), it is whole.
            let limit = Self.maxColumnWidth + 1
            let bounded = context.hasScreenWidth && text.utf8.count > limit ? String(text.prefix(limit)) : text
            return UntrustedText.forTerminalLine(bounded)
        }
    }

    /// Display width, with a fast path for ASCII, which most cells are.
    static func width(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : TerminalText.displayWidth(text)
    }
}
