#if canImport(Glibc)
import Glibc
#endif
import Loader
import Screen

/// Signals, keys and a watch's schedule, turned into what the session does: cancel, quit,
/// reload, retry, resize, next page.
extension LoadSession {
    /// The most content a watch keeps for a reader that stopped reading: past it, the oldest
    /// goes, and the reader gets the newest when it reads again.
    static let watchOutputLimit = 1 << 20

    // MARK: Signals

    /// The one place the run's signals are registered, each on the loop.
    func watchSignals() {
        watches += EndingSignals.watch(on: loop, interruptMayNotEnd: presenter.interruptCancelsLoads) { [unowned self] signal in
            probe.lower()
            scripting.judging?.cancel()
            // A settled load's judgment ends with the run (`.cancelAll`), not with a Ctrl-C that
            // only cancels what is in flight on the full-screen view.
            send(.signal(signal, at: .now))
        }
        watches.append(loop.onSignal(SIGUSR1) { [unowned self] in send(.reloadSignal) })
        watches.append(loop.onSignal(SIGUSR2) { [unowned self] in send(.retrySignal) })
        watches.append(loop.onSignal(SIGWINCH) { [unowned self] in
            terminal = Terminal.current(environment: terminal.environment, color: terminal.color)
            presenter.resized(to: terminal)
        })
    }

    /// A closed stdout ends the run at once with 0, even when nothing is being written: a
    /// watch whose content does not change would otherwise never meet EPIPE.
    func watchReaderOfStandardOutput() {
        output.attach(to: loop, coalescingPast: reloadsOnInterval ? Self.watchOutputLimit : nil)
        output.onClosed = { [unowned self] failure in
            // Not from inside the presenter's write: from the loop, once it is done.
            loop.schedule { [weak self] in self?.send(.outputEnded(failure.isBrokenPipe ? .stdoutClosed : .outputFailed(failure))) }
        }
        // A terminal reports no hang-up while it is there, and its fd may be readable (keys).
        guard !terminal.stdoutIsTTY else { return }
        watches.append(loop.onHangUp(STDOUT_FILENO) { [unowned self] in send(.outputEnded(.stdoutClosed)) })
    }

    /// Hands the signals back to their default dispositions: GLib restores them when the
    /// last watch of each goes, and a Ctrl-C after the run ends the process as usual.
    func stopWatching() {
        watches.forEach { $0.cancel() }
        watches = []
        probe.close()
    }

    // MARK: Keys

    func readKeys() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count <= 0 {
            // End of input or an error: no more keys, but the run goes on.
            return count < 0 && (errno == EINTR || errno == EAGAIN)
        }
        for key in Key.parse(Array(buffer.prefix(count))) { perform(presenter.press(key)) }
        return true
    }

    /// What the screen model asks, by way of the presenter: events for the session machine,
    /// which decides what loads; the details are opened and closed here, and the presenter's
    /// wake-up is set. Then a frame.
    func perform(_ commands: [ScreenCommand]) {
        for command in commands { perform(command) }
        presenter.refresh()
    }

    private func perform(_ command: ScreenCommand) {
        switch command {
        case .quit:
            send(.quit)
        case .reload(let index):
            send(.reload(.source(index)))
        case .reloadDetail:
            guard let open = machine.openDetail else { return }
            send(.reload(.detail(page: open.page, slot: 0)))
        case .loadMore(let index):
            send(.loadMore(index))
        case .open(let index, let fields):
            openDetail(of: sources[index], fields: fields)
        case .back:
            send(.closeDetail)
        case .openLink(let index, let url):
            openDetail(of: sources[index], url: url)
        case .revisit(let index, let url):
            openDetail(of: sources[index], url: url, revisits: true)
        case .prefetch(let index, let fields):
            prefetchDetail(of: sources[index], fields: fields)
        case .cancelPrefetch:
            send(.cancelPrefetch)
        case .togglePause:
            send(.togglePause)
        case .startPrefetchTimer(let delay):
            wakeUp?.cancel()
            wakeUp = loop.schedule(after: delay) { [weak self] in
                guard let self else { return }
                wakeUp = nil
                perform(presenter.woke())
            }
        case .stopPrefetchTimer:
            wakeUp?.cancel()
            wakeUp = nil
        case .render, .continueSearch, .copy, .runFilter:
            // The presenter's own: it renders and searches on as its model asks, and passes
            // neither on.
            break
        case .handOff(let how, let target):
            // Nothing loads: the presenter hands the URL found on.
            guard let (name, url) = linkURL(of: target) else { return }
            presenter.handOff(how, target, url: url, about: name)
        case .loadEarlierVersions(let index):
            presenter.earlierVersions(index, earlierVersions(of: index))
        case .markRead(let index, let keys, let read):
            markRead(keys, of: index, read: read)
        case .keepFilter(let index, let program):
            keepFilter(program, of: index)
        case .suspend:
            presenter.suspend()
        }
    }

    /// The detail open for the user, if any.
    var openDetail: DetailPage? { machine.openDetail.flatMap { details.page(id: $0.page) } }

    /// The interval starts again from `instant`.
    func setNextReload(_ source: SessionSource, to instant: ContinuousClock.Instant) {
        reloads?.add(source.index, at: instant)
    }

    /// When `source` reloads next: nil for a run that does not reload on an interval, and for
    /// a detail.
    func nextReload(of source: SessionSource) -> ContinuousClock.Instant? {
        source.isDetail ? nil : reloads?.nextReload(of: source.index)
    }
}
