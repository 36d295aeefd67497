#if canImport(Glibc)
import Glibc
#endif
import Loader
import Screen

/// Signals, keys and a watch's schedule, turned into what the session does: cancel, quit,
/// reload, retry, resize, next page.
extension LoadSession {
    /// How long a Ctrl-C counts as just pressed: a second one within it quits.
    static let doubleInterruptWindow = Duration.seconds(1)
    /// The most content a watch keeps for a reader that stopped reading: past it, the oldest
    /// goes, and the reader gets the newest when it reads again.
    static let watchOutputLimit = 1 << 20

    // MARK: Signals

    /// The one place the run's signals are registered, each on the loop.
    func watchSignals() {
        watches += EndingSignals.watch(on: loop, interruptMayNotEnd: presenter.interruptCancelsLoads) { [unowned self] signal in
            if signal == SIGINT { interrupted() } else { end(.signal(number: signal)) }
        }
        watches.append(loop.onSignal(SIGUSR1) { [unowned self] in reloadAll() })
        watches.append(loop.onSignal(SIGUSR2) { [unowned self] in retryFailed() })
        watches.append(loop.onSignal(SIGWINCH) { [unowned self] in
            terminal = Terminal.current(environment: terminal.environment)
            presenter.resized(to: terminal)
        })
    }

    /// A closed stdout ends the run at once with 0, even when nothing is being written: a
    /// watch whose content does not change would otherwise never meet EPIPE.
    func watchReaderOfStandardOutput() {
        output.attach(to: loop, coalescingPast: reloadsOnInterval ? Self.watchOutputLimit : nil)
        output.onClosed = { [unowned self] failure in
            // Not from inside the presenter's write: from the loop, once it is done.
            loop.schedule { [weak self] in self?.end(failure.isBrokenPipe ? .stdoutClosed : .outputFailed(failure)) }
        }
        // A terminal reports no hang-up while it is there, and its fd may be readable (keys).
        guard !terminal.stdoutIsTTY else { return }
        watches.append(loop.onHangUp(STDOUT_FILENO) { [unowned self] in end(.stdoutClosed) })
    }

    /// Hands the signals back to their default dispositions: GLib restores them when the
    /// last watch of each goes, and a Ctrl-C after the run ends the process as usual.
    func stopWatching() {
        watches.forEach { $0.cancel() }
        watches = []
        probe.close()
    }

    /// Ctrl-C. On the full-screen view, it cancels what is in flight and the watch goes on; it
    /// quits when nothing is, or when it comes again within a second. Everywhere else it ends
    /// the run: on a pipe there is no screen on which "the watch goes on" means anything.
    private func interrupted() {
        probe.lower()
        let now = ContinuousClock.now
        let again = lastInterrupt.map { now - $0 < Self.doubleInterruptWindow } ?? false
        lastInterrupt = now
        // A prefetch the user never saw does not count: with only it in flight, Ctrl-C quits.
        let inFlight = sources.filter { $0.loader.state.isBusy } + (details.open?.sources.filter { $0.loader.state.isBusy } ?? [])
        if presenter.interruptCancelsLoads, ending == nil, !again, !inFlight.isEmpty {
            LastResort.disarm()
            inFlight.forEach { $0.loader.cancel() }
            presenter.refresh()
        } else {
            end(.signal(number: SIGINT))
        }
    }

    /// SIGUSR1: load again now. A watch reloads every source; a run that loads once has
    /// printed what settled, so only what is still under way loads again. A load in flight
    /// is left to finish, and that is said.
    private func reloadAll() {
        for source in sources where staysUp || source.loader.state.isBusy {
            if reloadsOnInterval { setNextReload(source, to: .now + source.interval) }
            reload(source)
        }
    }

    /// SIGUSR2: retry failed sources now, with their backoff reset. In a run that loads once,
    /// only those still waiting for a retry: the others have been reported.
    private func retryFailed() {
        let open = details.open.map(\.sources) ?? []
        for source in sources + open where staysUp ? source.loader.state.hasFailed : source.loader.state.pendingRetry != nil {
            presenter.note("retrying now", about: source)
            source.loader.retry()
        }
        presenter.refresh()
    }

