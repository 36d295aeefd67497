import Loader
import Plugins

/// A watch on a terminal: the full-screen view (`WatchScreen`) with a status line per source,
/// the focused source's error banner and content, and a footer with the keys or the latest
/// notice. What changed since the last reload is highlighted for one cycle.
///
/// Keys that move the view (scrolling, focus) are handled here; the others come back to the
/// session as intents.
final class ScreenPresenter: Presenter {
    /// How long a notice stays in the footer.
    static let noticeLifetime = Duration.seconds(4)

    private unowned var session: LoadSession!
    private let screen: WatchScreen
    private var focus = 0
    /// The footer's latest notice and when it goes.
    private var notice: (text: String, until: ContinuousClock.Instant)?
    /// Whether the content on screen carries the highlight of what just changed; it goes at
    /// the start of the next cycle.
    private var highlighted = false
    private var redrawPending = false
    /// Whether the screen was left: a frame still pending then (the loop may run on to save
    /// the cache) is dropped, not drawn over the shell.
    private var left = false
    private var ticker: LoopSource?

    init(terminal: Terminal) { screen = WatchScreen(terminal: terminal) }

    var announcesSource: Bool { false }
    var drawsViews: Bool { true }
    var interruptCancelsLoads: Bool { true }
    var readsKeys: Bool { screen.readsKeys }

    private var sources: [SessionSource] { session.sources }

    func start(_ session: LoadSession) {
        self.session = session
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
            if !source.continuesChain { source.unchanged = !present(source) }
        case .cancelled:
            note("cancelled — the watch goes on; Ctrl-C again within 1 s quits", about: source)
            // A cancelled page chain leaves the pages it had; show them if they differ.
            if source.isSettled { present(source) }
        case .notModified, .failed, .retryScheduled, .started, .progressed:
            break
        }
        redrawSoon()
    }

    func note(_ text: String, about source: SessionSource) {
        notice = ("\(source.name): \(UntrustedText.forTerminalLine(text))", .now + Self.noticeLifetime)
        redrawSoon()
    }

    func reloadDue(_ source: SessionSource) {
        clearHighlight()
    }

    func resized(to terminal: Terminal) {
        screen.resized(to: terminal)
        let context = renderContext
        let rendered = sources.map { source in source.shown.map { ($0.content, view(of: $0.content, context: context)) } }
        if session.probe.isRaised {
            // Cut short by a signal: its handler runs first, then the resize is done again.
            session.loop.schedule { [weak self] in
                guard let self else { return }
                resized(to: session.terminal)
            }
            return
        }
        for (source, shown) in zip(sources, rendered) { source.shown = shown }
        highlighted = false
        if let shown = sources[focus].shown { screen.setContent(shown.text) }
        refresh()
    }

    func intent(for key: Key) -> Intent? {
        let focused = sources[focus]
        switch key {
        case .character("q"), .character("Q"):
            return .quit
        case .character("r"):
            clearHighlight()
            return .reload(focused)
        case .character("n"):
            return .loadMore(focused)
        case .tab:
            setFocus((focus + 1) % sources.count)
        case .backTab:
            setFocus((focus + sources.count - 1) % sources.count)
        case .character(let digit) where digit.isASCII && digit.isNumber && digit != "0":
            // 1…9 pick the source with that number on its status line.
            if let index = digit.wholeNumberValue.map({ $0 - 1 }), index < sources.count { setFocus(index) }
        default:
            if screen.scroll(for: key, statusCount: statusRows) { refresh() }
        }
        return nil
    }

    /// Draws once the loop has handled what is ready now: a reload that starts says so to the
    /// session and to this presenter in one breath, and makes one frame, not two.
    func refresh() { redrawSoon() }

    private func draw() {
        guard !left else { return }
        let now = ContinuousClock.now
        if let notice, notice.until <= now { self.notice = nil }
        let focused = sources[focus]
        var footer = "r reload · n next page · q quit · ↑↓ PgUp PgDn scroll"
        if sources.count > 1 { footer = "Tab or 1–9 switch · " + footer }
        if !screen.readsKeys { footer = "Ctrl-C quits" }
        let width = session.terminal.width
        screen.draw(status: StatusPanel.lines(sources, focus: focus, now: now, room: statusRows, width: width),
                    banner: focused.banner(now: now, width: width),
                    footer: notice?.text ?? footer)
    }

    func finish(_ ending: SessionEnding?) {
        ticker?.cancel()
        left = true
        screen.leave()
    }

    func leaveNow() {
        left = true
        screen.leave()
    }

    /// Redraws once the loop has handled what is ready now: a burst of changes (10,000 sources
    /// reloading together) makes one frame, not one per change.
    private func redrawSoon() {
        guard !redrawPending else { return }
        redrawPending = true
        session.loop.schedule { [weak self] in
            self?.redrawPending = false
            self?.draw()
        }
    }

    /// Shows the source's content if it differs from what is shown, with what changed
    /// highlighted; returns whether it differed.
    @discardableResult
    private func present(_ source: SessionSource) -> Bool {
        guard let content = source.loader.state.content else { return false }
        let context = renderContext
        let text = view(of: content, context: context)
        guard text != source.shown?.text else { return false }
        let previous = source.shown
        let focused = sources[focus] === source
        let marked = focused ? previous.map {
            session.plugins.renderChanges(content, since: $0.content, context: context) ?? LineChanges.highlighted(text, since: $0.text, context: context)
        } : nil
        if session.probe.isRaised {
            // A signal came mid-render, and what was rendered is cut short. Its handler runs
            // first; if the watch goes on, the source is shown afterwards.
            session.loop.schedule { [weak self, weak source] in
                guard let self, let source else { return }
                present(source)
                redrawSoon()
            }
            return false
        }
        source.shown = (content, text)
        if focused {
            screen.setContent(marked ?? text)
            highlighted = marked != nil
        }
        return true
    }

    /// The content's text for the content area; for the empty state, its line, dimmed, since
    /// a blank area would say nothing.
    private func view(of content: AnyContent, context: RenderContext) -> String {
        let text = session.plugins.render(content, context: context)
        guard text.isEmpty, let state = session.plugins.emptyState(of: content) else { return text }
        return TextStyle.dim.apply(state, in: context) + "\n"
    }

    /// The changes were highlighted for one cycle; back to the plain rendering.
    private func clearHighlight() {
        guard highlighted, let shown = sources[focus].shown else { return }
        highlighted = false
        screen.setContent(shown.text)
    }

    /// Shows source `index`'s content under the status lines, from its top.
    private func setFocus(_ index: Int) {
        guard index != focus else { return }
        focus = index
        highlighted = false
        screen.setContent(sources[index].shown?.text ?? "", scrollingToTop: true)
        refresh()
    }

    /// Rows the status lines take on this screen.
    private var statusRows: Int {
        StatusPanel.rows(sourceCount: sources.count, screenRows: session.terminal.height ?? 24)
    }

    /// The content area's rows; graphics protocols do not survive row-by-row redraws, symbols do.
    private var renderContext: RenderContext {
        session.renderContext(rows: session.terminal.height.map { max($0 - statusRows - 2, 1) }, imageFormat: .symbols)
    }
}
