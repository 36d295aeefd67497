import Loader
import Plugins
import TerminalText
import Screen

/// The full-screen view of a watch or a browse on a terminal: a status line per source, the
/// focused source's error banner and content, and a footer with the keys that apply or the
/// latest notice. On a list, a selection moves over the items and Enter opens an item's
/// detail, with its own loading state and its related lists under it; Esc goes back.
///
/// A watch keeps each version that changed, to step through with `[` and `]`, and what
/// changed since the last reload is highlighted for one cycle.
///
/// Keys that move the view (scrolling, selection, focus, search, help, history) are handled
/// here; the others come back to the session as intents.
final class ScreenPresenter: Presenter {
    /// How long a notice stays in the footer, unless a key takes it away sooner.
    static let noticeLifetime = Duration.seconds(4)
    /// How long a selection rests on an item before its detail is prefetched.
    static let prefetchDelay = Duration.milliseconds(300)

    unowned var session: LoadSession!
    let screen: FullScreen
    var focus = 0
    /// Each source's list pane and its versions, by index.
    var lists: [Pane] = []
    var histories: [VersionHistory<AnyContent>] = []
    /// The open detail and its pane, on top of the lists.
    var detail: (page: DetailPage, pane: Pane)?
    /// The footer's latest notice and when it goes.
    var notice: (text: String, until: ContinuousClock.Instant)?
    /// The search being typed after `/`; nil when not typing one.
    var searchInput: String?
    var showingHelp = false
    /// The plugin the source's last detail took, for the skeleton of the next one.
    var detailPlugins: [Int: String] = [:]
    var prefetchTimer: LoopSource?
    /// The selection before the key being handled, to tell whether the key moved it.
    var selectionBefore: Int?
    /// How many matches the search being typed has, counted as it changes, not per frame.
    var typedMatchCount = 0
    private var redrawPending = false
    /// Whether the screen was left: a frame still pending then (the loop may run on to save
    /// the cache) is dropped, not drawn over the shell.
    private var left = false
    private var ticker: LoopSource?

    init(terminal: Terminal, output: ContentOutput) { screen = FullScreen(terminal: terminal, output: output) }

    var announcesSource: Bool { false }
    var drawsViews: Bool { true }
    var interruptCancelsLoads: Bool { true }
    var readsKeys: Bool { screen.readsKeys }

    var sources: [SessionSource] { session.sources }

    func start(_ session: LoadSession) {
        self.session = session
        lists = session.sources.map { _ in Pane() }
        histories = session.sources.map { _ in VersionHistory() }
        screen.enter()
        // Countdowns in the status lines move once a second; nothing else ticks.
        ticker = session.loop.repeating(every: .seconds(1)) { [weak self] in
            self?.refresh()
            return true
        }
    }

    func changed(_ source: SessionSource, by change: StateChange) {
        // The loads cancelled on the way out are not news.
        guard session.ending == nil else { return }
        switch change.cause {
        case .succeeded:
            if !source.continuesChain { source.unchanged = !present(source, bytes: change.bytes) }
        case .cancelled:
            note(session.reloadsOnInterval ? "cancelled — the watch goes on; Ctrl-C again within 1 s quits"
                                           : "cancelled — r loads it again; Ctrl-C again within 1 s quits", about: source)
            // A cancelled page chain leaves the pages it had; show them if they differ.
            if source.isSettled { present(source, bytes: change.bytes) }
            if source.shown == nil { showList(of: source) }
        case .notModified, .progressed:
            break
        case .failed, .retryScheduled, .started:
            // Before any content: the skeleton while loading, what failed after.
            if source.shown == nil { showList(of: source) }
        }
        redrawSoon()
    }

    func note(_ text: String, about source: SessionSource) {
        notice = ("\(source.name): \(UntrustedText.forTerminalLine(text))", .now + Self.noticeLifetime)
        redrawSoon()
    }

    func reloadDue(_ source: SessionSource) {
        guard source.index < lists.count else { return }
        lists[source.index].clearMarks()
    }

    func resized(to terminal: Terminal) {
        screen.resized(to: terminal)
        if session.probe.isRaised {
            // Cut short by a signal: its handler runs first, then the resize is done again.
            session.loop.schedule { [weak self] in
                guard let self else { return }
                resized(to: session.terminal)
            }
            return
        }
        for source in sources { showList(of: source) }
        if detail != nil { composeDetail() }
        refresh()
    }

