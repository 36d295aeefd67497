package import LoadCore
import TerminalText

/// JSON explored on screen: the focused source's own document (its base view, in place of
/// its rendered text), an item shown whole, or a filter's results (routes). Keys go to the
/// explorer before the place's own; what it leaves (Esc, `r`, `q`…) goes on as elsewhere.
extension ScreenModel {
    /// A run of a jq filter typed in the view, for the presenter to carry out
    /// (`ScreenCommand.runFilter`) and give back (`ScreenMessage.filtered`).
    package struct FilterRun: Equatable {
        /// The source whose content it filters.
        package var source: Int
        /// Which run it is: a result for an earlier one is stale.
        package var serial: Int
        package var program: String
        package var input: JSON
    }

    /// The explorer on screen: an explorer route's, else the focused source's own when no
    /// other place lies over its list.
    package var explorer: JSONExplorer? {
        switch topPlace {
        case .explorer(let route)?: route.explorer
        case nil: perSource[focus].explorer
        default: nil
        }
    }

    /// The explorer route on top, if one is.
    package var explorerRoute: ExplorerRoute? {
        if case .explorer(let route)? = topPlace { route } else { nil }
    }

    /// Changes the explorer on screen in place: the stack gives its copy up first, so that a
    /// key on a big document does not copy its rows.
    mutating func changeExplorer(_ change: (inout JSONExplorer) -> Void) {
        if let index = routes.lastIndex(where: { !$0.isOverlay }) {
            guard case .explorer(var route) = routes[index], route.explorer != nil else { return }
            routes[index] = .help(HelpRoute())
            change(&route.explorer!)
            routes[index] = .explorer(route)
        } else if perSource[focus].explorer != nil {
            change(&perSource[focus].explorer!)
        }
    }

    /// A key on the explorer on screen; nil when it is not the explorer's (or none shows).
    mutating func pressOnExplorer(_ key: Key, now: ContinuousClock.Instant) -> [ScreenCommand]? {
        guard let shown = explorer else {
            // A filter still waiting for its first result: only `|` again, and leaving it.
            if explorerRoute != nil, key == .character("|") { return startFilter() }
            return nil
        }
        switch key {
        case .character("|"):
            return startFilter()
        case .character(":") where shown.pendingPrefix == nil:
            prompt = Prompt(.path)
            return []
        case .character("/") where shown.pendingPrefix == nil:
            prompt = Prompt(.search)
            return []
        case .escape where shown.pendingPrefix == nil && shown.search != nil:
            changeExplorer { $0.search = nil }
            return []
        default:
            break
        }
        var outcome = JSONExplorer.Outcome.notHandled
        let height = contentRows
        changeExplorer { outcome = $0.handle(key, height: height) }
        switch outcome {
        case .handled: return []
        case .notHandled: return nil
        case .copy(let text):
            let said = TerminalText.truncated(UntrustedText.forTerminalLine(text), toWidth: 40)
            note("copied \(said) (through OSC 52; the terminal must allow it)", about: shownName, now: now)
            return [.copy(text)]
        case .copyURL:
            return [.handOff(.copy, linkTarget)]
        case .note(let text):
            note(text, about: shownName, now: now)
            return []
        }
    }

    /// A key on an explorer route that the explorer left: Esc goes back (dropping a filter),
    /// `r` reloads what it came from.
    mutating func pressOnExplorerRoute(_ key: Key) -> [ScreenCommand]? {
        switch key {
        case .escape, .backspace:
            lastClick = nil
            routes.removeLast()
            return []
        case .enter, .tab, .backTab, .character(">"):
            return []
        case .character("["), .character("]"):
            // A filter follows the source's versions; an item shown whole has none.
            guard explorerRoute?.filter != nil, detail == nil else { return [] }
            return step(back: key == .character("["), now: .now)
        case .character("r"):
            return detail == nil ? [.reload(focus)] : [.reloadDetail]
        default:
            return nil
        }
    }

    // MARK: The source's own document

    /// Shows `json`, source `index`'s content, explored: in place of what its explorer showed,
    /// the folds and the cursor kept, and with `marking`, what changed marked.
    mutating func explore(_ index: Int, _ json: JSON, marking: Bool) {
        perSource[index].pendingList = nil
        perSource[index].isReading = false
        if perSource[index].explorer == nil {
            perSource[index].explorer = JSONExplorer(json)
            perSource[index].pane.show("", items: nil)
        } else if perSource[index].explorer?.document != json {
            perSource[index].explorer?.replace(with: json, marking: marking)
        }
        rerunFilters(of: index)
    }

