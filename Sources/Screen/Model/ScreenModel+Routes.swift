package import LoadCore

/// The stack of routes over the focused source's list, and what is read of it: the place on
/// screen, its pane, and the routes the session's messages are about.
extension ScreenModel {
    /// The places left for a link, the last the one Esc goes back to, and the page Esc went
    /// back to with where it was scrolled, put back once it shows its content.
    package struct Trail {
        package internal(set) var steps: [TrailStep] = []
        var restoring: (url: String, cursor: ListCursor)?

        package var count: Int { steps.count }
        package var isEmpty: Bool { steps.isEmpty }
    }

    /// Counts the asks for renders, so that a result for an earlier one is known stale, and
    /// keeps those asked for while the message in hand is taken, to return with its commands.
    struct RenderAsks {
        var serial = 0
        var asked: [RenderRequest] = []
        /// The filters typed in the view to run, as renders are asked for.
        var filters: [FilterRun] = []
    }

    /// The route the user is on, under the help or the log: nil on the focused source's list.
    var topPlace: Route? { routes.last { !$0.isOverlay } }

    /// The open detail, wherever it stands in the stack (records may lie over it).
    package var detail: DetailRoute? {
        for route in routes { if case .detail(let detail) = route { return detail } }
        return nil
    }

    /// The feed entry shown, wherever it stands in the stack.
    package var entry: EntryView? {
        for route in routes { if case .entry(let entry) = route { return entry } }
        return nil
    }

    /// The items shown whole, the last on screen.
    package var records: [RecordView] {
        routes.compactMap { if case .record(let record) = $0 { record } else { nil } }
    }

    /// The pane on screen: the place's, else the focused source's list.
    package var pane: Pane { routes.last { $0.pane != nil }?.pane ?? perSource[focus].pane }

    /// Changes the pane on screen.
    mutating func changePane(_ change: (inout Pane) -> Void) {
        guard let index = routes.lastIndex(where: { $0.pane != nil }) else { return change(&perSource[focus].pane) }
        routes[index].changePane(change)
    }

    /// Changes the open detail, if one is open.
    mutating func changeDetail(_ change: (inout DetailRoute) -> Void) {
        guard let index = routes.firstIndex(where: { if case .detail = $0 { true } else { false } }),
              case .detail(var detail) = routes[index] else { return }
        change(&detail)
        routes[index] = .detail(detail)
    }

    /// Changes the entry shown, if one is.
    mutating func changeEntry(_ change: (inout EntryView) -> Void) {
        guard let index = routes.firstIndex(where: { if case .entry = $0 { true } else { false } }),
              case .entry(var entry) = routes[index] else { return }
        change(&entry)
        routes[index] = .entry(entry)
    }

    /// Leaves every place over the list (the overlays stay).
    mutating func dropPlaces() {
        routes.removeAll { !$0.isOverlay }
    }

    /// Puts `route` on top of the places, under any overlay.
    mutating func push(_ route: Route) {
        let at = routes.firstIndex(where: \.isOverlay) ?? routes.count
        routes.insert(route, at: at)
    }

    /// The help's first line on screen; nil when the help is not up.
    package var helpScroll: Int? {
        for route in routes { if case .help(let help) = route { return help.scroll } }
        return nil
    }
    package var showingHelp: Bool { helpScroll != nil }
    package var showingLog: Bool { routes.contains { if case .log = $0 { true } else { false } } }

    // What tests and the footer read of the prompt and the routes.
    package var searchInput: String? { prompt?.kind == .search ? prompt?.text : nil }
    package var linkInput: String? { prompt?.kind == .link ? prompt?.text : nil }
    package var jumpInput: String? { prompt?.kind == .jump ? prompt?.text : nil }
    package var relatedFocus: Int? { detail?.relatedFocus }
    package var linkCursor: Int? { pane.linkCursor }
    package var lists: [Pane] { perSource.map(\.pane) }
    package var histories: [VersionHistory<AnyContent>] { perSource.map(\.history) }
    package var unchanged: [Bool] { perSource.map(\.unchanged) }
}
