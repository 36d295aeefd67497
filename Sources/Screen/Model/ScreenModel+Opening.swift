/// Going somewhere from the list: Enter opens the selected item (its entry, its detail, or an
/// item of a detail shown whole), a resting selection prefetches, `[` and `]` step through
/// versions, and Tab or a digit switches sources.
extension ScreenModel {
    /// Whose URL `o` and `y` take: the record or the detail on screen, the selected item, or
    /// the source.
    var linkTarget: LinkTarget {
        switch topPlace {
        case .record(let record)?: return .record(focus, fields: record.fields)
        case .explorer(let route)? where route.filter == nil: return .record(focus, fields: route.fields)
        case .explorer?: return detail != nil ? .detail : .source(focus)
        case .detail?: return .detail
        case .entry(let entry)?: return .item(entry.source, fields: entry.fields)
        case .help?, .log?, nil: break
        }
        if pane.hasItems, let selected = pane.cursor.selection, let content = shownContent(of: focus),
           let fields = renderer.itemFields(of: content, at: selected) {
            return .item(focus, fields: fields)
        }
        return .source(focus)
    }

    /// The name of what is on screen, for a note: the detail's or the focused source's.
    var shownName: String { detail?.facts.main.name ?? sources[focus].name }

    /// Enter: the selected item's detail, with the fields of the version on screen; in a
    /// detail, the selected item of its related list in focus, or of its own list (a link
    /// that opened one), shown whole.
    mutating func open(now: ContinuousClock.Instant) -> [ScreenCommand] {
        switch topPlace {
        case .detail(let detail)?: return open(in: detail, now: now)
        case .record?, .explorer?, .help?, .log?: return []
        case .entry?, nil: return openOnList(now: now)
        }
    }

    /// Enter on a detail: the selected item of its list in focus, shown whole.
    private mutating func open(in detail: DetailRoute, now: ContinuousClock.Instant) -> [ScreenCommand] {
        let relatedFocus = detail.relatedFocus
        // The selected item of the list in focus: a related list's, else the detail's own.
        let list = relatedFocus.map { detail.facts.related.indices.contains($0) ? detail.facts.related[$0] : nil } ?? detail.facts.main
        guard pane.hasItems, let list, let selected = pane.cursor.selection, let content = list.state.content,
              let fields = renderer.itemFields(of: content, at: selected) else {
            let advice = !detail.facts.related.isEmpty ? "Tab moves to its related lists; Enter shows the selected item whole"
                : shownLinks.isEmpty ? "nothing to open on this page" : "type a link's number, or Tab to it, then Enter"
            note(advice, about: detail.facts.main.name, now: now)
            return []
        }
        let title = detail.facts.main.name + (relatedFocus == nil ? "" : " › " + list.name)
        showRecord(title: title + Self.label(fields), fields: fields)
        return []
    }

    /// Enter on the list: the selected item's entry or detail.
    private mutating func openOnList(now: ContinuousClock.Instant) -> [ScreenCommand] {
        guard pane.hasItems, let selected = pane.cursor.selection, let content = shownContent(of: focus),
              let fields = renderer.itemFields(of: content, at: selected) else {
            note(pane.hasItems ? "nothing selected to open" : "nothing to open here: this content is not a list",
                 about: sources[focus].name, now: now)
            return []
        }
        let stop: [ScreenCommand] = pendingPrefetch != nil ? [.stopPrefetchTimer] : []
        pendingPrefetch = nil
        // Opened is read, whether its own words show or its detail loads; a new way starts.
        trail = Trail()
        let read = opened(selected, of: focus)
        if let shown = openEntry(at: selected, of: content, fields: fields) { return stop + read + shown }
        return stop + read + [.open(focus, fields: fields)]
    }

    /// The selection may have moved: a prefetch under way for the last item is cancelled, and
    /// one for the new item starts once the selection has rested there.
    mutating func selectionMoved(from before: Int?) -> [ScreenCommand] {
        guard pane.cursor.selection != before else { return [] }
        var commands: [ScreenCommand] = pendingPrefetch != nil ? [.stopPrefetchTimer] : []
        pendingPrefetch = nil
        commands.append(.cancelPrefetch)
        guard topPlace == nil, pane.hasItems, let selected = pane.cursor.selection else { return commands }
        pendingPrefetch = (focus, selected)
        return commands + [.startPrefetchTimer(Self.prefetchDelay)]
    }

    /// `[` and `]`: an earlier or later version of the focused source; past the oldest this
    /// run kept, the first `[` asks for those of earlier runs.
    mutating func step(back: Bool, now: ContinuousClock.Instant) -> [ScreenCommand] {
        let moved = back ? perSource[focus].history.stepBack() : perSource[focus].history.stepForward()
        if moved {
            showList(of: focus, marking: true)
        } else if back, !perSource[focus].history.askedForEarlier, perSource[focus].history.count > 0 {
            perSource[focus].history.askedForEarlier = true
            return [.loadEarlierVersions(focus)]
        } else {
            note(back ? "no earlier version kept" : "this is the newest version", about: sources[focus].name, now: now)
        }
        return []
    }

    /// Shows source `index`'s list as it was left.
    mutating func setFocus(_ index: Int) -> [ScreenCommand] {
        guard index != focus, topPlace == nil else { return [] }
        lastClick = nil
        let stop: [ScreenCommand] = pendingPrefetch != nil ? [.stopPrefetchTimer] : []
        pendingPrefetch = nil
        perSource[focus].pane.clearMarks()
        focus = index
        return stop
    }
}
