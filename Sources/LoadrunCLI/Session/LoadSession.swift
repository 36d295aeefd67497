#if canImport(Glibc)
import Glibc
#endif
import Loader
import Store
import Plugins
import Plan

/// One run of loadrun: the loop, the HTTP client, the fetcher, the embedded sample server, a
/// loader per source and the signal watches, under one schedule (load once, or again on an
/// interval), shown by one presenter.
///
/// How a load flows: command line → plan (`SourceRequest`s) → the session machine → each
/// source's `SourceLoader` → fetch → decode → the presenter. Signals, keys, ticks and loader
/// changes become events for `SessionMachine`, which decides; this object carries out its
/// actions (see `LoadSession+Actions`) and owns the loop, the client, the loaders and the
/// watches.
package final class LoadSession {
    /// How the session loads its sources.
    package enum Schedule: Equatable {
        /// Each source once; the run ends when all have come to rest.
        case once
        /// Each source again every interval (nil: each source's own), until something ends it.
        case interval(Duration?)
        /// Each source once, then the view stays until the user leaves it; it loads again
        /// only when asked (`r`, SIGUSR1) and opens items' details.
        case browse

        /// Whether the run stays up once its sources have loaded: a watch or a browse.
        var staysUp: Bool { self != .once }

        /// Whether sources reload on an interval: a watch.
        var reloadsOnInterval: Bool {
            if case .interval = self { true } else { false }
        }
    }

    let loop = EventLoop()
    /// When the sources load: the machine's to know.
    var schedule: Schedule { machine.schedule }
    /// What the presenter draws with, and the session writes and renders with too: the
    /// outputs, the plugin table, the terminal as it is now, how content renders.
    let environment: PresenterEnvironment
    var terminal: Terminal {
        get { environment.terminal }
        set { environment.terminal = newValue }
    }
    var verbosity: Verbosity { environment.verbosity }
    /// The run's stderr: every message of the session and its presenter.
    var diagnostics: Diagnostics { environment.diagnostics }
    /// `--trace FILE`: where the trace goes too, `-v` or not.
    let trace: TraceFile?
    /// The run's stdout, for content; a reader that goes away ends the run.
    var output: ContentOutput { environment.output }
    /// Lets a long render stop for the signals that end or interrupt the run.
    let probe = InterruptProbe(signals: EndingSignals.all)
    private(set) var sources: [SessionSource] = []
    /// Every decision of the run.
    var machine: SessionMachine
    /// Events (and intents) taken one at a time (see `send`).
    let turns = TurnQueue()

    /// What each source was asked for, by its index: a detail opened from it loads with the
    /// same settings.
    var requests: [SourceRequest] { environment.requests }
    /// The plugin table: presenters render each content with the renderer of its decoder.
    var plugins: PluginRegistry { environment.plugins }
    /// Where the sources' and details' loaders come from, and what fetches for them.
    let loaders: SourceLoaders
    /// Draws the run, chosen once before it (`PresenterChoice`); it says what Ctrl-C does.
    let presenter: any Presenter
    var watches: [LoopSource] = []
    var reloads: ReloadSchedule?
    /// The presenter's wake-up, when its screen model asked for one (`.startPrefetchTimer`).
    var wakeUp: LoopSource?
    /// The details opened or prefetched in this run (see `LoadSession+Details`).
    let details = DetailPages()
    /// What the run does for scripts: a wait, a command on change, as they run.
    let scripting: ScriptingRun
    /// Records the sources' loads in the history; nil when none is recorded.
    let recorder: HistoryRecorder?
    /// `--unseen`: leaves out the items earlier runs showed.
    var unseen: UnseenItems? { environment.unseen }

    /// Why the run is ending, once something ended it; nil while it goes on.
    var ending: SessionEnding? { machine.ending }
    /// Whether a watch's reloads are paused (`p`): the interval still counts, nothing loads.
    var isPaused: Bool { machine.isPaused }

    init(requests: [SourceRequest], plugins: PluginRegistry, schedule: Schedule, presenter: any Presenter, terminal: Terminal, view: ViewOptions,
         verbosity: Verbosity = .normal, client: HTTPClientConfiguration = HTTPClientConfiguration(), prefetchesDetails: Bool = true,
         scripting: ScriptingSettings = ScriptingSettings(), format: OutputFormat = .text, history: HistoryStore? = nil, showsUnseen: Bool = false, showsUnread: Bool = false,
         diagnostics: Diagnostics, output: ContentOutput, trace: TraceFile? = nil) {
        self.trace = trace
        loaders = SourceLoaders(diagnostics: diagnostics, client: client)
        self.presenter = presenter
        self.scripting = ScriptingRun(settings: scripting, format: format)
        let judge = scripting.wait.map { WaitJudge($0, deadline: $0.timeout.map { .now + $0 }) }
        machine = SessionMachine(schedule: schedule, sourceCount: requests.count, interruptCancelsLoads: presenter.interruptCancelsLoads,
                                 prefetchesDetails: prefetchesDetails, wait: judge)
        let recorder = history.map { [loop] in HistoryRecorder(store: $0, plugins: plugins, loop: loop, requests: requests) }
        self.recorder = recorder
        let unseen = showsUnseen || showsUnread ? recorder.map {
            UnseenItems(store: $0.store, plugins: plugins, runStart: $0.runStart, rule: showsUnread ? .unread : .unseen)
        } : nil
        environment = PresenterEnvironment(output: output, diagnostics: diagnostics, plugins: plugins, terminal: terminal, verbosity: verbosity,
                                           requests: unseen.map { unseen in requests.map(unseen.beforeJQ) } ?? requests, unseen: unseen,
                                           view: view, staysUp: schedule.staysUp, reloadsOnInterval: schedule.reloadsOnInterval,
                                           interruption: probe, timers: PresenterTimers(loop: loop))
        if let command = scripting.onChange {
            self.scripting.changeCommands = ChangeCommands(
                command: command, loop: loop, diagnostics: diagnostics,
                describe: { [unowned self] in
                    ChangeCommands.Source(name: sources[$0].name, label: sources[$0].loader.source.name, url: sources[$0].loader.firstPageURL)
                },
                input: { [unowned self] in self.scripting.takeStreamedInput($0) ?? commandInput(sources[$0]) })
        }
    }

    /// Whether the run stays up once its sources have loaded, until something ends it: a watch
    /// or a browse.
    var staysUp: Bool { machine.staysUp }

    /// Whether sources reload on an interval: a watch.
    var reloadsOnInterval: Bool { machine.reloadsOnInterval }

    /// Whether a one-shot run shows its progress (see `PresenterEnvironment`).
    var showsProgress: Bool { environment.showsProgress }

    /// Whether a source reads standard input from a terminal: someone types the content there,
    /// and nothing may be drawn over what they type.
    var readsTypedInput: Bool { environment.readsTypedInput }

    /// Loads every source as the schedule says, shows them through the presenter, and returns
    /// how the run ended.
    func run() -> RunOutcome {
        // Before anything is said on stderr: once a line shows, a signal must find its handler,
        // not the default disposition that would end the process.
        watchSignals()
        watchReaderOfStandardOutput()
        // Never silenced, not even by -q: a store that cannot keep copies changes what later
        // runs can show offline.
        // The client's callbacks hold the diagnostics, not the session, which holds the client.
        let diagnostics = diagnostics
        let configuration = loaders.clientConfiguration
        let copies = configuration.storeDirectory.flatMap { directory in
            configuration.copyKeyDirectory.map { [diagnostics] keys in
                CopyStore(directory: directory, keyDirectory: keys) { problem in diagnostics.say("loadrun: warning: \(problem)") }
            }
        }
        let http = HTTPClient(loop: loop, configuration: loaders.clientConfiguration, copies: copies)
        if verbosity >= .verbose || trace != nil {
            let (unmasked, verbose, trace) = (verbosity == .unmasked, verbosity >= .verbose, trace)
            http.logTraffic { line in
                let text = TrafficLog.text(of: line, unmasked: unmasked)
                if verbose { diagnostics.trace(text, unmasked: unmasked) }
                trace?.write(text, unmasked: unmasked)
            }
        }
        // Never silenced, not even by -q: the user should not forget what -k does.
        http.onInsecureCertificate = { host, problems in
            diagnostics.say("loadrun: warning: accepting the certificate of \(host), which is \(problems.words), unchecked (-k)")
        }
        let fetcher = URLFetcher(loop: loop, http: http)
        loaders.fetcher = fetcher
        let showsProgress = presenter.showsProgress(in: environment)
        for (index, request) in requests.enumerated() {
            guard let url = loaders.url(for: request) else {
                send(.unstartable)
                stopWatching()
                return machine.outcome(outputFailure: nil)
            }
            // One source says where it loads from; many would bury the content in URLs.
            if presenter.announcesSource && requests.count == 1 && verbosity > .quiet { loaders.announce(request, url: url) }
            // Without a word, a run waiting on the terminal looks hung, and how to end it is not known to all.
            if URLParts.isStandardInput(url) && terminal.stdinIsTTY && verbosity > .quiet {
                diagnostics.say("loadrun: reading standard input; end it with Ctrl-D")
            }
            // A verdict on each load needs its fingerprints: wherever something reads it.
            let loader = SourceLoaders.loader(request, url: url, fetcher: fetcher, loop: loop, plugins: plugins,
                                              fingerprintsContent: presenter.tellsChanges || staysUp || scripting.settings.fingerprintsContent
                                                  || records(index), handsOnFirstPage: records(index),
                                              maxStreamItems: environment.view.maxStreamItems)
            loader.reportsProgress = showsProgress
            loader.publishesArrivals = scripting.settings.readsStreamItems || presenter.logsItems
            let source = SessionSource(loader: loader, index: index, interval: interval(for: request))
            // The loader's one way out: its changes, and its items as they come.
            loader.observe { [unowned self, unowned source] event in
                switch event {
                case .changed(let change): observe(change, of: source)
                case .items(let batch): take(batch, of: source)
                }
            }
            // One source printed whole, or pieces that say their source (NDJSON): what its
            // decoder makes as it goes is printed as it comes, and waits for a slow reader.
            if presenter.printsPieces, requests.count == 1 || presenter.labelsPieces, unseen == nil {
                loader.pieceIntake = PieceIntake(isReady: { [unowned output] in !output.isBacklogged },
                                                 // Several sources' pieces interleave: only a stream cannot wait its turn.
                                                 takesOnlyLiveStreams: presenter.takesPiecesOnlyFromStreams || requests.count > 1)
            }
            sources.append(source)
        }
        if let recorder { machine.knowVersions(recorder.lastVersionBodies()) }
        presenter.start(sources.map(snapshot), boards: self, environment: environment)
        if presenter.readsKeys { tellReadState() }
        if presenter.readsKeys {
            watches.append(loop.onReadable(STDIN_FILENO) { [unowned self] in readKeys() })
        }
        if reloadsOnInterval {
            reloads = ReloadSchedule(loop: loop, fire: { [unowned self] in send(.reloadDue($0)) })
        }
        send(.start)
        startWaitDeadline()
        presenter.refresh()
        if machine.needsLoop { loop.run() }

        reloads?.stop()
        scripting.waitDeadline?.cancel()
        wakeUp?.cancel()
        // Anything still loading (a watch that was quit) is cancelled; with `ending` set, the
        // presenter knows these cancels are not news.
        carryOut(.cancelAll)
        presenter.finish(ending)
        // The loads first: a signal while the commands finish leaves at once.
        recorder?.finish(waitsForLock: { if case .signal = ending { false } else { true } }())
        // Now, not when the store goes: a request still in flight holds it past the exit.
        copies?.writeWaitingConfirmations()
        if let cookieJarFile { writeCookies(http.cookies, to: cookieJarFile) }
        scripting.changeCommands?.finish(lettingThemEnd: ending == .conditionMet, until: scripting.waitEnds)
        drainOutput()
        stopWatching()
        if let failure = output.failure, !failure.isBrokenPipe {
            diagnostics.say("loadrun: cannot write the output: \(failure.reason)")
        }
        if reloadsOnInterval, verbosity > .quiet, case .signal = ending { diagnostics.say("watch stopped") }
        return machine.outcome(outputFailure: output.failure)
    }

    /// The file `-c` names, where the run's cookies are written when it ends.
    var cookieJarFile: String?

    /// Writes `cookies` to `path` in curl's format, readable by its owner alone; a file that
    /// cannot be written is said, and the run's status stands.
    private func writeCookies(_ cookies: [CookieRecord], to path: String) {
        if let problem = LocalFile.replace(path, with: Array(CookieFile.text(cookies).utf8), mode: 0o600, keepsMode: false) {
            diagnostics.say("loadrun: -c \(path): cannot write the cookies: \(problem)")
        }
    }

    /// What a slow reader has not yet taken goes out before the run ends, the loop running
    /// meanwhile, so that a signal still ends it.
    private func drainOutput() {
        while output.hasPending {
            if case .signal = ending { return }
            loop.iterate(blocking: true)
        }
    }

    // MARK: State changes

    /// The one way facts about loads reach the session: each change of a run's source.
    private func observe(_ change: StateChange, of source: SessionSource) {
        if change.cause == .succeeded, verbosity >= .verbose || trace != nil, let content = change.to.content {
            let why = switch source.loader.source.plugin {
            case .fixed: "named by --plugin or the source"
            case .fromResponse: "the first in `loadrun plugins` to take it"
            }
            let note = "* \(source.name): \(content.pluginName) took the response (\(why))"
            if verbosity >= .verbose { diagnostics.trace(note, unmasked: false) }
            trace?.write(note, unmasked: false)
        }
        // A new load's items are its own: those of the last that no command read go.
        if change.cause == .started { scripting.streamedInput[source.index] = nil }
        tell(change, snapshot: snapshot(of: source), of: source)
        // Asked after the presenter drew: a signal may have stopped that very render.
        changeShown()
    }

    /// What a verdict needs of a change that brought content: its fingerprints, whether the
    /// history keeps the source, the content's JSON for a wait's program, and which of its
    /// items `--unseen` or `--unread` shows (the history read once, here, for the load).
    func settledLoad(_ change: StateChange, of source: SessionSource) -> LoadVerdicts.Load? {
        guard change.cause == .succeeded || change.cause == .notModified, let content = change.to.content,
              let fingerprint = content.fingerprint else { return nil }
        return LoadVerdicts.Load(content: fingerprint, body: content.bodyFingerprint ?? fingerprint, isRecorded: records(source.index),
                                 json: { [unowned self] in contentJSON(content) },
                                 picked: unseen?.pick(content, of: requests[source.index]))
    }

    /// Whether the history keeps source `index`'s versions.
    func records(_ index: Int) -> Bool { recorder != nil && requests[index].historyKeep != nil }

    /// Says once what the content's plugin wants said: which view took it and why, fields a
    /// template lacked. A watch says each only the first time.
    func noteContent(_ source: SessionSource) {
        // Content printed as data is what the server sent: which view would have shown it is
        // no news.
        guard presenter.drawsViews, verbosity > .quiet else { return }
        if let content = source.loader.state.content, plugins.goesOutAsData(content), environment.writesData(for: snapshot(of: source)) { return }
        for note in source.loader.state.content?.notes ?? [] where source.saidNotes.insert(note).inserted {
            presenter.note(note, about: source.name)
        }
    }

    /// Says why a list has fewer pages than were asked for.
    func notePagingStop(_ source: SessionSource) {
        let loader = source.loader
        if loader.pagesLoaded < loader.pagesWanted, let stop = loader.pagingStop {
            presenter.note(LoadErrorText.describe(stop), about: source.name)
        }
        if loader.pagesWanted == SourceRequest.pageLimit && loader.nextPage != nil {
            presenter.note("stopped after \(SourceRequest.pageLimit) pages", about: source.name)
        }
    }

    // MARK: Rendering

    /// How content renders now: the terminal's size and styling, the image options, and the
    /// probe that lets a long render stop for a signal; `imageFormat` applies when the user
    /// forced none.
    func renderContext(imageFormat: ImageFormat?) -> RenderContext {
        environment.renderContext(imageFormat: imageFormat)
    }

    private func interval(for request: SourceRequest) -> Duration {
        if case .interval(let every?) = schedule { return every }
        return request.interval ?? WatchArgument.defaultDuration
    }
}
