#if canImport(Glibc)
import Glibc
#endif
import Loader

/// Every decision a load session makes, as a value: loader changes, signals, intents and a
/// watch's ticks go in; actions come out (load, reload, retry, cancel, schedule the next
/// reload, say something, quit the loop, leave at once). `LoadSession` carries them out and
/// decides nothing; a test drives this with events and reads its actions.
///
/// What it knows of each source comes only from the changes the loaders publish (`changed`),
/// the one way facts about loads enter the session.
struct SessionMachine {
    /// How long a Ctrl-C counts as just pressed: a second one within it quits.
    static let doubleInterruptWindow = Duration.seconds(1)

    let schedule: LoadSession.Schedule
    let sourceCount: Int
    /// Whether Ctrl-C only cancels what is in flight while the run goes on (a full screen).
    let interruptCancelsLoads: Bool

    /// Why the run is ending, once something ended it.
    private(set) var ending: SessionEnding?
    /// Whether a watch's reloads are paused (`p`): the interval still counts, nothing loads.
    private(set) var isPaused = false
    // The details' state is set here and in `SessionMachine+Details`, nowhere else.
    /// The open detail's page and how many sources it has.
    var openDetail: (page: Int, slots: Int)?
    /// The detail being prefetched for a resting selection, while its load may still run.
    var prefetching: Int?
    /// Details loaded by a prefetch and not shown yet: opening one shows it as it is.
    var unseenPrefetches: Set<Int> = []
    /// Details opened while their prefetch still waited at low priority: cancelled, to be
    /// asked again at normal priority once the cancel comes through.
    var restartsAtNormalPriority: Set<Int> = []
    /// Whether a resting selection prefetches its detail (`--no-prefetch` turns it off).
    let prefetchesDetails: Bool
    /// The sources, details included, not yet at rest: the run waits for them.
    private(set) var busy: Set<SourceID> = []
    /// How many of `busy` are the run's own sources, counted as they come and go: a progress
    /// line asks on every change, and counting the set each time would cost 1,000 sources a
    /// million steps.
    private var busySources = 0
    private var phases: [SourceID: Phase] = [:]
    /// The run's sources whose latest outcome was a failure: a retry scheduled or in flight,
    /// or the cancel of one on the way out, leaves the failure standing, as `q` reports it.
    private(set) var standingFailures: Set<Int> = []
    private var lastInterrupt: ContinuousClock.Instant?
    /// Whether the run waits for a condition (`--until`…): it ends once every source has met it.
    let waits: Bool
    /// The run's sources that have met the wait's condition: they reload no more.
    private(set) var metCondition: Set<Int> = []
    /// Every source has met the wait's condition, the last with the change being shown: the
    /// run ends once it has been (`changeShown`).
    private var metWaitShown = false
    /// What each settled load means: the one verdict every part of the run reads. Set here
    /// and in `SessionMachine+Items` only.
    var verdicts: LoadVerdicts
    /// The run's sources whose load in flight streamed items: the command on change ran for
    /// them as they came, not for the load's end. Set here and in `SessionMachine+Items`.
    var streamedItems: Set<Int> = []

    init(schedule: LoadSession.Schedule, sourceCount: Int, interruptCancelsLoads: Bool, prefetchesDetails: Bool = true, wait: WaitJudge? = nil) {
        self.schedule = schedule
        self.sourceCount = sourceCount
        self.interruptCancelsLoads = interruptCancelsLoads
        self.prefetchesDetails = prefetchesDetails
        waits = wait != nil
        verdicts = LoadVerdicts(wait: wait)
    }

    /// The history's last versions, by source index: a load of the same content is no new one.
    mutating func knowVersions(_ versions: [Int: UInt64]) { verdicts.knowVersions(versions) }

    /// Whether the run stays up once its sources have loaded: a watch or a browse.
    var staysUp: Bool { schedule.staysUp }

    /// Whether sources reload on an interval: a watch.
    var reloadsOnInterval: Bool { schedule.reloadsOnInterval }

    /// How many of the run's sources have come to rest.
    var settledCount: Int { sourceCount - busySources }

    /// Whether the loop has anything to run for once the sources have started.
    var needsLoop: Bool { ending == nil && (staysUp || !busy.isEmpty) }

    /// Whether source `id` has come to rest, as its last change said.
    func isSettled(_ id: SourceID) -> Bool { phases[id]?.isSettled ?? true }

    mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case .start:
            return [.loadAll]
        case .unstartable:
            ending = .unstarted
            return []
        case .changed(let id, let cause, let phase, let load):
            return changed(id, by: cause, to: phase, load: load)
        case .changeShown(let signalPending):
            // The load that met the wait has been shown (its content printed, its record
            // written): now the run ends.
            if metWaitShown {
                metWaitShown = false
                return end(.conditionMet)
            }
            // Once everything is at rest, a run that loads once is done, and so is one that
            // is ending.
            return busy.isEmpty && (schedule == .once || ending != nil) && !signalPending ? [.quitLoop] : []
        case .signal(let signal, let now):
            return signal == SIGINT ? interrupted(at: now) : end(.signal(number: signal))
        case .reloadSignal:
            return (0..<sourceCount).filter { staysUp || phase(.source($0)).isBusy }.flatMap { index in
                (reloadsOnInterval ? [.scheduleReload(index)] : []) + reload(.source(index))
            }
        case .retrySignal:
            let open = openDetail.map { page in (0..<page.slots).map { SourceID.detail(page: page.page, slot: $0) } } ?? []
            let due = ((0..<sourceCount).map(SourceID.source) + open).filter { id in
                staysUp ? phase(id).hasFailed : phase(id).hasPendingRetry
            }
            return due.flatMap { [.note(.retryingNow, about: $0), .retry($0)] } + [.refresh]
        case .reloadDue(let index):
            // A source that met the wait's condition has nothing more to show.
            guard !metCondition.contains(index) else { return [] }
            // Paused: the interval goes on counting, and nothing loads until `p` again.
            guard !isPaused else { return [.scheduleReload(index), .refresh] }
            // The next reload is set when this load comes to rest; one that did not start (a
            // load or a retry is under way) has its next set when that comes to rest. No frame of
            // its own: the load's start asks for one, after a grace that a quick reload ends in.
            return reload(.source(index))
        case .outputEnded(let reason):
            return end(reason)
        case .quit:
            return end(.quit)
        case .reload(let id):
            return reloadNow(id) + [.refresh]
        case .loadMore(let index):
            return loadMore(index) + [.refresh]
        case .togglePause:
            guard reloadsOnInterval else { return [.refresh] }
            isPaused.toggle()
            return (isPaused ? [] : (0..<sourceCount).map(Action.scheduleReload)) + [.refresh]
        case .openDetail(let page, let sources, let revisits):
            return open(page, sources: sources, revisits: revisits)
        case .closeDetail:
            guard let open = openDetail else { return [] }
            openDetail = nil
            return [.cancelDetail(page: open.page)]
        case .prefetch(let page, let main, let isNew):
            return prefetch(page, main: main, isNew: isNew)
        case .cancelPrefetch:
            return cancelPrefetch()
        case .itemArrived(let index, let count, let judgment):
            return itemArrived(index, count: count, judgment: judgment)
        case .waitTimedOut:
            guard waits, ending == nil else { return [] }
            let unmet = (0..<sourceCount).filter { !metCondition.contains($0) }
            // The full-screen view stays until it is left: the wait alone ends.
            return [.sayUnmetWait(unmet)] + (interruptCancelsLoads ? [] : end(.waitTimedOut))
        case .detailDropped(let page):
            let dropped = { (id: SourceID) in if case .detail(page, _) = id { true } else { false } }
            busy = busy.filter { !dropped($0) }
            phases = phases.filter { !dropped($0.key) }
            unseenPrefetches.remove(page)
            restartsAtNormalPriority.remove(page)
            if prefetching == page { prefetching = nil }
            // The run may have been waiting for nothing else.
            return busy.isEmpty && (schedule == .once || ending != nil) ? [.quitLoop] : []
        }
    }

    // MARK: Changes

    private mutating func changed(_ id: SourceID, by cause: LoadMachine<AnyContent>.Cause, to phase: Phase,
                                  load: LoadVerdicts.Load?) -> [Action] {
        phases[id] = phase
        var actions: [Action] = []
        var verdict: LoadVerdict?
        var meetsWait = false
        if case .source(let index) = id {
            // A new load's command on change runs for it as a whole again, until it streams.
            if cause == .started { streamedItems.remove(index) }
            switch cause {
            case .failed, .retryScheduled: standingFailures.insert(index)
            case .succeeded, .notModified: standingFailures.remove(index)
            case .started, .progressed, .streamed, .cancelled: break
            case .reconnecting: actions.append(.note(.reconnecting, about: id))
            }
            verdict = judge(index, by: cause, continuesChain: phase.continuesChain, load: load)
            if let verdict { actions += consequences(of: verdict, for: index) }
            // A source that met the wait's condition loads no more, from this load on.
            meetsWait = verdict?.conditionMet == true && waits && ending == nil && metCondition.insert(index).inserted
        }
        if phase.isSettled {
            // Come to rest: a watch's interval starts now, so reloads never pile up.
            if busy.remove(id) != nil, case .source(let index) = id {
                busySources -= 1
                if reloadsOnInterval, ending == nil, !metCondition.contains(index) { actions.append(.scheduleReload(index)) }
            }
        } else if busy.insert(id).inserted, case .source = id {
            busySources += 1
        }
        if cause == .succeeded, ending == nil, !phase.continuesChain, case .source(let index) = id {
            actions.append(.sayContentNotes(index))
        }
        if case .detail(let page, 0) = id { actions += detailChanged(page, by: cause) }
        // The loads cancelled on the way out are news only to the run's own sources' presenter.
        if case .source = id { actions.append(.show(id, cause, verdict)) } else if ending == nil { actions.append(.show(id, cause, nil)) }
        // Once it is shown (its content printed, its record saying so), a met wait ends the
        // run; on the full-screen view it ends the loads, and the view stays until it is left.
        if meetsWait, interruptCancelsLoads {
            actions.append(.note(.waitMet, about: id))
        } else if meetsWait, metCondition.count == sourceCount {
            metWaitShown = true
        }
        return actions
    }

    // MARK: Verdicts

    /// The verdict on source `index`'s change, when it is a load come to rest with content;
    /// a load that ends otherwise leaves none standing.
    private mutating func judge(_ index: Int, by cause: LoadMachine<AnyContent>.Cause, continuesChain: Bool,
                                load: LoadVerdicts.Load?) -> LoadVerdict? {
        switch cause {
        case .succeeded, .notModified:
            guard !continuesChain, let load else { return nil }
            return verdicts.settle(index, load)
        case .failed, .cancelled, .retryScheduled:
            verdicts.unsettle(index)
            return nil
        case .started, .progressed, .streamed, .reconnecting:
            return nil
        }
    }

    /// What a verdict calls for: a version recorded (even on the way out: it is what the
    /// server sent), and, while the run goes on, the command on change.
    private func consequences(of verdict: LoadVerdict, for index: Int) -> [Action] {
        var actions: [Action] = []
        if verdict.history != .none { actions.append(.recordVersion(index, verdict.history)) }
        // A stream's command ran for its items as they came, not for its end.
        if verdict.runsChangeCommand, ending == nil, !streamedItems.contains(index) { actions.append(.runChangeCommand(index)) }
        return actions
    }

    // MARK: Ending

    /// Ends the run: everything is cancelled, and the loop ends once the cancels have come
    /// through. A second signal while ending leaves at once.
    private mutating func end(_ reason: SessionEnding) -> [Action] {
        if ending != nil {
            guard case .signal(let number) = reason else { return [.lowerInterruptProbe] }
            return [.lowerInterruptProbe, .leaveNow(signal: number)]
        }
        ending = reason
        // A watch ended by a signal says only `watch stopped`: it need not wait for each
        // cancel to come through, which for 10,000 sources took half a second.
        let waitsForCancels: Bool = if case .signal = reason { !staysUp } else { true }
        return [.lowerInterruptProbe, .cancelAll] + (!waitsForCancels || busy.isEmpty ? [.quitLoop] : [])
    }

    /// Ctrl-C. On a full screen it cancels what is in flight and the view goes on; it quits
    /// when nothing is, or when it comes again within a second. Elsewhere it ends the run.
    private mutating func interrupted(at now: ContinuousClock.Instant) -> [Action] {
        let again = lastInterrupt.map { now - $0 < Self.doubleInterruptWindow } ?? false
        lastInterrupt = now
        // A prefetch the user never saw does not count: with only it in flight, Ctrl-C quits.
        let open = openDetail.map { page in (0..<page.slots).map { SourceID.detail(page: page.page, slot: $0) } } ?? []
        let inFlight = ((0..<sourceCount).map(SourceID.source) + open).filter { phase($0).isBusy }
        guard interruptCancelsLoads, ending == nil, !again, !inFlight.isEmpty else { return end(.signal(number: SIGINT)) }
        return [.disarmLastResort] + inFlight.map(Action.cancel) + [.refresh]
    }

    // MARK: Loads asked for

    /// `r`: reload now, or retry now when a retry waits; a watch's interval starts again. A
    /// detail's `r` is for its related lists too.
    private func reloadNow(_ id: SourceID) -> [Action] {
        var actions: [Action] = []
        if case .source(let index) = id, reloadsOnInterval { actions.append(.scheduleReload(index)) }
        let phase = phase(id)
        if case .detail = id, phase.hasFailed {
            // A failed detail has no interval to wait for: r retries it now.
            actions.append(.retry(id))
        } else if phase.hasPendingRetry {
            actions.append(.retry(id))
        } else {
            actions += reload(id)
        }
        if case .detail(let page, 0) = id, let open = openDetail, open.page == page {
            for slot in 1..<max(open.slots, 1) {
                let related = SourceID.detail(page: page, slot: slot)
                guard !self.phase(related).isBusy else { continue }
                actions.append(self.phase(related).hasFailed ? .retry(related) : .reload(related))
            }
        }
        return actions
    }

    /// A reload, unless one is still running (said) or, in a run that stays up, a retry waits.
    private func reload(_ id: SourceID) -> [Action] {
        let phase = phase(id)
        if phase.isLoading { return [.note(.reloadSkipped, about: id)] }
        return !phase.hasPendingRetry || !staysUp ? [.reload(id)] : []
    }

    /// `n`: one more page now, and on every reload from now on.
    private func loadMore(_ index: Int) -> [Action] {
        let phase = phase(.source(index))
        if phase.isTransitional || phase.isBusy { return [.note(.nextPageSkipped, about: .source(index))] }
        if !phase.hasNextPage { return [.note(.noMorePages, about: .source(index))] }
        return [.loadMore(index)]
    }

    /// What the machine knows of source `id`'s state, as of its last change.
    func phase(_ id: SourceID) -> Phase { phases[id] ?? Phase() }
}
