import TerminalText

/// A place the user went to over the focused source's list, or what lies over it: the screen
/// model keeps a stack of them, the last on screen, and Esc goes back one. Each is a value
/// with the keys it takes and the rows it shows; what it cannot decide alone (opening,
/// following a link, going back along a trail) it leaves to the model.
package enum Route {
    /// An item's detail, loaded by the session, with its related lists.
    case detail(DetailRoute)
    /// A feed entry shown from its own words.
    case entry(ScreenModel.EntryView)
    /// An item shown whole, field by field.
    case record(RecordView)
    /// JSON explored: an item whole, or what a filter gave.
    case explorer(ExplorerRoute)
    /// The help, over everything.
    case help(HelpRoute)
    /// The log of what was said on stderr, over the view.
    case log(LogRoute)

    /// The pane it shows; nil for the help and the log, which show their own lines.
    var pane: Pane? {
        switch self {
        case .detail(let detail): detail.pane
        case .entry(let entry): entry.pane
        case .record(let record): record.pane
        case .explorer, .help, .log: nil
        }
    }

    /// Changes the pane it shows, if it shows one.
    mutating func changePane(_ change: (inout Pane) -> Void) {
        switch self {
        case .detail(var detail): change(&detail.pane); self = .detail(detail)
        case .entry(var entry): change(&entry.pane); self = .entry(entry)
        case .record(var record): change(&record.pane); self = .record(record)
        case .explorer, .help, .log: break
        }
    }

    /// Whether it lies over the place the user is rather than being one (the help, the
    /// log): the keys go to it first, and the place's own keys wait under it.
    var isOverlay: Bool {
        switch self {
        case .help, .log: true
        case .detail, .entry, .record, .explorer: false
        }
    }
}

/// An item's detail on screen: its facts as the session last said, its pane, and where Tab
/// stands among its related lists.
package struct DetailRoute {
    package var facts: DetailFacts
    package var pane = Pane()
    /// Whether each of its sources came back unchanged (a 304).
    package var unchanged: [Bool]
    /// Which of its related lists has the focus, its items selectable (Tab); nil while its
    /// own content has it.
    package var relatedFocus: Int?
    /// Its text and where its related lists stand in it, as last rendered.
    var rendered: RenderedDetail?
    /// The ask for its render the model waits for, if any.
    var pendingRender: Int?

    init(_ facts: DetailFacts) {
        self.facts = facts
        unchanged = Array(repeating: false, count: facts.sourceCount)
    }

    /// Where its related lists stand in its text, as last rendered.
    var sections: [(heading: Int, items: [Int])] { rendered?.related ?? [] }

    /// Lays the pane out from the last render, keeping its cursor: the items of the related
    /// list in focus are its items, to select and show whole (none while it loads); with none
    /// in focus, the detail's own, when it is a list.
    mutating func layOut(rows: Int) {
        guard let rendered else { return }
        let items = relatedFocus.map { sections.indices.contains($0) ? sections[$0].items : [] } ?? rendered.items
        pane.keepsGutter = true
        pane.show(rendered.text, items: items.isEmpty ? nil : items)
        pane.cursor.clamp(to: pane.layout(rows: rows))
    }

    /// Tab and Shift-Tab: the focus goes round its own content and its related lists, the
    /// list that takes it with its first item selected and its heading on top. Returns what
    /// to tell the user when there is nowhere to go.
    mutating func moveFocus(forward: Bool, rows: Int) -> String? {
        let count = sections.count
        guard count > 0 else { return "this detail has no related lists" }
        // Positions: -1 the detail's own content, then each related list.
        let position = relatedFocus ?? -1
        let next = (position + 1 + (forward ? 1 : count)) % (count + 1) - 1
        relatedFocus = next < 0 ? nil : next
        pane.cursor.selection = nil
        // The same text, its items those of the list in focus now: laid out again, not rendered.
        layOut(rows: rows)
        pane.cursor.scroll = relatedFocus.map { sections[$0].heading } ?? 0
        pane.cursor.clamp(to: pane.layout(rows: rows))
        return nil
    }
}

/// The help over the view: every key, scrolled when taller than the screen.
package struct HelpRoute {
    /// Its first line on screen.
    package var scroll = 0

    /// A key on the help: those that scroll scroll it; any other closes it (false), and does
    /// nothing else.
    mutating func update(_ key: Key, rows: Int, columns: Int) -> Bool {
        let room = max(ScreenKeys.helpLines(width: columns).count - rows, 0)
        switch key {
        case .mouse(let mouse) where mouse.action != .click:
            scroll = mouse.action == .wheelDown ? min(scroll + ScreenModel.wheelLines, room) : max(scroll - ScreenModel.wheelLines, 0)
        case .down, .character("j"), .pageDown, .character(" "), .character("f"):
            scroll = min(scroll + (key == .down || key == .character("j") ? 1 : rows - 1), room)
        case .up, .character("k"), .pageUp, .character("b"):
            scroll = max(scroll - (key == .up || key == .character("k") ? 1 : rows - 1), 0)
        default:
            return false
        }
        return true
    }

    func view(rows: Int, columns: Int) -> [String] {
        Array(ScreenKeys.helpLines(width: columns).dropFirst(scroll).prefix(rows).map { TerminalText.truncated($0, toWidth: columns) })
    }

    func footer(rows: Int, columns: Int) -> String {
        ScreenKeys.helpLines(width: columns).count > rows ? "↑↓ scroll the help · any other key closes it" : "any key closes the help"
    }
}

/// The log over the view: the lines said on stderr while the screen is up.
package struct LogRoute {
    /// Its first line on screen; nil while it follows the end.
    var scroll: Int?

    /// What a key does on the log.
    enum Outcome { case scrolled, closed, notMine }

    /// The first line shown: where the user scrolled to, or the last screenful.
    func start(lineCount: Int, rows: Int) -> Int {
        let last = max(lineCount - rows, 0)
        return min(scroll ?? last, last)
    }

    /// A key on the log: those that scroll scroll it, `L` and Esc close it; `.notMine` for a
    /// key it leaves to the view under it.
    mutating func update(_ key: Key, lineCount: Int, rows: Int) -> Outcome {
        let start = start(lineCount: lineCount, rows: rows)
        switch key {
        case .character("L"), .escape: return .closed
        case .up, .character("k"): scroll = max(start - 1, 0)
        case .down, .character("j"): scroll = start + 1
        case .pageUp, .character("b"), .control("b"): scroll = max(start - (rows - 1), 0)
        case .pageDown, .character(" "), .character("f"), .control("f"): scroll = start + rows - 1
        case .control("u"): scroll = max(start - rows / 2, 0)
        case .control("d"): scroll = start + rows / 2
        case .home, .character("g"): scroll = 0
        case .end, .character("G"): scroll = nil
        case .mouse(let mouse) where mouse.action != .click:
            scroll = max(start + (mouse.action == .wheelDown ? ScreenModel.wheelLines : -ScreenModel.wheelLines), 0)
        default: return .notMine
        }
        // At the end again, it follows new lines.
        if let scroll, scroll >= max(lineCount - rows, 0) { self.scroll = nil }
        return .scrolled
    }

    func view(_ log: [String], rows: Int, columns: Int) -> [String] {
        log.dropFirst(start(lineCount: log.count, rows: rows)).prefix(rows).map { TerminalText.truncated($0, toWidth: columns) }
    }

    func footer(_ log: [String]) -> String {
        let keys = "↑↓ scroll · L or Esc closes"
        return log.isEmpty ? "the log is empty: -v traces requests here · " + keys : "log, \(log.count) lines · " + keys
    }
}
