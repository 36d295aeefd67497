#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plugins

/// `loadrun --watch`: keeps sources fresh on an interval, the way `watch -n` does, with
/// conditional reloads, retries and pages.
///
/// On a terminal it draws a full-screen view (`WatchScreen`) and takes keys; on a pipe it prints
/// content when it changes, under a timestamped header, and says on stderr what went wrong.
/// With `--output ndjson` it prints one line per state transition instead.
final class WatchRun {
    /// How long a Ctrl-C counts as "just pressed": a second one within it quits.
    static let doubleInterruptWindow = Duration.seconds(1)
    /// How long a notice stays in the footer.
    static let noticeLifetime = Duration.seconds(4)

    private let loop = EventLoop()
    private var terminal: Terminal
    private let requests: [OneShotRun.Request]
    /// One interval for every source (`--watch 30s`), or nil for each source's own.
    private let interval: Duration?
    private let clientConfiguration: HTTPClientConfiguration
    private let format: OutputFormat
    private let imageOptions: OneShotRun.ImageOptions
    private let endpoint = SampleEndpoint()

    private var sources: [WatchedSource] = []
    private var focus = 0
    private var screen: WatchScreen?
    private var watches: [LoopSource] = []
    /// Lets a long render stop for the signals that end or interrupt the watch.
    private let probe = InterruptProbe(signals: [SIGINT, SIGTERM, SIGHUP])
    private var lastInterrupt: ContinuousClock.Instant?
    private var exitStatus: Int32?
    /// The footer's latest notice and when it goes.
    private var notice: (text: String, until: ContinuousClock.Instant)?
    /// Whether the content on screen carries the highlight of what just changed; it goes at
    /// the start of the next cycle.
    private var highlighted = false
    private var redrawPending = false
    private var schedule: ReloadSchedule?

    init(requests: [OneShotRun.Request], interval: Duration?, terminal: Terminal, format: OutputFormat,
         imageOptions: OneShotRun.ImageOptions, client: HTTPClientConfiguration = HTTPClientConfiguration()) {
        self.requests = requests
        self.interval = interval
        clientConfiguration = client
        self.terminal = terminal
        self.format = format
        self.imageOptions = imageOptions
    }

    /// Watches until `q`, a signal, or the reader of stdout going away; returns the exit status.
    func run() -> Int32 {
        watchSignals()
        let http = HTTPClient(loop: loop, configuration: clientConfiguration)
        let fetcher = URLFetcher(loop: loop, http: http)
        let usesScreen = terminal.stdoutIsTTY && format == .text
        for request in requests {
            guard let url = endpoint.url(for: request) else { return ExitStatus.allFailed }
            // A screen is about to take the terminal over; a line said now would flash and go.
            // Many sources' URLs would bury what matters; `loadrun sources` lists them.
            if !usesScreen && requests.count == 1 { SampleEndpoint.announce(request, url: url) }
            let loader = SampleEndpoint.loader(request, url: url, fetcher: fetcher, loop: loop)
            let watched = WatchedSource(loader: loader, interval: interval ?? request.interval ?? WatchArgument.defaultDuration,
                                        pagesWanted: request.pages)
            watched.index = sources.count
            loader.observe { [unowned self, unowned watched] change in observe(change, of: watched) }
            sources.append(watched)
        }
        if usesScreen {
            let screen = WatchScreen(terminal: terminal)
            self.screen = screen
            screen.enter()
            if screen.readsKeys {
                watches.append(loop.onReadable(STDIN_FILENO) { [unowned self] in readKeys() })
            }
            // Countdowns in the status lines move once a second; nothing else ticks.
            watches.append(loop.repeating(every: .seconds(1)) { [unowned self] in
                redraw()
                return true
            })
        }
        let schedule = ReloadSchedule(loop: loop, currentDue: { [unowned self] in sources[$0].nextReload },
                                      fire: { [unowned self] in cycle(sources[$0]) })
        self.schedule = schedule
        for watched in sources {
            setNextReload(watched, to: .now + watched.interval)
            watched.loader.load()
        }
        redraw()
        if exitStatus == nil { loop.run() }

        schedule.stop()
        sources.forEach { $0.loader.cancel() }
        watches.forEach { $0.cancel() }
        watches = []
        probe.close()
        screen?.leave()
        http.saveCache()
        if exitStatus == ExitStatus.interrupted || exitStatus == ExitStatus.terminated || exitStatus == ExitStatus.hangUp {
            Diagnostics.say("watch stopped")
        }
        return exitStatus ?? ExitStatus.success
    }

    // MARK: Cycles

    /// The interval came round: reload, unless the last load is still running (said so) or a
    /// retry is already scheduled (its backoff decides).
    private func cycle(_ watched: WatchedSource) {
        setNextReload(watched, to: .now + watched.interval)
        clearHighlight()
        reload(watched)
    }

    /// The interval starts again from `instant`: the status line and the schedule agree.
    private func setNextReload(_ watched: WatchedSource, to instant: ContinuousClock.Instant) {
        watched.nextReload = instant
        if let index = watched.index { schedule?.add(index, at: instant) }
    }

