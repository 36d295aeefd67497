import Loader

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
        var marked: String?
        if marking, renderer.allowsStyling, let previous = histories[index].previous {
            let before = previousText ?? renderer.list(previous, width: width, rows: rows).text
            marked = renderer.changes(content, rendered: rendered, since: previous, previousText: before, width: width, rows: rows)
        }
        lists[index].show(rendered.text, items: rendered.items, marked: marked)
        if histories[index].isFollowing, let last = shown[index] {
            // Rendered anew (a resize): the next reload compares with what is on screen now.
            shown[index] = (last.content, rendered.text)
        }
        lists[index].cursor.clamp(to: lists[index].layout(rows: rows))
    }

    /// Renders the open detail's pane from its sources' states, keeping its cursor. A detail
    /// is read, not browsed: it scrolls, and its items open nothing further.
    mutating func composeDetail() {
        guard let facts = detail?.facts else { return }
        let rows = contentRows
        let text = renderer.detail(facts, skeletonPlugin: detailPlugins[facts.parent], width: terminalColumns, rows: rows)
        detail!.pane.show(text, items: nil)
        detail!.pane.cursor.clamp(to: detail!.pane.layout(rows: rows))
    }
}
