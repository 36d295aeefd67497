import LoadCore
import TerminalText

/// The full-screen view of a watch or a browse, as a value: a status line per source, the
/// focused source's error banner and content, and a footer with the keys that apply or the
/// latest notice. On a list, a selection moves over the items and Enter asks for an item's
/// detail, which then shows with its own loading state and its related lists (Tab moves into
/// them, Enter shows one of their items whole, as a record); Esc goes back one level. A watch
/// keeps each version that changed, to step through with `[` and `]`, and what changed at the
/// last change stays marked item by item (`ListChanges`) until the next. What is said on
/// stderr while the view is up goes to its log (`L`); the mouse selects, opens and scrolls.
///
/// Where the user is is a stack of routes (`Route`) over the focused source's list (its
/// `SourceView`): a detail, an entry, records, the help or the log, each with the keys it
/// takes and the rows it shows; the line being typed is one `Prompt`.
///
/// Every input is a `ScreenMessage` given to `update`, which returns `ScreenCommand`s: intents
/// for the session, the timer it wants, and the renders of content it waits for, whose results
/// come back as messages. `view()` is the frame, as text. Nothing here does I/O, reads a clock
/// or renders content, so a test drives it with messages and compares its views.
package struct ScreenModel {
    /// How long a notice stays in the footer, unless a key takes it away sooner.
    package static let noticeLifetime = Duration.seconds(4)
    /// How long a selection rests on an item before its detail is prefetched.
    package static let prefetchDelay = Duration.milliseconds(300)

    /// How content becomes text: the model asks it only what is quick (a skeleton, an item's
    /// fields, a page's links); content itself is rendered outside (`RenderJob`).
    let renderer: any ContentRendering
    /// Whether the sources reload on an interval (a watch), rather than only when asked.
    package let reloadsOnInterval: Bool
    /// Whether keys reach the model: without them, the footer says only how to quit.
    package let readsKeys: Bool

    /// The terminal's rows (nil when it does not say) and columns.
    package internal(set) var terminalRows: Int?
    package internal(set) var terminalColumns: Int
    package internal(set) var focus = 0
    /// What the model knows of each source, by index, as of its last change.
    package internal(set) var sources: [SourceFacts]
    /// What the screen keeps of each source, by index: its list, versions and read marks.
    package internal(set) var perSource: [SourceView]
    /// Where the user went over the focused source's list, the last on screen (see `Route`).
    package internal(set) var routes: [Route] = []
    /// The places left for a link, to come back to (see `ScreenModel+Entries`).
    package internal(set) var trail = Trail()
    /// The line being typed at the foot of the view, if any.
    package internal(set) var prompt: Prompt?
    /// The footer's latest notice and when it goes.
    package internal(set) var notice: (text: String, until: ContinuousClock.Instant)?
    /// What was said on stderr while the screen is up, oldest first (see `ScreenModel+Log`).
    package internal(set) var log: [String] = []
    /// The last click on an item, to tell a double click.
    var lastClick: (source: Int, item: Int, at: ContinuousClock.Instant)?
    /// The item a selection rests on while the prefetch timer runs.
    var pendingPrefetch: (source: Int, item: Int)?
    /// What the status lines say, as of the last `statuses` message.
    var board = StatusBoard()
    /// The renders asked for (see `ScreenModel+Panes`).
    var renders = RenderAsks()
    /// The last frame's content rows, for a frame whose pane has not changed.
    private let contentCache = ContentRowsCache()

    /// A model for sources with these facts, on a terminal of this size.
    package init(sources: [SourceFacts], rows: Int?, columns: Int, reloadsOnInterval: Bool, readsKeys: Bool,
                 renderer: any ContentRendering) {
        self.sources = sources
        self.renderer = renderer
        self.reloadsOnInterval = reloadsOnInterval
        self.readsKeys = readsKeys
        terminalRows = rows
        terminalColumns = columns
        perSource = sources.map { _ in SourceView() }
    }

    // MARK: Geometry

    /// Rows and columns of the screen.
    package var rows: Int { max(terminalRows ?? 24, 4) }
    package var columns: Int { max(terminalColumns, 20) }

    /// Rows the status lines take: the open detail's, or as many as the panel takes.
    package var statusRows: Int {
        if let detail { return detail.facts.sourceCount }
        return StatusPanel.rows(sourceCount: sources.count, screenRows: terminalRows ?? 24)
    }

    /// Rows of the content area, under the status lines and the banner, above the footer.
    package var contentRows: Int { max(rows - statusRows - 2, 1) }

    /// The sources whose status lines the next frame shows, for the `statuses` message: the
    /// window of the panel around the focus (none under a detail, whose own come with it).
    package var statusIndices: Range<Int> {
        guard detail == nil else { return focus..<focus }
        return StatusPanel.window(sourceCount: sources.count, focus: focus, room: statusRows)
    }

    // MARK: View

    /// The frame as text: status lines, the banner (nil: a rule), the content rows and the
    /// footer. The same model always gives the same frame.
    package func view() -> ScreenFrame {
        let width = columns
        let status: [String]
        if let detail {
            status = board.detail.prefix(detail.facts.sourceCount).enumerated().map { slot, status in
                var status = status
                if slot == 0, let breadcrumb { status.name = breadcrumb }
                return adjusted(status, unchanged: detail.unchanged.indices.contains(slot) && detail.unchanged[slot]).line(width: width)
            }
        } else {
            // Every line gives up what the most crowded one had to, so that their parts keep
            // the same forms, and their columns, at any width.
            let lineWidth = sources.count > 1 ? width - 3 - String(sources.count).count : width
            let floor = statusIndices.map { statusLine(of: $0).map { $0.status.floor(width: lineWidth, extras: $0.extras) } ?? .min }.max() ?? .min
            status = StatusPanel.lines(count: sources.count, focus: focus, room: statusRows, width: width,
                                       line: { index, width in statusLine(of: index, width: width, floor: floor) },
                                       state: { board.stateNames.indices.contains($0) ? board.stateNames[$0] : sources[$0].state.name })
        }
        let contentRows = max(rows - status.count - 2, 1)
        // Content is laid out to the width; what still runs over (a long line of a failure) is
        // clipped here rather than by the terminal, which would pile it into the last column.
        func fitted(_ content: [String]) -> [String] {
            content.prefix(contentRows).map { StyledLine.clipped($0, toWidth: width) }
                + Array(repeating: "", count: max(contentRows - content.count, 0))
        }
        let content: [String]
        switch routes.last {
        case .help(let help)?:
            content = fitted(help.view(rows: contentRows, columns: width))
        case .log(let route)?:
            content = fitted(route.view(log, rows: contentRows, columns: width))
        case _ where explorer != nil || explorerRoute != nil:
            content = fitted(explorerRows(rows: contentRows, columns: width))
        default:
            let pane = pane
            let key = pane.rowsKey(rows: contentRows, allowsStyling: renderer.allowsStyling)
            content = contentCache.rows(for: key, width: width) {
                fitted(pane.visibleRows(rows: contentRows, allowsStyling: renderer.allowsStyling))
            }.map { markingLink(in: $0, of: pane) }
        }
        let banner = detail != nil ? board.detail.first?.banner(width: width) : board.sources[focus].flatMap { $0.banner(width: width) }
        return ScreenFrame(status: status, banner: banner, content: content, footer: footer(rows: contentRows))
    }

    /// Source `index`'s status line, with where its history stands and whether reloads are
    /// paused; `unchanged` as the model saw it.
    private func statusLine(of index: Int, width: Int, floor: Int) -> String {
        guard let line = statusLine(of: index) else {
            return TerminalText.truncated(index == focus ? breadcrumb ?? sources[index].name : sources[index].name, toWidth: width)
        }
        return line.status.line(width: width, extras: line.extras, floor: floor)
    }

    /// What source `index`'s status line says, before it is fitted to a width; nil before the
    /// first `statuses` message.
    private func statusLine(of index: Int) -> (status: SourceStatus, extras: [StatusPart])? {
        guard var status = board.sources[index] else { return nil }
        status.nameWidth = nameColumn
        if index == focus, let breadcrumb { (status.name, status.nameWidth) = (breadcrumb, nil) }
        return (adjusted(status, unchanged: perSource[index].unchanged), statusExtras(of: index))
    }

    /// The width the status lines' names are padded to, so that what follows them lines up:
    /// the longest name shown, up to a quarter of the screen.
    private var nameColumn: Int? {
        guard sources.count > 1 else { return nil }
        let widest = statusIndices.compactMap { board.sources[$0].map { TerminalText.displayWidth($0.name) } }.max()
        return widest.map { min($0, columns / 4) }
    }

    /// `status` with the model's own word on whether the content changed.
    private func adjusted(_ status: SourceStatus, unchanged: Bool) -> SourceStatus {
        var status = status
        if case .loaded = status.phase { status.phase = .loaded(unchanged: unchanged) }
        return status
    }

    /// `version 3 of 7, 12:03:04 · newer content waiting · paused`.
    private func statusExtras(of index: Int) -> [StatusPart] {
        var parts: [StatusPart] = index == focus ? explorerStatus : []
        if let unread = unreadCount(of: index) { parts.append(StatusPart(("\(unread) unread", 70), last: .kept)) }
        let history = perSource[index].history
        if !history.isFollowing, let version = history.statusPart { parts.append(version) }
        if history.newerWaiting {
            parts.append(StatusPart(("newer content waiting, ] to see it", 40), ("newer waiting", .max), last: .kept))
        }
        if board.isPaused { parts.append(.kept("paused")) }
        return parts
    }

    private func footer(rows: Int) -> String {
        if let prompt { return footer(of: prompt) }
        if case .help(let help)? = routes.last { return help.footer(rows: rows, columns: columns) }
        if let notice { return notice.text }
        if case .log(let route)? = routes.last { return route.footer(log) }
        if let explorer {
            if let waiting = explorer.prefixFooter { return waiting }
            var text = readsKeys ? ScreenKeys.footer(place) : "Ctrl-C quits"
            if let search = explorer.search {
                let count = search.count.map { $0 == 1 ? "1 match" : "\($0) matches" } ?? "many matches"
                text = "/\(search.query): \(count) · " + text
            }
            if let position = explorer.position(height: rows) { text += " · " + position }
            return text
        }
        if let linkCursor, shownLinks.indices.contains(linkCursor) {
            return "L\(linkCursor + 1) " + TerminalText.truncated(UntrustedText.forTerminalLine(shownLinks[linkCursor]), toWidth: columns / 2)
                + " · Enter opens it · Tab next link · Esc back"
        }
        var text = readsKeys ? ScreenKeys.footer(place) : "Ctrl-C quits"
        if let search = pane.search {
            let current = search.current.map { "\($0 + 1)/" } ?? ""
            text = "/\(search.query): \(current)\(search.count) matches · " + text
        }
        if let position = pane.position(rows: rows) { text += " · " + position }
        return text
    }

    /// The prompt's line: what is typed, and what Enter and Esc do.
    private func footer(of prompt: Prompt) -> String {
        switch prompt.kind {
        case .search where explorer != nil:
            return "/" + prompt.text + "▏  search keys and values · Enter searches · Esc cancels"
        case .path:
            return ":" + prompt.text + "▏  a path (.users[3].address) or a line · Enter goes · Esc cancels"
        case .filter:
            let recall = prompt.past.isEmpty ? "" : " · ↑↓ earlier filters"
            return "|" + prompt.text + "▏  jq filter over this content · Enter runs" + recall + " · Esc cancels"
        case .search:
            // Counted as the keys came (`Pane.type`): a frame only reads it.
            let count = pane.typing?.count ?? 0
            let matches = pane.searchGoesOn ? "\(count) matches so far, searching…" : "\(count) matches"
            return "/" + prompt.text + "▏  " + (prompt.text.isEmpty ? "type to search · Enter keep · Esc cancel" : "\(matches) · Enter keep · Esc cancel")
        case .link:
            return "open link L\(prompt.text)▏  of \(shownLinks.count) · Enter opens · Esc cancels"
        case .jump:
            return ":" + prompt.text + "▏  go to item or line · Enter or g goes · Esc cancels"
        }
    }

    /// Where the user is, for the footer's keys.
    package var place: ScreenKeys.Place {
        let shown = detail?.facts.main ?? sources[focus]
        var place = ScreenKeys.Place(
            hasItems: pane.hasItems, manySources: sources.count > 1, reloadsOnInterval: reloadsOnInterval, isPaused: board.isPaused,
            searching: pane.search != nil, failed: shown.state.hasFailed, hasLog: !log.isEmpty, hasLinks: !shownLinks.isEmpty)
        switch topPlace {
        case nil:
            place.tracksReading = perSource[focus].reads != nil && perSource[focus].isReading && pane.hasItems
            place.canLoadMore = shown.canLoadMore
            place.hasHistory = perSource[focus].history.count > 1
        case .entry(let entry)?:
            place.inDetail = true
            place.inEntry = entry.fields["url"] != nil
        case .detail(let detail)?:
            place.inDetail = true
            place.hasRelated = !detail.sections.isEmpty
        case .record?, .help?, .log?:
            place.inDetail = true
        case .explorer?:
            place.inDetail = true
            place.hasHistory = explorerRoute?.filter != nil && detail == nil && perSource[focus].history.count > 1
        }
        if let explorer {
            place.exploring = true
            place.searching = explorer.search != nil
        }
        return place
    }
}
