import TerminalText

/// Going further than a detail: Tab moves between the detail and its related lists, whose
/// items Enter shows whole, as records on top; an item that opens no detail is shown whole too.
extension ScreenModel {
    /// Shows the item with `fields` whole, on top of what is on screen.
    mutating func showRecord(title: String, fields: [String: String], note: String? = nil) {
        push(.record(RecordView(title: title, fields: fields, note: note)))
        composeRecord()
    }

    /// Lays the record on top out again at the screen's width, keeping its scroll.
    mutating func composeRecord() {
        guard let index = routes.lastIndex(where: { if case .record = $0 { true } else { false } }),
              case .record(var record) = routes[index] else { return }
        record.pane.show(record.text(width: columns, styled: renderer.allowsStyling), items: nil)
        record.pane.cursor.clamp(to: record.pane.layout(rows: contentRows))
        routes[index] = .record(record)
    }

    /// ` › Its title` for an item with a title, else ` › 7` for one whose id is 7; empty when
    /// it has neither. A title is cut at 40 columns: the breadcrumb has more to say.
    package static func label(_ fields: [String: String]) -> String {
        (fields["title"].map { TerminalText.truncated(UntrustedText.forTerminalLine($0), toWidth: 40) } ?? fields["id"]).map { " › " + $0 } ?? ""
    }
}
