import LoadCore

/// What the panes hold: each source's list (its versions, the highlight of what changed, the
/// skeleton or failure before any content) and the open detail.
///
/// Content is never rendered here: a pane that needs it asks for a render
/// (`ScreenCommand.render`), and shows what it gave when it comes (`ScreenMessage.rendered`).
/// Until then the pane shows what it showed. Asks for the same pane add up: new content to
/// show, and the pane to show anew (a resize, another version looked at), in one render each.
extension ScreenModel {
    /// A list render the model waits for.
    struct PendingList {
        /// Which ask it is: a result for an earlier one is stale.
        var serial: Int
        /// New content a load came to rest with, to show if it renders differently from what
        /// is shown, as a version.
        var presenting: Presenting?
        /// Whether the pane is to be shown anew as it stands (once the new content, if any, is
        /// in), and whether what changed since the version before is marked then.
        var showsAnew: Bool
        var marking: Bool
    }

    /// New content to show, and what the message that brought it said.
    struct Presenting {
        var content: AnyContent
        var bytes: Int
        var time: WallTime
        /// When the message that brought it came, for the notes it leads to.
        var arrivedAt: ContinuousClock.Instant
        /// Whether the load's verdict waits on the render: a load that came to rest with no
        /// fingerprint to say whether it changed, which the text then says, or one that
        /// changed where the text may not show it, which is then said.
        var judges: Bool
        var changed: Bool?
        /// Whether it is a version of the source's, kept to step back to: a live stream's
        /// content while it grows is not (its version is what it comes to rest with).
        var isVersion = true
    }

    /// Asks for source `index`'s new content to be rendered and shown (`presentRendered`).
    /// What the load's verdict says without the text is taken now.
    mutating func present(_ index: Int, _ presenting: Presenting) {
        var presenting = presenting
        if presenting.judges, let changed = presenting.changed { unchanged[index] = !changed }
        ask(.list(index))
        var pending = pendingLists[index] ?? PendingList(serial: 0, presenting: nil, showsAnew: false, marking: false)
        if let earlier = pending.presenting, earlier.judges, !presenting.judges {
            // A cancelled chain's pages after a load whose render is still to come: that
            // load's verdict still waits on the text.
            (presenting.judges, presenting.changed) = (true, earlier.changed)
        }
        pending.serial = renderSerial
        pending.presenting = presenting
        pendingLists[index] = pending
    }

    /// A 304: the source's content is as it was, whatever a render still to come would say.
    mutating func confirmUnchanged(_ index: Int) {
        unchanged[index] = true
        pendingLists[index]?.presenting?.judges = false
    }

