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
        // JSON explored is shown as it is: nothing to render.
        if let json = renderer.explorable(presenting.content) { return presentExplored(index, presenting, json: json) }
        var presenting = presenting
        if presenting.judges, let changed = presenting.changed { perSource[index].unchanged = !changed }
        ask(.list(index))
        var pending = perSource[index].pendingList ?? PendingList(serial: 0, presenting: nil, showsAnew: false, marking: false)
        if let earlier = pending.presenting, earlier.judges, !presenting.judges {
            // A cancelled chain's pages after a load whose render is still to come: that
            // load's verdict still waits on the text.
            (presenting.judges, presenting.changed) = (true, earlier.changed)
        }
        pending.serial = renders.serial
        pending.presenting = presenting
        perSource[index].pendingList = pending
    }

    /// A 304: the source's content is as it was, whatever a render still to come would say.
    mutating func confirmUnchanged(_ index: Int) {
        perSource[index].unchanged = true
        perSource[index].pendingList?.presenting?.judges = false
    }

    /// Shows what source `index`'s pane holds: the version the user looks at, or the latest
    /// content (rendered: asked for), or the skeleton while a first load runs, or why it
    /// failed (drawn now: no content to render). With `marking`, what changed since the
    /// version before is highlighted for this cycle.
    mutating func showList(of index: Int, marking: Bool = false) {
        if let content = shownContent(of: index), let json = renderer.explorable(content) {
            return explore(index, json, marking: marking)
        }
        guard shownContent(of: index) != nil || perSource[index].pendingList?.presenting != nil else {
            perSource[index].pendingList = nil
            let rows = contentRows
            perSource[index].pane.show(renderer.placeholder(source: index, state: sources[index].state, width: terminalColumns, rows: rows), items: nil)
            perSource[index].pane.cursor.clamp(to: perSource[index].pane.layout(rows: rows))
            return
        }
        ask(.list(index))
        var pending = perSource[index].pendingList ?? PendingList(serial: 0, presenting: nil, showsAnew: false, marking: false)
        pending.serial = renders.serial
        pending.showsAnew = true
        pending.marking = pending.marking || marking
        perSource[index].pendingList = pending
    }

    /// Asks for the open detail to be rendered anew (its sources' states changed, or the size).
    mutating func composeDetail() {
        guard detail != nil else { return }
        ask(.detail)
        let serial = renders.serial
        changeDetail { $0.pendingRender = serial }
    }

    /// The render that `request` waits for, as things stand now; nil when nothing waits for
    /// it any more (a later change took its place, or the detail closed).
    package func renderJob(_ request: RenderRequest) -> RenderJob? {
        switch request {
        case .list(let index):
            guard let pending = perSource[index].pendingList else { return nil }
            let work: RenderJob.Work
            if let presenting = pending.presenting {
                // Compared with what is shown, and marked against it on the source in focus.
                let marks = index == focus && perSource[index].history.isFollowing
                let sameWidth = perSource[index].shown?.width == terminalColumns
                work = .list(presenting.content, previous: perSource[index].shown?.content, previousText: sameWidth ? perSource[index].shown?.text : nil,
                             marks: marks)
            } else {
                guard let content = shownContent(of: index) else { return nil }
                let previous = pending.marking ? perSource[index].history.previous : nil
                work = .list(content, previous: previous, previousText: nil, marks: previous != nil)
            }
            return RenderJob(request: request, serial: pending.serial, width: terminalColumns, rows: contentRows, work: work)
        case .detail:
            guard let serial = detail?.pendingRender, let facts = detail?.facts else { return nil }
            return RenderJob(request: request, serial: serial, width: terminalColumns, rows: contentRows,
                             work: .detail(facts, skeletonPlugin: perSource[facts.parent].detailPlugin))
        case .entry:
            guard let entry, let serial = entry.pendingRender else { return nil }
            return RenderJob(request: request, serial: serial, width: terminalColumns, rows: contentRows, work: .entry(entry.list, item: entry.item))
        }
    }

    /// The renders the model waits for, in no order: asked for before and not yet given (a
    /// signal dropped them).
    package var pendingRenders: [RenderRequest] {
        perSource.indices.filter { perSource[$0].pendingList != nil }.map(RenderRequest.list)
            + (detail?.pendingRender != nil ? [.detail] : []) + (entry?.pendingRender != nil ? [.entry] : [])
    }

    /// Takes what a render gave, if it is what the model still waits for, at the size it has.
    mutating func rendered(_ result: RenderResult) {
        guard result.width == terminalColumns, result.rows == contentRows else { return }
        switch (result.request, result.output) {
        case (.list(let index), .list(let list)):
            guard let pending = perSource[index].pendingList, pending.serial == result.serial else { return }
            perSource[index].pendingList = nil
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
            guard let open = detail, open.pendingRender == result.serial else { return }
            let rows = contentRows
            let restoring = trail.restoring.flatMap { $0.url == open.facts.url && open.facts.main.state.content != nil ? $0.cursor : nil }
            if restoring != nil { trail.restoring = nil }
            changeDetail { detail in
                detail.pendingRender = nil
                detail.rendered = rendered
                detail.layOut(rows: rows)
                if let restoring {
                    // Back along the trail: the page as it was left, once its content is in.
                    detail.pane.cursor = restoring
                    detail.pane.cursor.clamp(to: detail.pane.layout(rows: rows))
                }
            }
        case (.entry, .entry(let page, let text)):
            guard let open = entry, open.pendingRender == result.serial else { return }
            changeEntry { $0.pendingRender = nil }
            showEntry(page, text: text)
        default:
            break
        }
    }

    // MARK: Showing what was rendered

    /// New content, rendered: shown as a version if its text differs from what is shown (while
    /// the user looks at an earlier version, it waits), and what of the load's verdict waited
    /// on the text said. Returns whether the pane was drawn.
    private mutating func presentRendered(_ index: Int, _ presenting: Presenting, list: RenderResult.List, changes: Pane.Changes?) -> Bool {
        let base = list.previousText ?? perSource[index].shown?.text
        let drawnAnew = list.list.text != base
        // A version is new against the last version, not against a stream's frame drawn since
        // (its items as they came, which the version they come to rest as may match).
        let newVersion = list.list.text != ((perSource[index].streamFrame != nil) ? perSource[index].streamFrame ?? nil : base)
        if presenting.isVersion {
            perSource[index].streamFrame = nil
        } else if !(perSource[index].streamFrame != nil) {
            perSource[index].streamFrame = .some(perSource[index].shown?.text)
        }
        var drawn = false
        if drawnAnew {
            perSource[index].shown = (presenting.content, list.list.text, terminalColumns)
            if perSource[index].history.isFollowing {
                showRendered(index, list: list.list, changes: index == focus ? changes : nil)
                drawn = true
            }
        }
        if presenting.isVersion, newVersion {
            perSource[index].history.record(presenting.content, bytes: max(presenting.bytes, list.list.text.utf8.count), at: presenting.time)
        }
        if presenting.judges {
            // Changed or not is the load's verdict, on what the server sent; without one, the
            // text says; a change the text misses (a field the view does not show) is said.
            if presenting.changed == nil { perSource[index].unchanged = !newVersion }
            if presenting.changed == true, !newVersion { note(Self.hiddenChange, about: sources[index].name, now: presenting.arrivedAt) }
        }
        return drawn
    }

    private mutating func showRendered(_ index: Int, list: RenderedList, changes: Pane.Changes?) {
        perSource[index].explorer = nil
        perSource[index].pane.show(list.text, items: list.items, keys: list.keys, itemsEnd: list.itemsEnd, changes: changes)
        if list.items != nil, let content = shownContent(of: index), renderer.hasEntries(content) {
            perSource[index].isReading = true
        } else {
            perSource[index].isReading = false
        }
        markUnread(in: index)
        rerunFilters(of: index)
        if perSource[index].history.isFollowing, let last = perSource[index].shown {
            // Rendered anew (a resize): the next reload compares with what is on screen now.
            perSource[index].shown = (last.content, list.text, terminalColumns)
        }
        perSource[index].pane.cursor.clamp(to: perSource[index].pane.layout(rows: contentRows))
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
        renders.serial += 1
        if !renders.asked.contains(request) { renders.asked.append(request) }
    }
}