    // MARK: Keys

    func readKeys() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count <= 0 {
            // End of input or an error: no more keys, but the run goes on.
            return count < 0 && (errno == EINTR || errno == EAGAIN)
        }
        for key in Key.parse(Array(buffer.prefix(count))) {
            for intent in presenter.intents(for: key) { perform(intent) }
        }
        return true
    }

    func perform(_ intent: Intent) {
        switch intent {
        case .quit:
            end(.quit)
        case .reload(let source):
            if source.reloadsOnInterval { setNextReload(source, to: .now + source.interval) }
            if source.loader.state.pendingRetry != nil || (source.isDetail && source.loader.state.hasFailed) {
                // A failed detail has no interval to wait for: r retries it now.
                source.loader.retry()
            } else {
                reload(source)
            }
            if let page = details.open, page.main === source {
                // A detail's r is for its related lists too.
                for related in page.related where !related.loader.state.isBusy {
                    if related.loader.state.hasFailed { related.loader.retry() } else { related.loader.reload() }
                }
            }
        case .loadMore(let source):
            loadMore(source)
        case .open(let source, let fields):
            openDetail(of: source, fields: fields)
        case .back:
            closeDetail()
        case .prefetch(let source, let fields):
            prefetchDetail(of: source, fields: fields)
        case .cancelPrefetch:
            details.cancelPrefetch()
        case .pause(let paused):
            setPaused(paused)
        case .wake(let delay):
            wakeUp?.cancel()
            wakeUp = loop.schedule(after: delay) { [weak self] in
                guard let self else { return }
                wakeUp = nil
                for intent in presenter.woke() { perform(intent) }
            }
        case .cancelWake:
            wakeUp?.cancel()
            wakeUp = nil
        }
        presenter.refresh()
    }

    // MARK: A watch's schedule

    /// The interval came round: reload, unless a retry is already scheduled (its backoff
    /// decides). The last load has ended: the interval is counted from its end.
    func cycle(_ source: SessionSource) {
        // Paused: the interval goes on counting, and nothing loads until `p` again.
        guard !isPaused else {
            setNextReload(source, to: .now + source.interval)
            return presenter.refresh()
        }
        presenter.reloadDue(source)
        reload(source)
        // The next reload is set when this load comes to rest; one that did not start (a
        // retry is pending) has its next set by that retry's end.
        if source.isSettled { setNextReload(source, to: .now + source.interval) }
        presenter.refresh()
    }

    /// `p`: pauses a watch's reloads, or resumes them, each source's interval starting now.
    private func setPaused(_ paused: Bool) {
        guard paused != isPaused else { return }
        isPaused = paused
        guard !paused else { return }
        for source in sources where source.reloadsOnInterval { setNextReload(source, to: .now + source.interval) }
    }

    /// The interval starts again from `instant`: the status line and the schedule agree.
    func setNextReload(_ source: SessionSource, to instant: ContinuousClock.Instant) {
        source.nextReload = instant
        reloads?.add(source.index, at: instant)
    }

    private func reload(_ source: SessionSource) {
        let loader = source.loader
        if loader.state.isLoading {
            presenter.note("reload skipped — previous load still running", about: source)
        } else if loader.state.pendingRetry == nil || !staysUp {
            loader.reload()
        }
    }

    /// `n`: one more page now, and on every reload from now on.
    private func loadMore(_ source: SessionSource) {
        let loader = source.loader
        if loader.refreshState.isTransitional || loader.state.isBusy {
            presenter.note("next page skipped — a load is still running", about: source)
        } else if loader.nextPage == nil {
            presenter.note(loader.pagingStop.map(LoadErrorText.describe) ?? "no more pages", about: source)
        } else {
            loader.loadMore()
        }
    }
}
