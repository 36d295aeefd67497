import Loader
import Plan
import Plugins
import Screen

/// The full-screen view of a watch or a browse on a terminal, carried out: it feeds the
/// screen model (`ScreenModel`, which decides everything the view does) its messages, returns
/// what the model asks of the session when the session hands it a key or its wake-up, carries
/// out the model's hand-offs, and writes its frames.
final class ScreenPresenter: Presenter {
    unowned var session: (any PresentedSession)!
    private(set) var environment: PresenterEnvironment!
    let screen: FullScreen
    private var model: ScreenModel!
    /// The frame to come: on the loop's next idle moment, or after `ScreenPresenter.grace`.
    private var pendingFrame: (source: LoopSource, isIdle: Bool)?
    /// Whether the screen was left: a frame still pending then (the loop may run on to save
    /// the cache) is dropped, not drawn over the shell.
    private var left = false
    private var ticker: LoopSource?
    /// Whether the frame on its way is the tick's: it keeps the tick's pace, where any other
    /// frame puts the next tick a second and a grace after it.
    private var tickAsked = false

    init(terminal: Terminal, output: ContentOutput, usesMouse: Bool = true) {
        screen = FullScreen(terminal: terminal, output: output, usesMouse: usesMouse)
    }

    var announcesSource: Bool { false }
    var drawsViews: Bool { true }
    var interruptCancelsLoads: Bool { true }
    var readsKeys: Bool { screen.readsKeys }

    func start(_ session: any PresentedSession, environment: PresenterEnvironment) {
        self.session = session
        self.environment = environment
        let renderer = PluginScreenRenderer(plugins: environment.plugins, base: environment.renderContext(imageFormat: .symbols),
                                            selections: session.sources.map(\.loader.source.plugin))
        model = ScreenModel(sources: session.sources.indices.map(session.facts(ofSource:)), rows: environment.terminal.height, columns: environment.terminal.width,
                            reloadsOnInterval: environment.reloadsOnInterval, readsKeys: screen.readsKeys, renderer: renderer)
        screen.enter()
        // Nothing is written raw over the frame: -v's trace and warnings go to the view's log
        // (and warnings to its footer), and the warnings to stderr again once it is left.
        environment.diagnostics.divert { [weak self] line in
            guard let self, !left else { return }
            send(.logged(line.text, isTrace: line.isTrace, at: .now))
        }
        // Countdowns in the status lines move once a second; nothing else ticks. Every frame
        // postpones the tick past a load's grace, so a watch that reloads every second draws
        // once a reload, not again for the tick.
        ticker = environment.timers.every(Self.tick) { [weak self] in
            // A frame on its way (a load's, held for its grace) will show the countdowns.
            guard let self, pendingFrame == nil else { return true }
            redrawSoon()
            tickAsked = true
            return true
        }
    }

    func changed(_ source: SessionSource, by change: StateChange, verdict: LoadVerdict?) {
        // The loads cancelled on the way out are not news.
        guard environment.ending == nil else { return }
        if change.cause == .cancelled {
            note(environment.reloadsOnInterval ? "cancelled — the watch goes on; Ctrl-C again within 1 s quits"
                                           : "cancelled — r loads it again; Ctrl-C again within 1 s quits", about: source)
        }
        switch change.cause {
        case .succeeded, .cancelled:
            // The first content may be drawn already (a stored copy beside a failure): only a
            // change after it says what the view cannot show.
            render(source, cause: change.cause, bytes: change.bytes, changed: verdict.flatMap { $0.isFirst ? nil : $0.changed })
        case .started, .progressed:
            // A load that ends within the grace shows only how it ended: no frame for a
            // reload's brief "loading", nor one per chunk of a large body.
            session.ask(model.update(message(source, change)))
            redrawShortly()
        case .notModified, .failed, .retryScheduled:
            send(message(source, change))
        }
    }

    private func message(_ source: SessionSource, _ change: StateChange) -> ScreenMessage {
        .sourceChanged(source.index, session.facts(ofSource: source.index), cause: change.cause, bytes: change.bytes,
                       at: ClockTime.reading(ClockTime.now()), now: .now)
    }

    func note(_ text: String, about source: SessionSource) {
        send(.note(text, about: source.name, at: .now))
    }

    /// An item with no detail to load is shown whole, rather than not at all.
    func noDetail(_ why: String, for source: SessionSource, fields: [String: String]) {
        guard !source.isDetail else { return note(why, about: source) }
        send(.showRecord(source.index, fields: fields, note: why))
    }

    func resized(to terminal: Terminal) {
        screen.resized(to: terminal)
        let before = model!
        let asked = model.update(.resized(rows: terminal.height, columns: terminal.width))
        // Cut short by a signal: the resize is done again after it, at the size then.
        if environment.cutShortBySignal({ [weak self] in if let self { resized(to: environment.terminal) } }) {
            model = before
            return
        }
        session.ask(asked)
        redrawSoon()
    }

    func opened(_ page: DetailPage) {
        send(.detailOpened(session.facts(of: page)))
    }

    func detailChanged(_ page: DetailPage, source: SessionSource, by change: StateChange) {
        // A prefetched detail's loads are not on screen until it opens.
        guard session.isOpen(page) else { return }
        send(.detailChanged(session.facts(of: page), cause: change.cause, slot: page.sources.firstIndex { $0 === source } ?? 0, at: .now))
    }

