import TerminalText

/// Going further than a detail: Tab moves between the detail and its related lists, whose
/// items Enter shows whole, as records on top; an item that opens no detail is shown whole too.
extension ScreenModel {
    /// Shows the item with `fields` whole, on top of what is on screen.
    mutating func showRecord(title: String, fields: [String: String], note: String? = nil) {
        records.append(RecordView(title: title, fields: fields, note: note))
        composeRecord()
    }

    /// Lays the record on top out again at the screen's width, keeping its scroll.
    mutating func composeRecord() {
        guard var record = records.last else { return }
        record.pane.show(record.text(width: columns, styled: renderer.allowsStyling), items: nil)
        record.pane.cursor.clamp(to: record.pane.layout(rows: contentRows))
        records[records.count - 1] = record
    }

    /// ` › Its title` for an item with a title, else ` › 7` for one whose id is 7; empty when
    /// it has neither. A title is cut at 40 columns: the breadcrumb has more to say.
    package static func label(_ fields: [String: String]) -> String {
        (fields["title"].map { TerminalText.truncated(UntrustedText.forTerminalLine($0), toWidth: 40) } ?? fields["id"]).map { " › " + $0 } ?? ""
    }

    /// Tab and Shift-Tab in a detail: the focus goes round its own content and its related
    /// lists, the list that takes it with its first item selected and its heading on top.
    mutating func moveDetailFocus(forward: Bool, now: ContinuousClock.Instant) {
        // Before the detail's first render, where its related lists stand is not known yet.
        guard let open = detail, detailRendered != nil else { return }
        let count = detailSections.count
        guard count > 0 else {
            note("this detail has no related lists", about: open.facts.main.name, now: now)
            return
        }
        // Positions: -1 the detail's own content, then each related list.
        let position = relatedFocus ?? -1
        let next = (position + 1 + (forward ? 1 : count)) % (count + 1) - 1
        relatedFocus = next < 0 ? nil : next
        detail!.pane.cursor.selection = nil
        // The same text, its items those of the list in focus now: laid out again, not rendered.
        layOutDetail()
        detail!.pane.cursor.scroll = relatedFocus.map { detailSections[$0].heading } ?? 0
        detail!.pane.cursor.clamp(to: detail!.pane.layout(rows: contentRows))
    }
}
