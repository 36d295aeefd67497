import Loader
import Plan
import Plugins
import Screen

/// The full-screen view of a watch or a browse on a terminal, carried out: it feeds the
/// screen model (`ScreenModel`, which decides everything the view does) its messages, returns
/// what the model asks of the session when the session hands it a key or its wake-up, carries
/// out the hand-offs the session resolved, and writes its frames.
final class ScreenPresenter: Presenter {
    private(set) var environment: PresenterEnvironment!
    /// Where each frame's status lines come from.
    private weak var boards: (any StatusBoards)?
    let screen: FullScreen
    private var model: ScreenModel!
    /// Renders the content the model asks for; a signal stops it, and what it gave is dropped.
    private var renderer: PluginScreenRenderer!
    /// The frame to come: on the loop's next idle moment, or after `ScreenPresenter.grace`.
    private var pendingFrame: (source: LoopSource, isIdle: Bool)?
    /// Whether the screen was left: a frame still pending then (the loop may run on to save
    /// the cache) is dropped, not drawn over the shell.
    private var left = false
    private var ticker: LoopSource?
    /// Whether the frame on its way is the tick's: it keeps the tick's pace, where any other
    /// frame puts the next tick a second and a grace after it.
    private var tickAsked = false
    /// The next slice of the search being typed, once asked for (`ScreenCommand.continueSearch`).
    private var searchSlice: LoopSource?
    /// The filter typed in the view that runs now, off the loop (`ScreenCommand.runFilter`).
    var filterRun: OffLoop.Later?

    init(terminal: Terminal, output: ContentOutput, usesMouse: Bool = true) {
        screen = FullScreen(terminal: terminal, output: output, usesMouse: usesMouse)
    }

    var announcesSource: Bool { false }
    var drawsViews: Bool { true }
    func showsProgress(in environment: PresenterEnvironment) -> Bool { true }
    var interruptCancelsLoads: Bool { true }
    var readsKeys: Bool { screen.readsKeys }