    /// Draws once the loop has handled what is ready now: a reload that starts says so to the
    /// session and to this presenter in one breath, and makes one frame, not two.
    func refresh() { redrawSoon() }

    func finish(_ ending: SessionEnding?) {
        ticker?.cancel()
        prefetchTimer?.cancel()
        left = true
        screen.leave()
    }

    func leaveNow() {
        left = true
        screen.leave()
    }

    /// Redraws once the loop has handled what is ready now: a burst of changes (10,000 sources
    /// reloading together) makes one frame, not one per change.
    func redrawSoon() {
        guard !redrawPending else { return }
        redrawPending = true
        session.loop.schedule { [weak self] in
            self?.redrawPending = false
            self?.draw()
        }
    }

    // MARK: Drawing

    /// The pane on screen: the open detail's, else the focused source's list.
    var pane: Pane { detail?.pane ?? lists[focus] }

    /// Rows of the content area under the status lines there are now: a detail's and its
    /// related lists', or as many as the panel takes; counted, not drawn.
    var contentRows: Int { screen.contentRows(statusCount: detail?.page.sources.count ?? statusRows) }

    private func draw() {
        guard !left else { return }
        let now = ContinuousClock.now
        if let notice, notice.until <= now { self.notice = nil }
        let status = statusLines(now: now)
        let rows = screen.contentRows(statusCount: status.count)
        let content = showingHelp
            ? ScreenKeys.helpLines().map { TerminalText.truncated($0, toWidth: screen.columns) }
            : pane.visibleRows(rows: rows, allowsStyling: screen.style.allowsStyling)
        screen.draw(status: status, banner: banner(now: now), content: content, footer: footer(rows: rows))
    }

    private func statusLines(now: ContinuousClock.Instant) -> [String] {
        let width = screen.columns
        if let detail {
            return detail.page.sources.map { $0.statusLine(now: now, width: width) }
        }
        return StatusPanel.lines(count: sources.count, focus: focus, room: statusRows, width: width,
                                 line: { [self] index, width in sources[index].statusLine(now: now, width: width, extras: statusExtras(of: index)) },
                                 state: { [self] index in sources[index].loader.state.name })
    }

    /// `version 3 of 7, 12:03:04 · newer content waiting · paused`: where a source's history
    /// stands, and whether reloading is paused.
    private func statusExtras(of index: Int) -> [StatusPart] {
        var parts: [StatusPart] = []
        let history = histories[index]
        if !history.isFollowing, let version = history.statusPart { parts.append(version) }
        if history.newerWaiting {
            parts.append(StatusPart(("newer content waiting, ] to see it", 40), ("newer waiting", .max), last: .kept))
        }
        if session.isPaused { parts.append(.kept("paused")) }
        return parts
    }

    private func banner(now: ContinuousClock.Instant) -> String? {
        (detail?.page.main ?? sources[focus]).banner(now: now, width: screen.columns)
    }

    private func footer(rows: Int) -> String {
        if let searchInput {
            return "/" + searchInput + "▏  " + (searchInput.isEmpty ? "type to search · Enter keep · Esc cancel" : "\(typedMatchCount) matches · Enter keep · Esc cancel")
        }
        if showingHelp { return "any key closes the help" }
        if let notice { return notice.text }
        var text = ScreenKeys.footer(place)
        if !screen.readsKeys { text = "Ctrl-C quits" }
        if let search = pane.search {
            let current = search.current.map { "\($0 + 1)/" } ?? ""
            text = "/\(search.query): \(current)\(search.matches.count) matches · " + text
        }
        if let position = pane.position(rows: rows) { text += " · " + position }
        return text
    }

    /// Where the user is, for the footer's keys.
    var place: ScreenKeys.Place {
        let shown = detail?.page.main ?? sources[focus]
        return ScreenKeys.Place(
            inDetail: detail != nil, hasItems: pane.hasItems,
            canLoadMore: detail == nil && shown.loader.canLoadMore, manySources: sources.count > 1,
            hasHistory: detail == nil && histories[focus].count > 1, reloadsOnInterval: session.reloadsOnInterval,
            isPaused: session.isPaused, searching: pane.search != nil, failed: shown.loader.state.hasFailed)
    }

    /// Rows the status lines take on this screen.
    var statusRows: Int {
        StatusPanel.rows(sourceCount: sources.count, screenRows: session.terminal.height ?? 24)
    }