    /// Shows what source `index`'s pane holds: the version the user looks at, or the latest
    /// content (rendered: asked for), or the skeleton while a first load runs, or why it
    /// failed (drawn now: no content to render). With `marking`, what changed since the
    /// version before is highlighted for this cycle.
    mutating func showList(of index: Int, marking: Bool = false) {
        guard shownContent(of: index) != nil || pendingLists[index]?.presenting != nil else {
            pendingLists[index] = nil
            let rows = contentRows
            lists[index].show(renderer.placeholder(source: index, state: sources[index].state, width: terminalColumns, rows: rows), items: nil)
            lists[index].cursor.clamp(to: lists[index].layout(rows: rows))
            return
        }
        ask(.list(index))
        var pending = pendingLists[index] ?? PendingList(serial: 0, presenting: nil, showsAnew: false, marking: false)
        pending.serial = renderSerial
        pending.showsAnew = true
        pending.marking = pending.marking || marking
        pendingLists[index] = pending
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
                // Compared with what is shown, and marked against it on the source in focus.
                let marks = index == focus && histories[index].isFollowing
                let sameWidth = shown[index]?.width == terminalColumns
                work = .list(presenting.content, previous: shown[index]?.content, previousText: sameWidth ? shown[index]?.text : nil,
                             marks: marks)
            } else {
                guard let content = shownContent(of: index) else { return nil }
                let previous = pending.marking ? histories[index].previous : nil
                work = .list(content, previous: previous, previousText: nil, marks: previous != nil)
            }
            return RenderJob(request: request, serial: pending.serial, width: terminalColumns, rows: contentRows, work: work)
        case .detail:
            guard let serial = pendingDetail, let facts = detail?.facts else { return nil }
            return RenderJob(request: request, serial: serial, width: terminalColumns, rows: contentRows,
                             work: .detail(facts, skeletonPlugin: detailPlugins[facts.parent]))
        case .entry:
            guard let serial = pendingEntry, let entry else { return nil }
            return RenderJob(request: request, serial: serial, width: terminalColumns, rows: contentRows, work: .entry(entry.list, item: entry.item))
        }
    }

    /// The renders the model waits for, in no order: asked for before and not yet given (a
    /// signal dropped them).
    package var pendingRenders: [RenderRequest] {
        pendingLists.keys.map(RenderRequest.list) + (pendingDetail != nil ? [.detail] : []) + (pendingEntry != nil ? [.entry] : [])
    }

    /// Takes what a render gave, if it is what the model still waits for, at the size it has.
    mutating func rendered(_ result: RenderResult) {
        guard result.width == terminalColumns, result.rows == contentRows else { return }
        switch (result.request, result.output) {
        case (.list(let index), .list(let list)):
            guard let pending = pendingLists[index], pending.serial == result.serial else { return }
            pendingLists[index] = nil
            let changes = marks(list)
            var drawn = false
            if let presenting = pending.presenting {
                drawn = presentRendered(index, presenting, list: list, changes: changes)
            } else {
                showRendered(index, list: list.list, changes: changes)
                drawn = true
            }
            // Asked to show the pane anew as well (another version looked at, a resize):
            // what the new content's render did not draw is drawn as it stands now.
            if pending.showsAnew, !drawn { showList(of: index, marking: pending.marking) }
        case (.detail, .detail(let rendered)):
            guard pendingDetail == result.serial, detail != nil else { return }
            pendingDetail = nil
            detailRendered = rendered
            layOutDetail()
            if let restoring, restoring.url == detail!.facts.url, detail!.facts.main.state.content != nil {
                // Back along the trail: the page as it was left, once its content is in.
                self.restoring = nil
                detail!.pane.cursor = restoring.cursor
                detail!.pane.cursor.clamp(to: detail!.pane.layout(rows: contentRows))
            }
        case (.entry, .entry(let page, let text)):
            guard pendingEntry == result.serial else { return }
            pendingEntry = nil
            showEntry(page, text: text)
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
        // The focused related list's items are the pane's, to select (none while it loads);
        // with none in focus, the detail's own, when it is a list.
        let items = relatedFocus.map { detailSections.indices.contains($0) ? detailSections[$0].items : [] } ?? rendered.items
        detail!.pane.keepsGutter = true
        detail!.pane.show(rendered.text, items: items.isEmpty ? nil : items)
        detail!.pane.cursor.clamp(to: detail!.pane.layout(rows: rows))
    }

    /// Where the open detail's related lists stand in its text, as last rendered.
    var detailSections: [(heading: Int, items: [Int])] { detailRendered?.related ?? [] }

    // MARK: Showing what was rendered

    /// New content, rendered: shown as a version if its text differs from what is shown (while
    /// the user looks at an earlier version, it waits), and what of the load's verdict waited
    /// on the text said. Returns whether the pane was drawn.
    private mutating func presentRendered(_ index: Int, _ presenting: Presenting, list: RenderResult.List, changes: Pane.Changes?) -> Bool {
        let base = list.previousText ?? shown[index]?.text
        let drawnAnew = list.list.text != base
        // A version is new against the last version, not against a stream's frame drawn since
        // (its items as they came, which the version they come to rest as may match).
        let newVersion = list.list.text != (streamFrames.keys.contains(index) ? streamFrames[index] ?? nil : base)
        if presenting.isVersion {
            streamFrames[index] = nil
        } else if !streamFrames.keys.contains(index) {
            streamFrames[index] = .some(shown[index]?.text)
        }
        var drawn = false
        if drawnAnew {
            shown[index] = (presenting.content, list.list.text, terminalColumns)
            if histories[index].isFollowing {
                showRendered(index, list: list.list, changes: index == focus ? changes : nil)
                drawn = true
            }
        }
        if presenting.isVersion, newVersion {
            histories[index].record(presenting.content, bytes: max(presenting.bytes, list.list.text.utf8.count), at: presenting.time)
        }
        if presenting.judges {
            // Changed or not is the load's verdict, on what the server sent; without one, the
            // text says; a change the text misses (a field the view does not show) is said.
            if presenting.changed == nil { unchanged[index] = !newVersion }
            if presenting.changed == true, !newVersion { note(Self.hiddenChange, about: sources[index].name, now: presenting.arrivedAt) }
        }
        return drawn
    }

    private mutating func showRendered(_ index: Int, list: RenderedList, changes: Pane.Changes?) {
        lists[index].show(list.text, items: list.items, keys: list.keys, itemsEnd: list.itemsEnd, changes: changes)
        if list.items != nil, let content = shownContent(of: index), renderer.hasEntries(content) {
            readingLists.insert(index)
        } else {
            readingLists.remove(index)
        }
        markUnread(in: index)
        if histories[index].isFollowing, let last = shown[index] {
            // Rendered anew (a resize): the next reload compares with what is on screen now.
            shown[index] = (last.content, list.text, terminalColumns)
        }
        lists[index].cursor.clamp(to: lists[index].layout(rows: contentRows))
    }

    /// What changed since the version before, as the render found it: item by item on a list,
    /// so that removed items show struck through, and line by line, highlighted, elsewhere.
    private func marks(_ rendered: RenderResult.List) -> Pane.Changes? {
        let list = rendered.list
        if let before = rendered.before, let items = list.items, let keys = list.keys, let beforeItems = before.items, let beforeKeys = before.keys {
            let current = ListChanges.Rendering(lines: Pane.split(list.text), itemLines: items, keys: keys,
                                                fingerprints: list.fingerprints, end: list.itemsEnd)
            let previous = ListChanges.Rendering(lines: Pane.split(before.text), itemLines: beforeItems, keys: beforeKeys,
                                                 fingerprints: before.fingerprints, end: before.itemsEnd)
            return ListChanges.marked(current, since: previous).map(Pane.Changes.items)
        }
        return rendered.changedText.map { .lines(Pane.split($0)) }
    }

    /// Notes that `request` is to be asked for when the message in hand is done.
    mutating func ask(_ request: RenderRequest) {
        renderSerial += 1
        if !renderAsks.contains(request) { renderAsks.append(request) }
    }
}
