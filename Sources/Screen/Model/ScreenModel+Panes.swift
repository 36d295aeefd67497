import LoadCore

/// What the panes hold: each source's list (its versions, the highlight of what changed, the
/// skeleton or failure before any content) and the open detail.
///
/// Content is never rendered here: a pane that needs it asks for a render
/// (`ScreenCommand.render`), and shows what it gave when it comes (`ScreenMessage.rendered`).
/// Until then the pane shows what it showed; a later ask for the same pane replaces the first.
extension ScreenModel {
    /// A list render the model waits for.
    struct PendingList {
        /// Which ask it is: a result for an earlier one is stale.
        var serial: Int
        /// New content a load came to rest with, to show if it renders differently from what
        /// is shown, as a version; nil to show the pane's content as it stands.
        var presenting: Presenting?
        /// Whether what changed since the version before is marked.
        var marking: Bool
    }

    /// New content to show, and what the message that brought it said.
    struct Presenting {
        var content: AnyContent
        var bytes: Int
        var time: WallTime
        /// When the message that brought it came, for the notes it leads to.
        var arrivedAt: ContinuousClock.Instant
        /// Whether the load's verdict is to be said once it is rendered: a load that came to
        /// rest (not a cancelled chain), with whether it changed what the server sent.
        var judges: Bool
        var changed: Bool?
    }

    /// Asks for source `index`'s new content to be rendered and shown (`presentRendered`).
    mutating func present(_ index: Int, _ presenting: Presenting) {
        ask(.list(index))
        pendingLists[index] = PendingList(serial: renderSerial, presenting: presenting, marking: false)
    }

    /// Shows what source `index`'s pane holds: the version the user looks at, or the latest
    /// content (rendered: asked for), or the skeleton while a first load runs, or why it
    /// failed (drawn now: no content to render). With `marking`, what changed since the
    /// version before is highlighted for this cycle.
    mutating func showList(of index: Int, marking: Bool = false) {
        guard listContent(of: index) != nil else {
            pendingLists[index] = nil
            let rows = contentRows
            lists[index].show(renderer.placeholder(source: index, state: sources[index].state, width: terminalColumns, rows: rows), items: nil)
            lists[index].cursor.clamp(to: lists[index].layout(rows: rows))
            return
        }
        // New content on its way shows as it comes, at the size then.
        if var pending = pendingLists[index], pending.presenting != nil {
            ask(.list(index))
            pending.serial = renderSerial
            pending.marking = pending.marking || marking
            pendingLists[index] = pending
            return
        }
        ask(.list(index))
        pendingLists[index] = PendingList(serial: renderSerial, presenting: nil, marking: marking)
    }

    /// Asks for the open detail to be rendered anew (its sources' states changed, or the size).
    mutating func composeDetail() {
        guard detail != nil else { return }
        ask(.detail)
        pendingDetail = renderSerial
    }

    /// The render that `request` waits for, as things stand now; nil when nothing waits for
    /// it any more (a later change took its place, or the detail closed).
    package func renderJob(_ request: RenderRequest) -> RenderJob? {
        switch request {
        case .list(let index):
            guard let pending = pendingLists[index] else { return nil }
            let work: RenderJob.Work
            if let presenting = pending.presenting {
                // Marked against what is shown, on the source in focus, where it is seen.
                let marks = index == focus && histories[index].isFollowing
                work = .list(presenting.content, previous: marks ? shown[index]?.content : nil, previousText: marks ? shown[index]?.text : nil)
            } else {
                guard let content = listContent(of: index) else { return nil }
                work = .list(content, previous: pending.marking ? histories[index].previous : nil, previousText: nil)
            }
            return RenderJob(request: request, serial: pending.serial, width: terminalColumns, rows: contentRows, work: work)
        case .detail:
            guard let serial = pendingDetail, let facts = detail?.facts else { return nil }
            return RenderJob(request: request, serial: serial, width: terminalColumns, rows: contentRows,
                             work: .detail(facts, skeletonPlugin: detailPlugins[facts.parent]))
        }
    }

    /// The renders the model waits for, in no order: asked for before and not yet given (a
    /// signal dropped them).
    package var pendingRenders: [RenderRequest] {
        pendingLists.keys.map(RenderRequest.list) + (pendingDetail != nil ? [.detail] : [])
    }