    func press(_ key: Key) -> [ScreenCommand] {
        carryOut(model.update(.key(key, at: .now)))
    }

    func woke() -> [ScreenCommand] {
        guard environment.ending == nil else { return [] }
        return carryOut(model.update(.prefetchTimerFired))
    }

    /// Draws once the loop has handled what is ready now: a key that changes several things
    /// makes one frame, not several.
    func refresh() { redrawSoon() }

    func finish(_ ending: SessionEnding?) {
        ticker?.cancel()
        left = true
        screen.leave()
        environment.diagnostics.restore()
    }

    func leaveNow() {
        left = true
        screen.leave()
        environment.diagnostics.restore()
    }

    // MARK: Carrying out

    /// Gives the model a message that is no input (what the session's sources and details
    /// did, a note, a log line), and draws soon.
    func earlierVersions(_ index: Int, _ versions: [(version: AnyContent, bytes: Int, time: WallTime)]) {
        send(.earlierVersions(index, versions, at: .now))
    }

    private func send(_ message: ScreenMessage) {
        session.ask(model.update(message))
        redrawSoon()
    }

    /// The model's hand-offs are carried out here (nothing loads); the rest is the session's
    /// to carry out. A frame follows soon either way.
    private func carryOut(_ commands: [ScreenCommand]) -> [ScreenCommand] {
        for case .handOff(let how, let target) in commands { handOff(target, how) }
        redrawSoon()
        return commands.filter { if case .handOff = $0 { false } else { true } }
    }

    /// Gives the model a change that renders the source's content. A signal that comes
    /// mid-render cuts the rendering short: the source's part of the model is put back as it
    /// was, the signal's handler runs first, and if the view goes on the source is shown then,
    /// as it stands then.
    private func render(_ source: SessionSource, cause: LoadMachine<AnyContent>.Cause, bytes: Int, changed: Bool?) {
        // Only this source's part: a copy of the whole model would make the next change to
        // each of its arrays copy it, for every source of a 10,000-source watch.
        let before = model.slot(source.index)
        var facts = session.facts(ofSource: source.index)
        facts.changed = changed
        let asked = model.update(.sourceChanged(source.index, facts, cause: cause, bytes: bytes, at: ClockTime.reading(ClockTime.now()), now: .now))
        if environment.cutShortBySignal({ [weak self, weak source] in
            if let self, let source { render(source, cause: cause, bytes: bytes, changed: changed) }
        }) {
            model.restore(before)
            return
        }
        session.ask(asked)
        redrawSoon()
    }

    /// `o` and `y`: the target's URL to the browser or the clipboard, and a notice of it
    /// either way. Nothing loads, so the presenter carries it out itself.
    private func handOff(_ target: LinkTarget, _ how: HandOff) {
        let source: SessionSource
        let url: Result<String, DetailProblem>
        switch target {
        case .item(let index, let fields):
            source = session.sources[index]
            url = session.detailURL(of: source, fields: fields)
        case .detail:
            guard let page = session.openDetail else { return }
            source = page.main
            url = .success(page.url)
        case .record(let fields):
            source = session.openDetail?.main ?? session.sources[model.focus]
            url = DetailTemplate.link(in: fields).map { .success($0) } ?? .failure(DetailProblem(text: "this item has no url, link or href field"))
        case .source(let index):
            source = session.sources[index]
            let address = source.loader.source.url
            url = address == "-" ? .failure(DetailProblem(text: "standard input has no URL to open")) : .success(address)
        }
        guard case .success(let given) = url else {
            if case .failure(let problem) = url { note(problem.text, about: source) }
            return
        }
        let link = LinkTarget.cleaned(given)
        if let refusal = target.refusal(of: link) { return note(refusal, about: source) }
        let shown = URLCredentials.masked(link)
        switch how {
        case .open:
            note(ExternalBrowser.open(link, environment: environment.terminal.environment) ?? "opened \(shown) in the browser", about: source)
        case .copy:
            screen.copyToClipboard(link)
            note("copied \(shown) (through OSC 52; the terminal must allow it)", about: source)
        }
    }

    /// Redraws once the loop has handled what is ready now: a burst of changes (10,000 sources
    /// reloading together) makes one frame, not one per change.
    private func redrawSoon() {
        if let pendingFrame {
            if pendingFrame.isIdle { return }
            pendingFrame.source.cancel()
        }
        pendingFrame = (environment.timers.soon { [weak self] in self?.draw() }, true)
    }

    /// Redraws after `grace`, unless something else draws first.
    private func redrawShortly() {
        guard pendingFrame == nil else { return }
        pendingFrame = (environment.timers.after(Self.grace) { [weak self] in self?.draw() }, false)
    }

    /// How long a load's start and progress may wait for a frame: below what the eye takes for
    /// a flash, so that a load quicker than this shows no "loading" at all.
    static let grace = Duration.milliseconds(50)
    /// How often the countdowns in the status lines move.
    static let tick = Duration.seconds(1)

    private func draw() {
        pendingFrame?.source.cancel()
        pendingFrame = nil
        guard !left else { return }
        let now = ContinuousClock.now
        session.ask(model.update(.tick(now)) + model.update(.statuses(session.statusBoard(now: now, showing: model.statusIndices))))
        screen.draw(model.view())
        if !tickAsked { ticker?.postpone(by: Self.tick + Self.grace) }
        tickAsked = false
    }
}
