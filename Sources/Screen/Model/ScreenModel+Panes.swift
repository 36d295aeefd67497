import LoadCore

/// What the panes hold: each source's list (its versions, the highlight of what changed, the
/// skeleton or failure before any content) and the open detail.
extension ScreenModel {
    /// What the model keeps of one source: what a change to it may alter.
    package struct SourceSlot {
        let index: Int
        let facts: SourceFacts
        let list: Pane
        let history: VersionHistory<AnyContent>
        let shown: (content: AnyContent, text: String)?
        let unchanged: Bool
    }

    /// Source `index`'s part of the model, to put back (`restore`) when showing a change to it
    /// was cut short.
    package func slot(_ index: Int) -> SourceSlot {
        SourceSlot(index: index, facts: sources[index], list: lists[index], history: histories[index], shown: shown[index],
                   unchanged: unchanged[index])
    }

    /// Puts a source's part of the model back as `slot` kept it.
    package mutating func restore(_ slot: SourceSlot) {
        sources[slot.index] = slot.facts
        lists[slot.index] = slot.list
        histories[slot.index] = slot.history
        shown[slot.index] = slot.shown
        unchanged[slot.index] = slot.unchanged
    }

    /// Shows source `index`'s new content if it renders differently from what was shown,
    /// recording it as a version; returns whether it differed. While the user looks at an
    /// earlier version, the new one waits.
    @discardableResult
    mutating func present(_ index: Int, bytes: Int, at time: WallTime) -> Bool {
        guard let content = sources[index].state.content else { return false }
        let rendered = renderer.list(content, width: terminalColumns, rows: contentRows)
        guard rendered.text != shown[index]?.text else { return false }
        let before = shown[index]?.text
        shown[index] = (content, rendered.text)
        histories[index].record(content, bytes: max(bytes, rendered.text.utf8.count), at: time)
        guard histories[index].isFollowing else { return true }
        showList(of: index, marking: index == focus, rendered: rendered, previousText: before)
        return true
    }

    /// Renders what source `index`'s pane shows: the version the user looks at, or the latest
    /// content, or the skeleton while a first load runs, or why it failed. With `marking`,
    /// what changed since the version before is highlighted for this cycle.
    mutating func showList(of index: Int, marking: Bool = false, rendered: RenderedList? = nil, previousText: String? = nil) {
        let width = terminalColumns
        let rows = contentRows
        guard let content = histories[index].current?.version ?? shown[index]?.content ?? sources[index].state.content else {
            return lists[index].show(renderer.placeholder(source: index, state: sources[index].state, width: width, rows: rows), items: nil)
        }
        let rendered = rendered ?? renderer.list(content, width: width, rows: rows)
        var changes: Pane.Changes?
        if marking, let previous = histories[index].previous {
            changes = self.changes(rendered, of: content, since: previous, previousText: previousText, width: width, rows: rows)
        }
        lists[index].show(rendered.text, items: rendered.items, keys: rendered.keys, itemsEnd: rendered.itemsEnd, changes: changes)
        if histories[index].isFollowing, let last = shown[index] {
            // Rendered anew (a resize): the next reload compares with what is on screen now.
            shown[index] = (last.content, rendered.text)
        }
        lists[index].cursor.clamp(to: lists[index].layout(rows: rows))
    }

    /// What changed in `rendered` (of `content`) since `previous`: item by item on a list, so
    /// that removed items show struck through, and line by line, highlighted, elsewhere.
    private func changes(_ rendered: RenderedList, of content: AnyContent, since previous: AnyContent, previousText: String?,
                         width: Int, rows: Int) -> Pane.Changes? {
        if let items = rendered.items, let keys = rendered.keys {
            let before = renderer.list(previous, width: width, rows: rows)
            guard let beforeItems = before.items, let beforeKeys = before.keys else { return nil }
            let current = ListChanges.Rendering(lines: Pane.split(rendered.text), itemLines: items, keys: keys,
                                                fingerprints: rendered.fingerprints, end: rendered.itemsEnd)
            let previous = ListChanges.Rendering(lines: Pane.split(before.text), itemLines: beforeItems, keys: beforeKeys,
                                                 fingerprints: before.fingerprints, end: before.itemsEnd)
            return ListChanges.marked(current, since: previous).map(Pane.Changes.items)
        }
        guard renderer.allowsStyling, rendered.items == nil else { return nil }
        let before = previousText ?? renderer.list(previous, width: width, rows: rows).text
        return .lines(Pane.split(renderer.changes(content, rendered: rendered, since: previous, previousText: before, width: width, rows: rows)))
    }

    /// Renders the open detail's pane from its sources' states, keeping its cursor. It scrolls;
    /// the items of the related list Tab gave the focus to are its items, to select and show
    /// whole.
    mutating func composeDetail() {
        guard let facts = detail?.facts else { return }
        let rows = contentRows
        let rendered = renderer.detail(facts, skeletonPlugin: detailPlugins[facts.parent], width: terminalColumns, rows: rows)
        detailSections = rendered.related
        // The focused related list's items are the pane's, to select; none while it loads.
        let items = relatedFocus.flatMap { detailSections.indices.contains($0) ? detailSections[$0].items : nil }
        detail!.pane.keepsGutter = true
        detail!.pane.show(rendered.text, items: items?.isEmpty == false ? items : nil)
        detail!.pane.cursor.clamp(to: detail!.pane.layout(rows: rows))
    }
}