    /// New content that is explored: shown at once if it differs from what is shown (while
    /// the user looks at an earlier version, it waits), kept as a version, and what of the
    /// load's verdict waited on it said, as `presentRendered` does for text.
    mutating func presentExplored(_ index: Int, _ presenting: Presenting, json: JSON) {
        perSource[index].pendingList = nil
        if presenting.judges, let changed = presenting.changed { perSource[index].unchanged = !changed }
        let before = perSource[index].shown.flatMap { renderer.explorable($0.content) }
        let isNew = json != before
        if isNew {
            perSource[index].shown = (presenting.content, "", terminalColumns)
            // Kept first: a filter shown over it runs on the version shown.
            if presenting.isVersion {
                perSource[index].history.record(presenting.content, bytes: presenting.bytes, at: presenting.time)
            }
            if perSource[index].history.isFollowing { explore(index, json, marking: index == focus && before != nil) }
        }
        if presenting.judges {
            if presenting.changed == nil { perSource[index].unchanged = !isNew }
            if presenting.changed == true, !isNew { note(Self.hiddenChange, about: sources[index].name, now: presenting.arrivedAt) }
        }
    }

    /// Shows the item with `json` whole, explored, over what it was opened from.
    mutating func showExplored(_ json: JSON, title: String, fields: [String: String]) {
        push(.explorer(ExplorerRoute(item: json, title: title, fields: fields)))
    }

    // MARK: A filter typed in the view

    /// `|`: the filter prompt, ↑ bringing back this source's earlier filters.
    private mutating func startFilter() -> [ScreenCommand] {
        prompt = Prompt(.filter, explorerRoute?.filter ?? "", past: perSource[focus].filters)
        return []
    }

    /// The input a filter on source `index` runs on: the content shown, as JSON.
    func filterInput(of index: Int) -> JSON? {
        shownContent(of: index).flatMap(renderer.json)
    }

    /// Enter on the filter prompt: its results shown over the source's content (in place of
    /// a filter's already shown), and the program kept for the runs to come.
    mutating func submitFilter(_ program: String, now: ContinuousClock.Instant) -> [ScreenCommand] {
        let program = program.trimmingCharacters(in: " \t")
        guard !program.isEmpty else { return [] }
        guard filterInput(of: focus) != nil else {
            note("| filters JSON: this content is not JSON", about: shownName, now: now)
            return []
        }
        if let at = routes.lastIndex(where: { if case .explorer(let route) = $0 { route.filter != nil } else { false } }),
           case .explorer(var route) = routes[at] {
            // Another program over the same content: its result takes the last one's place,
            // which stays on screen should it fail.
            routes[at] = .help(HelpRoute())
            route.origin = .filter(program)
            route.title = "| " + program
            routes[at] = .explorer(route)
        } else {
            push(.explorer(ExplorerRoute(filter: program)))
        }
        perSource[focus].filters.removeAll { $0 == program }
        perSource[focus].filters.insert(program, at: 0)
        rerunFilters(of: focus)
        return [.keepFilter(focus, program: program)]
    }

    /// Asks for the filter shown over source `index`, if any, to run on its content as shown
    /// now: a reload, a stream's item, another version.
    mutating func rerunFilters(of index: Int) {
        guard index == focus, let at = routes.lastIndex(where: { if case .explorer(let route) = $0 { route.filter != nil } else { false } }),
              case .explorer(var route) = routes[at], let program = route.filter, let input = filterInput(of: index) else { return }
        renders.serial += 1
        route.pendingRun = renders.serial
        routes[at] = .explorer(route)
        renders.filters.append(FilterRun(source: index, serial: renders.serial, program: program, input: input))
    }

    /// A filter's run came back: shown if it is the one waited for.
    mutating func filtered(serial: Int, _ outcome: Result<JSON, FilterFailure>) {
        guard let at = routes.lastIndex(where: { if case .explorer(let route) = $0 { route.pendingRun == serial } else { false } }),
              case .explorer(var route) = routes[at] else { return }
        routes[at] = .help(HelpRoute())
        route.pendingRun = nil
        route.take(outcome)
        routes[at] = .explorer(route)
    }

    // MARK: What the explorer shows

    /// The status line's word on the explorer on screen: the cursor's path, and what changed.
    var explorerStatus: [StatusPart] {
        guard let explorer else {
            if let route = explorerRoute, route.failure == nil { return [.kept("filtering…")] }
            return []
        }
        var parts: [StatusPart] = [.cut(explorer.cursorPath.jq, priority: 80, minimum: 12)]
        if let summary = explorer.changes?.summary { parts.append(StatusPart((summary, 50))) }
        return parts
    }

    /// The explorer's rows, with a filter's failure above them.
    func explorerRows(rows: Int, columns: Int) -> [String] {
        var lines: [String] = []
        if let failure = explorerRoute?.failure {
            lines = TerminalText.wrap("jq: " + UntrustedText.forTerminalLine(failure) + " · the last result below", width: columns)
                .prefix(3).map { TextStyle.alert.apply($0, styled: renderer.allowsStyling) }
        }
        guard let explorer else {
            return lines + [TextStyle.dim.apply(explorerRoute?.failure == nil ? "running the filter…" : "no result yet", styled: renderer.allowsStyling)]
        }
        return lines + explorer.visibleRows(height: max(rows - lines.count, 1), width: columns, styled: renderer.allowsStyling)
    }
}
