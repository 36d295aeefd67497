package import LoadCore
import TerminalText

/// Reading as newsboat and lynx do: Enter on a feed's entry shows its own words, with no
/// request (`EntryView`); Enter again, or its `[L1]`, opens its page as a detail. Each page
/// left for a link is kept on a trail (`TrailStep`), and Esc goes back along it to where the
/// user was, scrolled as they left it.
extension ScreenModel {
    /// A feed entry shown from its own words, over the list it came from.
    package struct EntryView {
        /// The list it came from, and its key there (its id), which a read mark is kept by: a
        /// reload may move it.
        package var source: Int
        package var key: String?
        /// The item's fields, which open its page (its `url`, or the source's detail template).
        package var fields: [String: String]
        /// The list's content it came from, and its place there, which its page is made of.
        var list: AnyContent
        var item: Int
        /// Its words, as a page the plugins render (an article): made outside the model, with
        /// its render (`RenderJob`); nil until then.
        package var content: AnyContent?
        package var title: String
        package var pane = Pane()
        /// The ask for its render the model waits for, if any.
        var pendingRender: Int?
    }

    /// A place left for a link, to come back to.
    package enum TrailStep {
        /// An entry's own words.
        case entry(EntryView)
        /// A detail: the page at `url`, opened from source `parent`, titled `title`, scrolled
        /// to `cursor`.
        case page(url: String, parent: Int, title: String, cursor: ListCursor)

        var title: String {
            switch self {
            case .entry(let entry): entry.title
            case .page(_, _, let title, _): title
            }
        }
    }

    /// The title of what a breadcrumb names for the open detail: its page's, else its URL's.
    var detailTitle: String? {
        guard let detail else { return nil }
        if let content = detail.facts.main.state.content, let title = renderer.title(of: content), !title.isEmpty { return title }
        // A link's URL, as a server wrote it: made safe, its credentials masked.
        return detail.facts.url.map { UntrustedText.forTerminalLine(URLCredentials.masked($0)) } ?? detail.facts.main.name
    }

    /// `feed › Entry › Linked page`: the way from the list to what is on screen, by titles,
    /// for its status line; nil on a list, and for a detail reached in one step (its own
    /// name says as much).
    package var breadcrumb: String? {
        if let route = explorerRoute, detail == nil, entry == nil { return Self.crumbs([sources[focus].name, route.title]) }
        if let entry { return Self.crumbs([sources[entry.source].name, entry.title]) }
        guard let detail, !trail.isEmpty else { return nil }
        return Self.crumbs([sources[detail.facts.parent].name] + trail.steps.map(\.title) + [detailTitle ?? ""])
    }

    /// `names` joined as a breadcrumb that keeps its ends: each cut at 30 columns, and past
    /// four, those between the first and the last two said as `…`, so that what is on screen
    /// keeps its name.
    package static func crumbs(_ names: [String]) -> String {
        let cut = names.map { TerminalText.truncated($0, toWidth: 30) }
        return (cut.count > 4 ? [cut[0], "…"] + cut.suffix(2) : cut).joined(separator: " › ")
    }

    /// Enter on the selected item of a list whose items carry their own words: shown now,
    /// marked read. Nil when its items are only rows, which open their detail.
    mutating func openEntry(at selected: Int, of content: AnyContent, fields: [String: String]) -> [ScreenCommand]? {
        guard renderer.hasEntries(content) else { return nil }
        push(.entry(EntryView(source: focus, key: perSource[focus].pane.keys.flatMap { $0.indices.contains(selected) ? $0[selected] : nil },
                              fields: fields, list: content, item: selected, content: nil,
                              title: UntrustedText.forTerminalLine(fields["title"] ?? "(no title)"))))
        trail = Trail()
        composeEntry()
        return []
    }

    /// Asks for the entry on screen to be rendered anew (shown, or the size changed).
    mutating func composeEntry() {
        guard entry != nil else { return }
        ask(.entry)
        let serial = renders.serial
        changeEntry { $0.pendingRender = serial }
    }

    /// Enter on an entry: its page, as a detail of its list, the entry kept to come back to.
    mutating func openEntryPage(now: ContinuousClock.Instant) -> [ScreenCommand] {
        guard let open = entry else { return [] }
        guard open.fields["url"] != nil else {
            note("this entry has no link: its words here are all the feed gives", about: sources[open.source].name, now: now)
            return []
        }
        return openPage(of: open)
    }

    private mutating func openPage(of open: EntryView) -> [ScreenCommand] {
        leave(for: .entry(open))
        return [.open(open.source, fields: open.fields)]
    }

    /// Follows `url`, a link of the page on screen: the page is kept on the trail, and the
    /// link opens as a detail in its place.
    mutating func follow(_ url: String) -> [ScreenCommand] {
        let stop: [ScreenCommand] = pendingPrefetch != nil ? [.stopPrefetchTimer] : []
        pendingPrefetch = nil
        if let open = entry {
            // The entry's own page is its first link: the same detail as Enter opens.
            if url == open.fields["url"] { return stop + openPage(of: open) }
            leave(for: .entry(open))
            return stop + [.openLink(open.source, url: url)]
        }
        guard let open = detail else { return stop + [.openLink(focus, url: url)] }
        leave(for: open.facts.url.map { .page(url: $0, parent: open.facts.parent, title: detailTitle ?? "", cursor: open.pane.cursor) })
        return stop + [.back, .openLink(open.facts.parent, url: url)]
    }

    /// Leaves what is on screen (an entry or a detail) for a link, keeping `step` to come back to.
    private mutating func leave(for step: TrailStep?) {
        if let step { trail.steps.append(step) }
        trail.restoring = nil
        dropPlaces()
    }

    /// Esc on an entry or a detail: back to the place before it on the trail, else to the list.
    mutating func goBack() -> [ScreenCommand] {
        trail.restoring = nil
        if entry != nil {
            dropPlaces()
            trail = Trail()
            return []
        }
        guard detail != nil else { return [] }
        dropPlaces()
        switch trail.steps.popLast() {
        case .entry(var previous):
            previous.pane.linkCursor = nil
            push(.entry(previous))
            composeEntry()
            return [.back]
        case .page(let url, let parent, _, let cursor):
            trail.restoring = (url, cursor)
            return [.back, .revisit(parent, url: url)]
        case nil:
            return [.back]
        }
    }

    /// The entry's page and its render came: shown, its scroll kept.
    mutating func showEntry(_ page: AnyContent?, text: String) {
        let rows = contentRows
        changeEntry { entry in
            entry.content = page
            entry.pane.show(text, items: nil)
            entry.pane.cursor.clamp(to: entry.pane.layout(rows: rows))
        }
    }
}