    private func reload(_ watched: WatchedSource) {
        let loader = watched.loader
        if loader.state.isLoading {
            say("reload skipped — previous load still running", about: watched)
        } else if loader.state.pendingRetry == nil {
            loader.reload()
        }
        redraw()
    }

    private func observe(_ change: StateChange, of watched: WatchedSource) {
        if change.attempt > 0 { watched.currentAttempt = change.attempt }
        if format == .ndjson && change.cause != .progressed {
            write(TransitionRecord(change, at: TransitionRecord.now()).line())
        }
        // The loads cancelled on the way out are not news.
        guard exitStatus == nil else { return }
        switch change.cause {
        case .succeeded:
            watched.lastSuccess = ClockTime.now()
            watched.lastFailure = nil
            if watched.wantsMorePages {
                watched.loader.loadMore()
            } else {
                if let stop = watched.loader.pagingStop, watched.loader.pagesLoaded < watched.pagesWanted {
                    say(stop.description, about: watched)
                }
                watched.unchanged = !present(watched)
            }
        case .notModified:
            watched.lastSuccess = ClockTime.now()
            watched.lastFailure = nil
            watched.unchanged = true
        case .failed, .retryScheduled:
            if let error = watched.loader.state.error { watched.lastFailure = (error, ClockTime.now()) }
            if screen == nil, format != .ndjson, let banner = watched.banner(now: .now) {
                Diagnostics.say("\(watched.name): \(banner)")
            }
        case .cancelled:
            say("cancelled — the watch goes on; Ctrl-C again within 1 s quits", about: watched)
            // A cancelled page chain leaves the pages it had; show them if they differ.
            if !watched.loader.state.isBusy { present(watched) }
        case .started, .progressed:
            break
        }
        redrawSoon()
    }

    /// Redraws once the loop has handled what is ready now: a burst of changes (10,000 sources
    /// reloading together) makes one frame, not one per change.
    private func redrawSoon() {
        guard screen != nil, !redrawPending else { return }
        redrawPending = true
        loop.schedule { [weak self] in
            self?.redrawPending = false
            self?.redraw()
        }
    }

    /// Shows or prints the source's content if it differs from what is shown; returns whether it did.
    @discardableResult
    private func present(_ watched: WatchedSource) -> Bool {
        guard format != .ndjson, let content = watched.loader.state.content else { return false }
        let context = renderContext
        let text = format == .json ? UntrustedText.forJSON(content.renderJSON()) + "\n" : content.render(context)
        guard text != watched.shown?.text else { return false }
        let previous = watched.shown
        let onScreen = screen != nil && sources[focus] === watched
        let marked = onScreen ? previous.map {
            content.renderChanges(since: $0.content, context: context) ?? LineChanges.highlighted(text, since: $0.text, context: context)
        } : nil
        if probe.isRaised {
            // A signal came mid-render, and what was rendered is cut short. Its handler runs
            // first; if the watch goes on, the source is shown afterwards.
            loop.schedule { [weak self, weak watched] in
                guard let self, let watched else { return }
                present(watched)
                redrawSoon()
            }
            return false
        }
        watched.shown = (content, text)
        if let screen {
            guard onScreen else { return true }
            screen.setContent(marked ?? text)
            highlighted = marked != nil
        } else if format == .json {
            write(text)
        } else {
            write(TerminalText.truncated("==> \(watched.name) at \(ClockTime.dateAndTime(ClockTime.now())) <==", toWidth: renderContext.width) + "\n" + text)
        }
        return true
    }

    /// The changes were highlighted for one cycle; back to the plain rendering.
    private func clearHighlight() {
        guard highlighted, let screen, let shown = sources[focus].shown else { return }
        highlighted = false
        screen.setContent(shown.text)
    }

    // MARK: Output

    /// Writes to stdout; when its reader has gone, the watch ends quietly.
    private func write(_ text: String) {
        do {
            try OutputStream.standardOutput.write(text)
        } catch {
            quit(ExitStatus.success)
        }
    }

    /// A note about a source: in the footer on a terminal, on stderr otherwise.
    private func say(_ text: String, about watched: WatchedSource) {
        let line = "\(watched.name): \(UntrustedText.forTerminalLine(text))"
        if screen != nil {
            notice = (line, .now + Self.noticeLifetime)
        } else {
            Diagnostics.say(line)
        }
    }

    private func redraw() {
        guard let screen else { return }
        let now = ContinuousClock.now
        if let notice, notice.until <= now { self.notice = nil }
        let focused = sources[focus]
        var footer = "r reload · n next page · q quit · ↑↓ PgUp PgDn scroll"
        if sources.count > 1 { footer = "Tab or 1–9 switch · " + footer }
        if !screen.readsKeys { footer = "Ctrl-C quits" }
        screen.draw(status: StatusPanel.lines(sources, focus: focus, now: now, room: statusRows),
                    banner: focused.banner(now: now),
                    footer: notice?.text ?? footer)
    }

    /// Rows the status lines take on this screen.
    private var statusRows: Int {
        StatusPanel.rows(sourceCount: sources.count, screenRows: terminal.height ?? 24)
    }

