#if canImport(Glibc)
import Glibc
#endif
import Loader
import Screen

/// The session machine's actions, carried out: the session gives it each event and does what
/// it answers, deciding nothing itself.
extension LoadSession {
    /// Gives the machine `event` and carries out its actions; `change` is the loader's change
    /// the event reports, and `snapshot` the source as that change left it (the machine was
    /// told its phase), for the presenter that shows it.
    ///
    /// An event that arrives while one is handled (an action whose loader publishes at once,
    /// a presenter's intent) waits its turn, as `SourceLoader`'s do: the machine never sees a
    /// new event before the actions of the last are carried out.
    func send(_ event: SessionMachine.Event, change: StateChange? = nil, snapshot: SourceSnapshot? = nil, item: AnyContent? = nil) {
        guard !turns.isBusy else { return turns.later { [unowned self] in handle(event, change: change, snapshot: snapshot, item: item) } }
        turns.inTurn { handle(event, change: change, snapshot: snapshot, item: item) }
    }

    /// The change sent before has been shown: asked when its turn comes, after the presenter
    /// drew it, whether a signal stopped that render.
    func changeShown() {
        guard !turns.isBusy else { return turns.later { [unowned self] in handle(.changeShown(signalPending: probe.isRaised)) } }
        turns.inTurn { handle(.changeShown(signalPending: probe.isRaised)) }
    }

    /// `item`: the stream's item the event reports, for the command that reads it.
    private func handle(_ event: SessionMachine.Event, change: StateChange? = nil, snapshot: SourceSnapshot? = nil, item: AnyContent? = nil) {
        // Nothing runs a program or turns the loop in here: a wait's program ran before the
        // change was sent (`tell`).
        let actions = machine.handle(event)
        // The presenter knows the run is ending before the cancels it brings come through.
        if environment.ending == nil { environment.ending = machine.ending }
        for action in actions { carryOut(action, change: change, snapshot: snapshot, item: item) }
    }

    func carryOut(_ action: SessionMachine.Action, change: StateChange? = nil, snapshot: SourceSnapshot? = nil, item: AnyContent? = nil) {
        switch action {
        case .loadAll:
            for (source, request) in zip(sources, requests) { source.loader.load(pages: request.pages) }
        case .load(let id):
            source(id)?.loader.load()
        case .setLowPriority(let id, let low):
            source(id)?.loader.isLowPriority = low
        case .cancelDetail(let page):
            details.page(id: page)?.cancel()
        case .showDetail(let id):
            guard let page = details.page(id: id) else { return }
            presenter.opened(facts(of: page))
            for problem in page.relatedProblems { presenter.note(problem, about: page.main.name) }
        case .reload(let id):
            source(id)?.loader.reload()
        case .retry(let id):
            source(id)?.loader.retry()
        case .loadMore(let index):
            sources[index].loader.loadMore()
        case .cancel(let id):
            source(id)?.loader.cancel()
        case .cancelAll:
            // A load waiting for the wait's program is told now, its condition undecided.
            cancelJudgments()
            sources.forEach { $0.loader.cancel() }
            details.cancelAll()
        case .scheduleReload(let index):
            setNextReload(sources[index], to: .now + sources[index].interval)
        case .note(let note, let id):
            guard let source = source(id) else { return }
            // A reconnection is news, not a failure: -q keeps it back, as it keeps notes back.
            if note == .reconnecting, verbosity == .quiet { return }
            presenter.note(text(of: note, about: source, change: change), about: source.name)
        case .sayContentNotes(let index):
            notePagingStop(sources[index])
            noteContent(sources[index])
        case .show(let id, _, let verdict):
            guard let change else { return }
            switch id {
            case .source(let index):
                // As the change left it: a later change of the loader may already be queued.
                presenter.changed(snapshot ?? self.snapshot(of: sources[index]), by: change, verdict: verdict)
            case .detail(let page, let slot):
                // A prefetched detail's loads are not on screen until it opens.
                guard let page = details.page(id: page), isOpen(page) else { return }
                presenter.detailChanged(facts(of: page), slot: slot, by: change)
            }
        case .recordVersion(let index, let step):
            guard let change, let content = change.to.content else { return }
            recorder?.record(content, first: change.servedPage, step: step, status: change.httpStatus, ofSource: index,
                             pages: sources[index].loader.pagesLoaded)
        case .runChangeCommand(let index):
            scripting.changeCommands?.changed(index, status: change?.httpStatus)
        case .runItemCommand(let index):
            guard let item else { return }
            runCommand(for: item, of: index)
        case .endStream(let index, let ending):
            sources[index].loader.endStream(ending)
        case .showItem(let index, let count, let met):
            guard let item else { return }
            let loader = sources[index].loader
            let bytes = if case .loading(let progress, _) = loader.state { progress.receivedBytes } else { 0 }
            let arrival = ItemArrival(count: count, conditionMet: met, httpStatus: loader.streamStatus, attempt: loader.record.attempt,
                                      bytes: bytes, elapsed: .now - loader.requestStarted)
            presenter.itemArrived(self.snapshot(of: sources[index]), item: item, arrival)
        case .refresh:
            presenter.refresh()
        case .sayUnmetWait(let unmet):
            sayUnmetWait(unmet)
        case .disarmLastResort:
            LastResort.disarm()
        case .lowerInterruptProbe:
            probe.lower()
        case .quitLoop:
            loop.quit()
        case .leaveNow(let signal):
            presenter.leaveNow()
            scripting.changeCommands?.terminateNow()
            _exit(RunOutcome.signal(signal).exitStatus)
        }
    }

    /// The source the machine means, if it is still kept.
    private func source(_ id: SessionMachine.SourceID) -> SessionSource? {
        switch id {
        case .source(let index): sources[index]
        case .detail(let page, let slot): details.page(id: page)?.source(at: slot)
        }
    }

    private func text(of note: SessionMachine.Note, about source: SessionSource, change: StateChange?) -> String {
        switch note {
        case .reloadSkipped: "reload skipped — previous load still running"
        case .nextPageSkipped: "next page skipped — a load is still running"
        case .noMorePages: source.loader.pagingStop.map(LoadErrorText.describe) ?? "no more pages"
        case .retryingNow: "retrying now"
        case .reconnecting: change?.reconnection.map(LoadErrorText.describe) ?? "the stream is opened again"
        case .waitMet: "\(scripting.settings.wait?.description ?? "the wait's condition") holds: it loads no more"
        }
    }
}