    /// Takes what a render gave, if it is what the model still waits for, at the size it has.
    mutating func rendered(_ result: RenderResult) {
        guard result.width == terminalColumns, result.rows == contentRows else { return }
        switch (result.request, result.output) {
        case (.list(let index), .list(let list, let before, let changedText)):
            guard let pending = pendingLists[index], pending.serial == result.serial else { return }
            pendingLists[index] = nil
            let changes = marks(list, before: before, changedText: changedText)
            if let presenting = pending.presenting {
                presentRendered(index, presenting, list: list, changes: changes)
            } else {
                showRendered(index, list: list, changes: changes)
            }
        case (.detail, .detail(let rendered)):
            guard pendingDetail == result.serial, detail != nil else { return }
            pendingDetail = nil
            detailRendered = rendered
            layOutDetail()
        default:
            break
        }
    }

    /// Lays out the open detail's pane from its last render, keeping its cursor. It scrolls;
    /// the items of the related list Tab gave the focus to are its items, to select and show
    /// whole.
    mutating func layOutDetail() {
        guard detail != nil, let rendered = detailRendered else { return }
        let rows = contentRows
        // The focused related list's items are the pane's, to select; none while it loads.
        let items = relatedFocus.flatMap { detailSections.indices.contains($0) ? detailSections[$0].items : nil }
        detail!.pane.keepsGutter = true
        detail!.pane.show(rendered.text, items: items?.isEmpty == false ? items : nil)
        detail!.pane.cursor.clamp(to: detail!.pane.layout(rows: rows))
    }

    /// Where the open detail's related lists stand in its text, as last rendered.
    var detailSections: [(heading: Int, items: [Int])] { detailRendered?.related ?? [] }

    // MARK: Showing what was rendered

    /// The content source `index`'s pane shows: the version looked at, or the latest.
    private func listContent(of index: Int) -> AnyContent? {
        histories[index].current?.version ?? shown[index]?.content ?? sources[index].state.content
    }

    /// New content, rendered: shown as a version if its text differs from what is shown (while
    /// the user looks at an earlier version, it waits), and the load's verdict said.
    private mutating func presentRendered(_ index: Int, _ presenting: Presenting, list: RenderedList, changes: Pane.Changes?) {
        let drawnAnew = list.text != shown[index]?.text
        if drawnAnew {
            shown[index] = (presenting.content, list.text)
            histories[index].record(presenting.content, bytes: max(presenting.bytes, list.text.utf8.count), at: presenting.time)
            if histories[index].isFollowing { showRendered(index, list: list, changes: index == focus ? changes : nil) }
        }
        if presenting.judges {
            // Changed or not is the load's verdict, on what the server sent; the text alone
            // misses a change to a field the view does not show, which is then said.
            unchanged[index] = !(presenting.changed ?? drawnAnew)
            if presenting.changed == true, !drawnAnew { note(Self.hiddenChange, about: sources[index].name, now: presenting.arrivedAt) }
        }
        if shown[index] == nil { showList(of: index) }
    }

    private mutating func showRendered(_ index: Int, list: RenderedList, changes: Pane.Changes?) {
        lists[index].show(list.text, items: list.items, keys: list.keys, itemsEnd: list.itemsEnd, changes: changes)
        if histories[index].isFollowing, let last = shown[index] {
            // Rendered anew (a resize): the next reload compares with what is on screen now.
            shown[index] = (last.content, list.text)
        }
        lists[index].cursor.clamp(to: lists[index].layout(rows: contentRows))
    }

    /// What changed in `list` since the version before: item by item on a list, so that
    /// removed items show struck through, and line by line, highlighted, elsewhere.
    private func marks(_ list: RenderedList, before: RenderedList?, changedText: String?) -> Pane.Changes? {
        if let before, let items = list.items, let keys = list.keys, let beforeItems = before.items, let beforeKeys = before.keys {
            let current = ListChanges.Rendering(lines: Pane.split(list.text), itemLines: items, keys: keys,
                                                fingerprints: list.fingerprints, end: list.itemsEnd)
            let previous = ListChanges.Rendering(lines: Pane.split(before.text), itemLines: beforeItems, keys: beforeKeys,
                                                 fingerprints: before.fingerprints, end: before.itemsEnd)
            return ListChanges.marked(current, since: previous).map(Pane.Changes.items)
        }
        return changedText.map { .lines(Pane.split($0)) }
    }

    /// Notes that `request` is to be asked for when the message in hand is done.
    private mutating func ask(_ request: RenderRequest) {
        renderSerial += 1
        if !renderAsks.contains(request) { renderAsks.append(request) }
    }
}
