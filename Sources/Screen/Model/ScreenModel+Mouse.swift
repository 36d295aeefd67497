/// The mouse, with SGR reporting on: a click selects the item under it, a second click on it
/// opens it, and the wheel scrolls.
extension ScreenModel {
    /// How long apart two clicks on one item may be to open it.
    package static let doubleClick = Duration.milliseconds(400)
    /// Lines a turn of the wheel scrolls, as most terminals' own scrollback does.
    package static let wheelLines = 3

    mutating func click(_ mouse: Key.Mouse, now: ContinuousClock.Instant) -> [ScreenCommand] {
        let rows = contentRows
        let before = pane.cursor.selection
        switch mouse.action {
        case .wheelUp, .wheelDown:
            let lines = mouse.action == .wheelDown ? Self.wheelLines : -Self.wheelLines
            changePane { $0.cursor.scroll(by: lines, in: $0.layout(rows: rows)) }
            return selectionMoved(from: before)
        case .click:
            // Rows count from 1: the status lines (as many as the frame draws), the banner or
            // rule, then the content.
            let row = mouse.row - 1 - (view().status.count + 1)
            guard (0..<rows).contains(row) else { return [] }
            var cursor = pane.cursor
            cursor.clamp(to: pane.layout(rows: rows))
            let line = cursor.scroll + row
            guard pane.hasItems, line < pane.lines.count else { return [] }
            var item: Int?
            changePane { item = $0.cursor.select(line: line, in: $0.layout(rows: rows)) }
            guard let item else { return [] }
            let again = lastClick.map { $0.item == item && $0.source == focus && now - $0.at <= Self.doubleClick } ?? false
            lastClick = again ? nil : (focus, item, now)
            if again { return open(now: now) }
            return selectionMoved(from: before)
        }
    }
}