    // MARK: A source's list

    /// Shows the source's new content if it differs from what was shown, recording it as a
    /// version; returns whether it differed. While the user looks at an earlier version, the
    /// new one waits.
    @discardableResult
    private func present(_ source: SessionSource, bytes: Int) -> Bool {
        guard let content = source.loader.state.content else { return false }
        let rendering = listRendering(of: content)
        let text = rendering.text
        guard text != source.shown?.text else { return false }
        if session.probe.isRaised {
            // A signal came mid-render, and what was rendered is cut short. Its handler runs
            // first; if the watch goes on, the source is shown afterwards.
            session.loop.schedule { [weak self, weak source] in
                guard let self, let source else { return }
                present(source, bytes: bytes)
                redrawSoon()
            }
            return false
        }
        let before = source.shown?.text
        source.shown = (content, text)
        histories[source.index].record(content, bytes: max(bytes, text.utf8.count), at: ClockTime.reading(ClockTime.now()))
        guard histories[source.index].isFollowing else { return true }
        showList(of: source, marking: source.index == focus, rendered: rendering, previousText: before)
        return true
    }

    /// Renders what the source's list pane shows: the version the user looks at, or the latest
    /// content, or the plugin's skeleton while a first load runs, or why it failed. With
    /// `marking`, what changed since the version before is highlighted for this cycle.
    func showList(of source: SessionSource, marking: Bool = false,
                  rendered: (text: String, items: [Int]?, context: RenderContext)? = nil, previousText: String? = nil) {
        let pane = lists[source.index]
        let history = histories[source.index]
        guard let content = history.current?.version ?? source.shown?.content ?? source.loader.state.content else {
            return pane.show(placeholder(for: source), items: nil)
        }
        let (text, items, context) = rendered ?? listRendering(of: content)
        var marked: String?
        if marking, context.allowsStyling, let previous = history.previous {
            // Line by line, so that the marked lines match the items' lines one for one.
            let before = previousText ?? listRendering(of: previous).text
            marked = items == nil
                ? session.plugins.renderChanges(content, since: previous, context: context) ?? LineChanges.highlighted(text, since: before, context: context)
                : LineChanges.highlighted(text, since: before, context: context)
        }
        pane.show(text, items: items, marked: marked)
        if history.isFollowing, let shown = source.shown {
            // Rendered anew (a resize): the next reload compares with what is on screen now.
            source.shown = (shown.content, text)
        }
        pane.cursor.clamp(to: pane.layout(rows: contentRows))
    }

    /// What a list pane shows before any content: the plugin's skeleton while loading (as a
    /// one-shot run shows it), or the failure and what to do.
    private func placeholder(for source: SessionSource) -> String {
        let state = source.loader.state
        if let error = state.error, !state.isLoading {
            return TextStyle.dim.apply(UntrustedText.forTerminalLine(LoadErrorText.describe(error)), in: screen.style) + "\n"
        }
        if !state.isBusy, case .failed = state { return "" }
        return session.plugins.skeleton(for: source.loader.source.plugin, context: contentContext(gutter: false))
    }

    /// A list's text, where its items start, and the context it was rendered in: a gutter's
    /// width less than the screen when it has items to select, the whole width otherwise.
    func listRendering(of content: AnyContent) -> (text: String, items: [Int]?, context: RenderContext) {
        let narrow = contentContext(gutter: true)
        if let list = session.plugins.renderItems(of: content, context: narrow) {
            return (list.text.isEmpty ? view(of: content, context: narrow) : list.text, list.itemLines, narrow)
        }
        let full = contentContext(gutter: false)
        return (view(of: content, context: full), nil, full)
    }

    /// The content area's width and rows; graphics protocols do not survive row-by-row
    /// redraws, symbols do.
    func contentContext(gutter: Bool) -> RenderContext {
        var context = session.renderContext(rows: contentRows, imageFormat: .symbols)
        if gutter { context.width = max(context.width - Pane.gutterWidth, 10) }
        return context
    }

    /// The content's text for the content area; for the empty state, its line, dimmed, since
    /// a blank area would say nothing.
    func view(of content: AnyContent, context: RenderContext) -> String {
        let text = session.plugins.render(content, context: context)
        guard text.isEmpty, let state = session.plugins.emptyState(of: content) else { return text }
        return TextStyle.dim.apply(state, in: context) + "\n"
    }
}