    private var renderContext: RenderContext {
        let onScreen = screen != nil
        return RenderContext(width: terminal.width, height: terminal.height.map { max($0 - statusRows - 2, 1) },
                             allowsStyling: terminal.allowsStyling, isTerminal: terminal.stdoutIsTTY,
                             environment: terminal.environment,
                             // Graphics protocols do not survive row-by-row redraws; symbols do.
                             imageFormat: imageOptions.format?.rawValue ?? (onScreen ? ImageFormat.symbols.rawValue : nil),
                             imageSize: imageOptions.size, interruption: probe)
    }

    // MARK: Keys and signals

    private func readKeys() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count <= 0 {
            // End of input or an error: no more keys, but the watch goes on.
            return count < 0 && (errno == EINTR || errno == EAGAIN)
        }
        for key in Key.parse(Array(buffer.prefix(count))) {
            handle(key)
        }
        return true
    }

    private func handle(_ key: Key) {
        let focused = sources[focus]
        switch key {
        case .character("q"), .character("Q"):
            quit(ExitStatus.success)
        case .character("r"):
            setNextReload(focused, to: .now + focused.interval)
            clearHighlight()
            if focused.loader.state.pendingRetry != nil {
                focused.loader.retry()
            } else {
                reload(focused)
            }
        case .character("n"):
            nextPage(focused)
        case .tab:
            setFocus((focus + 1) % sources.count)
        case .backTab:
            setFocus((focus + sources.count - 1) % sources.count)
        case .character(let digit) where digit.isASCII && digit.isNumber && digit != "0":
            // 1…9 pick the source with that number on its status line.
            if let index = digit.wholeNumberValue.map({ $0 - 1 }), index < sources.count { setFocus(index) }
        default:
            if screen?.scroll(for: key, statusCount: statusRows) == true { redraw() }
        }
    }

    /// Shows source `index`'s content under the status lines, from its top.
    private func setFocus(_ index: Int) {
        guard index != focus, let screen else { return }
        focus = index
        highlighted = false
        screen.setContent(sources[index].shown?.text ?? "", scrollingToTop: true)
        redraw()
    }

    /// `n`: one more page now, and on every reload from now on.
    private func nextPage(_ watched: WatchedSource) {
        let loader = watched.loader
        if loader.refreshState.isTransitional || loader.state.isBusy {
            say("next page skipped — a load is still running", about: watched)
        } else if loader.nextPage == nil {
            say(loader.pagingStop?.description ?? "no more pages", about: watched)
        } else if loader.loadMore() {
            watched.pagesWanted = loader.pagesLoaded + 1
        }
        redraw()
    }

    private func watchSignals() {
        watches.append(loop.onSignal(SIGINT) { [unowned self] in interrupted() })
        watches.append(loop.onSignal(SIGTERM) { [unowned self] in signalled(ExitStatus.terminated) })
        watches.append(loop.onSignal(SIGHUP) { [unowned self] in signalled(ExitStatus.hangUp) })
        watches.append(loop.onSignal(SIGUSR1) { [unowned self] in
            for watched in sources {
                setNextReload(watched, to: .now + watched.interval)
                reload(watched)
            }
        })
        watches.append(loop.onSignal(SIGUSR2) { [unowned self] in
            for watched in sources where watched.loader.state.hasFailed {
                say("retrying now", about: watched)
                watched.loader.retry()
            }
        })
        watches.append(loop.onSignal(SIGWINCH) { [unowned self] in resized() })
    }

    /// Ctrl-C: cancels what is in flight and watches on; quits when nothing is, or when it
    /// comes again within a second.
    private func interrupted() {
        probe.lower()
        let now = ContinuousClock.now
        let again = lastInterrupt.map { now - $0 < Self.doubleInterruptWindow } ?? false
        lastInterrupt = now
        let busy = sources.filter { $0.loader.state.isBusy }
        if again || busy.isEmpty {
            signalled(ExitStatus.interrupted)
        } else {
            busy.forEach { $0.loader.cancel() }
        }
    }

    /// Ends the watch with `status` once the loop returns; the first reason to stop wins.
    private func quit(_ status: Int32) {
        guard exitStatus == nil else { return }
        exitStatus = status
        loop.quit()
    }

    /// A signal that ends the watch. A second one while it shuts down leaves at once, with the
    /// terminal put back.
    private func signalled(_ status: Int32) {
        probe.lower()
        if exitStatus != nil {
            screen?.leave()
            _exit(status)
        }
        quit(status)
    }

    private func resized() {
        terminal = Terminal.current(environment: terminal.environment)
        guard let screen else { return }
        screen.resized(to: terminal)
        let context = renderContext
        let rendered = sources.map { watched in watched.shown.map { ($0.content, $0.content.render(context)) } }
        if probe.isRaised {
            // Cut short by a signal: its handler runs first, then the resize is done again.
            loop.schedule { [weak self] in self?.resized() }
            return
        }
        for (watched, shown) in zip(sources, rendered) { watched.shown = shown }
        highlighted = false
        if let shown = sources[focus].shown { screen.setContent(shown.text) }
        redraw()
    }
}