    func start(_ sources: [SourceSnapshot], boards: any StatusBoards, environment: PresenterEnvironment) {
        self.environment = environment
        self.boards = boards
        var context = environment.renderContext(imageFormat: .symbols)
        // `max-items` cuts what is printed; the screen scrolls, and shows every row.
        context.maxItems = nil
        renderer = PluginScreenRenderer(plugins: environment.plugins, base: context, selections: sources.map(\.plugin))
        // The model asks its own renderer only what is quick, and no signal may change what
        // it answers: that one heeds none.
        var quick = context
        quick.interruption = nil
        model = ScreenModel(sources: sources.map(\.facts), rows: environment.terminal.height, columns: environment.terminal.width,
                            reloadsOnInterval: environment.reloadsOnInterval, readsKeys: screen.readsKeys,
                            renderer: PluginScreenRenderer(plugins: environment.plugins, base: quick, selections: sources.map(\.plugin)))
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

    func changed(_ source: SourceSnapshot, by change: StateChange, verdict: LoadVerdict?) {
        // The loads cancelled on the way out are not news.
        guard environment.ending == nil else { return }
        if change.cause == .cancelled {
            note(environment.reloadsOnInterval ? "cancelled — the watch goes on; Ctrl-C again within 1 s quits"
                                           : "cancelled — r loads it again; Ctrl-C again within 1 s quits", about: source.name)
        }
        switch change.cause {
        case .succeeded, .cancelled:
            // The first content may be drawn already (a stored copy beside a failure): only a
            // change after it says what the view cannot show.
            var facts = source.facts
            facts.changed = verdict.flatMap { $0.isFirst ? nil : $0.changed }
            send(message(source.index, facts, change.cause, bytes: change.bytes))
        case .started, .progressed, .streamed, .reconnecting:
            // A load that ends within the grace shows only how it ended: no frame for a
            // reload's brief "loading", nor one per chunk of a large body, nor per chunk of a
            // stream's items.
            take(message(source.index, source.facts, change.cause, bytes: change.bytes))
            redrawShortly()
        case .notModified, .failed, .retryScheduled:
            send(message(source.index, source.facts, change.cause, bytes: change.bytes))
        }
    }

    private func message(_ index: Int, _ facts: SourceFacts, _ cause: LoadMachine<AnyContent>.Cause, bytes: Int) -> ScreenMessage {
        .sourceChanged(index, facts, cause: cause, bytes: bytes, at: ClockTime.reading(ClockTime.now()), now: .now)
    }

    func note(_ text: String, about name: String) {
        send(.note(text, about: name, at: .now))
    }

    /// An item with no detail to load is shown whole, rather than not at all.
    func noDetail(_ why: String, for source: SourceSnapshot, fields: [String: String]) {
        guard !source.isDetail else { return note(why, about: source.name) }
        send(.showRecord(source.index, fields: fields, note: why, at: .now))
    }

    func resized(to terminal: Terminal) {
        screen.resized(to: terminal)
        send(.resized(rows: terminal.height, columns: terminal.width))
    }

    func opened(_ facts: DetailFacts) {
        send(.detailOpened(facts))
    }

    func detailChanged(_ facts: DetailFacts, slot: Int, by change: StateChange) {
        send(.detailChanged(facts, cause: change.cause, slot: slot, at: .now))
    }

    func press(_ key: Key) -> [ScreenCommand] {
        defer { redrawSoon() }
        return carryOut(model.update(.key(key, at: .now)))
    }

    func woke() -> [ScreenCommand] {
        guard environment.ending == nil else { return [] }
        defer { redrawSoon() }
        return carryOut(model.update(.prefetchTimerFired))
    }

    /// Draws once the loop has handled what is ready now: a key that changes several things
    /// makes one frame, not several.
    func refresh() { redrawSoon() }

    func finish(_ ending: SessionEnding?) {
        ticker?.cancel()
        searchSlice?.cancel()
        left = true
        screen.leave()
        environment.diagnostics.restore()
    }

    func leaveNow() {
        left = true
        screen.leave()
        environment.diagnostics.restore()
    }

    func filterHistory(_ index: Int, _ programs: [String]) {
        send(.filterHistory(index, programs))
    }

    func readState(_ index: Int, _ keys: Set<String>) {
        send(.readState(index, keys))
    }

    /// As less does: the terminal put back as it was, the process stopped (the shell's job
    /// control takes over), and once `fg` continues it, the screen taken again and drawn whole
    /// at the terminal's size then.
    func suspend() {
        // A signal taken in the same turn as the key ends the run first: a stopped process
        // would keep it waiting until `fg`.
        guard !left, environment.ending == nil, !environment.signalWaiting else { return }
        screen.suspend()
        let terminal = Terminal.current(environment: environment.terminal.environment, color: environment.terminal.color)
        resized(to: terminal)
    }

    // MARK: Carrying out

    /// Gives the model a message that is no input (what the session's sources and details
    /// did, a note, a log line), and draws soon.
    func earlierVersions(_ index: Int, _ versions: [(version: AnyContent, bytes: Int, time: WallTime)]) {
        send(.earlierVersions(index, versions, at: .now))
    }

    func send(_ message: ScreenMessage) {
        take(message)
        redrawSoon()
    }

    /// Gives the model news (no key, no wake-up), which asks nothing of the session, only
    /// renders: only a key and the wake-up ask the session anything (`ScreenModel.update`).
    private func take(_ news: ScreenMessage) {
        let asked = carryOut(model.update(news))
        assert(asked.isEmpty, "only a key or the wake-up asks anything of the session")
    }

    /// Carries out the renders and the search slices the model asked for, and returns the
    /// rest, for the session.
    private func carryOut(_ commands: [ScreenCommand]) -> [ScreenCommand] {
        commands.filter { command in
            switch command {
            case .render(let request):
                render(request)
            case .copy(let text):
                screen.copyToClipboard(text)
            case .runFilter(let run):
                runFilter(run)
            case .continueSearch:
                // On the loop's next turn, after the keys and signals ready by then.
                if searchSlice == nil { searchSlice = environment.timers.soon { [weak self] in self?.searchOn() } }
            default:
                return true
            }
            return false
        }
    }

    /// A slice more of the search being typed, and a frame with what it found.
    private func searchOn() {
        searchSlice = nil
        guard environment.ending == nil, !left else { return }
        take(.searchGoesOn)
        redrawSoon()
    }

    /// Renders what the model waits for, and gives it the result. A signal that comes
    /// mid-render cuts it short: what it gave is dropped, and the model waits on; the next
    /// frame, after the signal's handler, asks again (`draw`), unless the signal ended the run.
    private func render(_ request: RenderRequest) {
        guard environment.ending == nil, !environment.signalWaiting, let job = model.renderJob(request) else { return }
        let result = job.run(with: renderer)
        guard !environment.signalWaiting else { return redrawSoon() }
        take(.rendered(result))
    }

    /// `o` and `y`: the URL the session found for the target to the browser or the clipboard,
    /// and a notice of it either way. Nothing loads, so the presenter carries it out itself.
    func handOff(_ how: HandOff, _ target: LinkTarget, url: Result<String, DetailProblem>, about name: String) {
        defer { redrawSoon() }
        let given: String
        switch url {
        case .success(let found): given = found
        case .failure(let problem): return note(problem.text, about: name)
        }
        let link = LinkTarget.cleaned(given)
        if let refusal = target.refusal(of: link) { return note(refusal, about: name) }
        let shown = URLCredentials.masked(link)
        switch how {
        case .open:
            note(ExternalBrowser.open(link, environment: environment.terminal.environment) ?? "opened \(shown) in the browser", about: name)
        case .copy:
            screen.copyToClipboard(link)
            note("copied \(shown) (through OSC 52; the terminal must allow it)", about: name)
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
        // What a signal left waiting is rendered now, as things stand now.
        for request in model.pendingRenders { render(request) }
        let now = ContinuousClock.now
        take(.tick(now))
        if let boards { take(.statuses(boards.statusBoard(now: now, showing: model.statusIndices))) }
        screen.draw(model.view())
        if !tickAsked { ticker?.postpone(by: Self.tick + Self.grace) }
        tickAsked = false
    }
}
