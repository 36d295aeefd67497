#if canImport(Glibc)
import Glibc
#endif
import Loader
@testable import LoadrunCLI
import XCTest

/// The session's decisions as a value: events in, actions out, with no loop, loader or
/// terminal.
final class SessionMachineTests: XCTestCase {
    typealias Machine = SessionMachine
    private let start = ContinuousClock.now

    private let loading = Machine.Phase(isLoading: true, isBusy: true)
    private let loaded = Machine.Phase(isLoaded: true)
    private let failed = Machine.Phase(hasFailed: true)
    private let retrying = Machine.Phase(isBusy: true, hasFailed: true, hasPendingRetry: true)

    private func machine(_ schedule: LoadSession.Schedule, sources: Int = 2, screen: Bool = false) -> Machine {
        var machine = Machine(schedule: schedule, sourceCount: sources, interruptCancelsLoads: screen)
        XCTAssertEqual(machine.handle(.start), [.loadAll])
        return machine
    }

    /// A change of source `index`, then its showing: the actions of both.
    private func change(_ machine: inout Machine, _ index: Int, _ cause: LoadMachine<AnyContent>.Cause, _ phase: Machine.Phase,
                        signalPending: Bool = false) -> [Machine.Action] {
        machine.handle(.changed(.source(index), cause, phase, nil)) + machine.handle(.changeShown(signalPending: signalPending))
    }

    private func change(_ machine: inout Machine, detail page: Int, slot: Int, _ cause: LoadMachine<AnyContent>.Cause,
                        _ phase: Machine.Phase) -> [Machine.Action] {
        machine.handle(.changed(.detail(page: page, slot: slot), cause, phase, nil)) + machine.handle(.changeShown(signalPending: false))
    }

    func testARunThatLoadsOnceEndsWhenEverySourceHasComeToRest() {
        var run = machine(.once)
        XCTAssertEqual(change(&run, 0, .started, loading), [.show(.source(0), .started, nil)])
        XCTAssertEqual(change(&run, 1, .started, loading), [.show(.source(1), .started, nil)])
        XCTAssertTrue(run.needsLoop)
        XCTAssertEqual(change(&run, 0, .succeeded, loaded), [.sayContentNotes(0), .show(.source(0), .succeeded, nil)])
        XCTAssertEqual(run.settledCount, 1)
        _ = change(&run, detail: 1, slot: 0, .started, loading)
        XCTAssertEqual(run.settledCount, 1, "a detail is none of the run's sources")
        _ = change(&run, 0, .progressed, loaded)
        XCTAssertEqual(run.settledCount, 1, "a change that keeps a source at rest counts it once")
        _ = change(&run, detail: 1, slot: 0, .cancelled, Machine.Phase())
        XCTAssertEqual(change(&run, 1, .failed, failed), [.show(.source(1), .failed, nil), .quitLoop])
        XCTAssertEqual(run.outcome(outputFailure: nil), .someFailed)
    }

    func testARunWhoseSourceHasNowhereToLoadFromFailsWhole() {
        var run = Machine(schedule: .once, sourceCount: 3, interruptCancelsLoads: false)
        XCTAssertEqual(run.handle(.unstartable), [], "nothing loads, nothing to cancel")
        XCTAssertEqual(run.ending, .unstarted)
        XCTAssertFalse(run.needsLoop)
        XCTAssertEqual(run.outcome(outputFailure: nil), .allFailed)
    }

    func testALoopIsNotEndedBeforeAPendingSignalsHandlerRuns() {
        var run = machine(.once, sources: 1)
        _ = change(&run, 0, .started, loading)
        XCTAssertEqual(change(&run, 0, .succeeded, loaded, signalPending: true), [.sayContentNotes(0), .show(.source(0), .succeeded, nil)],
                       "the render stopped for a signal: its handler ends the run")
        XCTAssertEqual(run.handle(.changeShown(signalPending: false)), [.quitLoop])
    }

    func testAPageThatContinuesAChainIsNotYetAtRestNorWorthNotes() {
        var run = machine(.once, sources: 1)
        _ = change(&run, 0, .started, loading)
        var chained = loaded
        chained.continuesChain = true
        XCTAssertEqual(change(&run, 0, .succeeded, chained), [.show(.source(0), .succeeded, nil)])
        XCTAssertFalse(run.isSettled(.source(0)))
    }

    func testAWatchSchedulesEachReloadWhenTheLoadBeforeHasEnded() {
        var watch = machine(.interval(.seconds(2)))
        _ = change(&watch, 0, .started, loading)
        XCTAssertEqual(change(&watch, 0, .succeeded, loaded), [.scheduleReload(0), .sayContentNotes(0), .show(.source(0), .succeeded, nil)])
        XCTAssertEqual(watch.handle(.reloadDue(0)), [.reload(.source(0))],
                       "the next reload is set when this one ends; the load's start asks for a frame")
        _ = change(&watch, 1, .started, loading)
        XCTAssertEqual(watch.handle(.reloadDue(1)), [.note(.reloadSkipped, about: .source(1))])
        XCTAssertEqual(watch.handle(.togglePause), [.refresh])
        XCTAssertEqual(watch.handle(.reloadDue(0)), [.scheduleReload(0), .refresh], "paused: the interval counts, nothing loads")
        XCTAssertEqual(watch.handle(.togglePause), [.scheduleReload(0), .scheduleReload(1), .refresh])
    }

    func testAWaitingRetryIsLeftToItsBackoffByAReloadButRTriesItNow() {
        var watch = machine(.interval(nil), sources: 1)
        _ = change(&watch, 0, .retryScheduled, retrying)
        XCTAssertEqual(watch.handle(.reloadDue(0)), [], "nothing to show: the retry waits")
        XCTAssertEqual(watch.handle(.reload(.source(0))), [.scheduleReload(0), .retry(.source(0)), .refresh])
    }

    func testADetailsReloadIsForItsRelatedListsTooAndAFailedDetailRetries() {
        var browse = machine(.browse, sources: 1)
        let main = Machine.SourceID.detail(page: 3, slot: 0)
        _ = browse.handle(.openDetail(page: 3, sources: [Machine.Phase(), Machine.Phase(), Machine.Phase()]))
        _ = change(&browse, detail: 3, slot: 0, .failed, failed)
        _ = change(&browse, detail: 3, slot: 1, .succeeded, loaded)
        _ = change(&browse, detail: 3, slot: 2, .started, loading)
        XCTAssertEqual(browse.handle(.reload(main)), [.retry(main), .reload(.detail(page: 3, slot: 1)), .refresh],
                       "the list still loading is left alone")
    }

    func testOpeningADetailLoadsWhatItLacksAndRevalidatesWhatItHad() {
        var browse = machine(.browse, sources: 1)
        let had = Machine.Phase(isLoaded: true, hasContent: true)
        let actions = browse.handle(.openDetail(page: 5, sources: [had, Machine.Phase(), loading]))
        let main = Machine.SourceID.detail(page: 5, slot: 0)
        XCTAssertEqual(actions, [
            .setLowPriority(main, false), .reload(main),
            .setLowPriority(.detail(page: 5, slot: 1), false), .load(.detail(page: 5, slot: 1)),
            .setLowPriority(.detail(page: 5, slot: 2), false),
            .showDetail(page: 5),
        ], "seen before: asked whether it changed; a list still loading is left to load")
        XCTAssertEqual(browse.openDetail?.page, 5)
        XCTAssertEqual(browse.handle(.openDetail(page: 6, sources: [Machine.Phase()])), [], "one detail at a time")
        XCTAssertEqual(browse.handle(.closeDetail), [.cancelDetail(page: 5)])
        XCTAssertNil(browse.openDetail)
    }

    func testAPageGoneBackToShowsAsKeptAndLoadsOnlyWhatItLacks() {
        var browse = machine(.browse, sources: 1)
        let had = Machine.Phase(isLoaded: true, hasContent: true)
        let main = Machine.SourceID.detail(page: 4, slot: 0)
        XCTAssertEqual(browse.handle(.openDetail(page: 4, sources: [had], revisits: true)),
                       [.setLowPriority(main, false), .showDetail(page: 4)], "back along the trail: no request, as lynx goes back")
        _ = browse.handle(.closeDetail)
        XCTAssertEqual(browse.handle(.openDetail(page: 4, sources: [Machine.Phase()], revisits: true)),
                       [.setLowPriority(main, false), .load(main), .showDetail(page: 4)], "a page no longer kept loads")
    }

    func testAPrefetchLoadsAtLowPriorityAndIsShownAsItIsWhenOpened() {
        var browse = machine(.browse, sources: 1)
        let main = Machine.SourceID.detail(page: 1, slot: 0)
        XCTAssertEqual(browse.handle(.prefetch(page: 1, main: Machine.Phase(), isNew: true)), [.setLowPriority(main, true), .load(main)])
        XCTAssertEqual(browse.handle(.prefetch(page: 1, main: loading, isNew: false)), [], "already prefetching it")
        _ = change(&browse, detail: 1, slot: 0, .succeeded, Machine.Phase(isLoaded: true, hasContent: true))
        XCTAssertEqual(browse.handle(.openDetail(page: 1, sources: [Machine.Phase(isLoaded: true, hasContent: true)])),
                       [.setLowPriority(main, false), .showDetail(page: 1)], "an unseen prefetch shows as it came")
        XCTAssertEqual(browse.handle(.prefetch(page: 2, main: Machine.Phase(), isNew: true)), [], "none while a detail is open")
    }

    func testMovingOnCancelsThePrefetchAndAKeptDetailIsNotFetchedAgain() {
        var browse = machine(.browse, sources: 1)
        _ = browse.handle(.prefetch(page: 1, main: Machine.Phase(), isNew: true))
        XCTAssertEqual(browse.handle(.prefetch(page: 2, main: Machine.Phase(isLoaded: true, hasContent: true), isNew: false)),
                       [.cancelDetail(page: 1)], "the last prefetch goes; a detail here already is not asked again")
        XCTAssertEqual(browse.handle(.cancelPrefetch), [])
        var off = Machine(schedule: .browse, sourceCount: 1, interruptCancelsLoads: true, prefetchesDetails: false)
        XCTAssertEqual(off.handle(.prefetch(page: 1, main: Machine.Phase(), isNew: true)), [], "--no-prefetch")
    }

    func testADetailOpenedWhileItsPrefetchWaitsIsAskedAgainAtNormalPriority() {
        var browse = machine(.browse, sources: 1, screen: true)
        let main = Machine.SourceID.detail(page: 1, slot: 0)
        _ = browse.handle(.prefetch(page: 1, main: Machine.Phase(), isNew: true))
        let waiting = Machine.Phase(isLoading: true, isBusy: true, isLowPriority: true, waitsForSlot: true)
        XCTAssertEqual(browse.handle(.openDetail(page: 1, sources: [waiting])),
                       [.setLowPriority(main, false), .cancel(main), .showDetail(page: 1)])
        XCTAssertEqual(change(&browse, detail: 1, slot: 0, .cancelled, Machine.Phase()), [.load(main), .show(main, .cancelled, nil)],
                       "its cancel come through, it loads again")
    }

    /// A prefetch already sent (the server has it) is left to finish when its detail opens:
    /// cancelling it to ask again at normal priority would send the same request twice.
    func testADetailOpenedWhileItsPrefetchIsOnTheWireWaitsForIt() {
        var browse = machine(.browse, sources: 1, screen: true)
        let main = Machine.SourceID.detail(page: 1, slot: 0)
        _ = browse.handle(.prefetch(page: 1, main: Machine.Phase(), isNew: true))
        let sent = Machine.Phase(isLoading: true, isBusy: true, isLowPriority: true, waitsForSlot: false)
        XCTAssertEqual(browse.handle(.openDetail(page: 1, sources: [sent])), [.setLowPriority(main, false), .showDetail(page: 1)])
        XCTAssertEqual(change(&browse, detail: 1, slot: 0, .succeeded, loaded), [.show(main, .succeeded, nil)],
                       "its answer is the detail's, with nothing asked again")
    }

    func testNextPageIsSkippedWhileALoadRunsAndSaysWhyWhenThereIsNone() {
        var browse = machine(.browse, sources: 1)
        _ = change(&browse, 0, .started, loading)
        XCTAssertEqual(browse.handle(.loadMore(0)), [.note(.nextPageSkipped, about: .source(0)), .refresh])
        _ = change(&browse, 0, .succeeded, loaded)
        XCTAssertEqual(browse.handle(.loadMore(0)), [.note(.noMorePages, about: .source(0)), .refresh])
        var more = loaded
        more.hasNextPage = true
        _ = change(&browse, 0, .succeeded, more)
        XCTAssertEqual(browse.handle(.loadMore(0)), [.loadMore(0), .refresh])
    }

    func testCtrlCOnAScreenCancelsWhatIsInFlightAndQuitsWhenNothingIsOrWhenPressedTwice() {
        var watch = machine(.interval(nil), screen: true)
        _ = change(&watch, 0, .started, loading)
        _ = change(&watch, 1, .succeeded, loaded)
        XCTAssertEqual(watch.handle(.signal(SIGINT, at: start)), [.disarmLastResort, .cancel(.source(0)), .refresh])
        XCTAssertNil(watch.ending)
        XCTAssertEqual(watch.handle(.signal(SIGINT, at: start + .milliseconds(500))), [.lowerInterruptProbe, .cancelAll, .quitLoop],
                       "again within a second: quits, without waiting for the cancels")
        XCTAssertEqual(watch.ending, .signal(number: SIGINT))
        XCTAssertEqual(watch.handle(.signal(SIGTERM, at: start + .seconds(1))), [.lowerInterruptProbe, .leaveNow(signal: SIGTERM)], "a second signal leaves at once")
        XCTAssertEqual(watch.outcome(outputFailure: nil).exitStatus, 130)

        var idle = machine(.interval(nil), sources: 1, screen: true)
        _ = change(&idle, 0, .succeeded, loaded)
        XCTAssertEqual(idle.handle(.signal(SIGINT, at: start)), [.lowerInterruptProbe, .cancelAll, .quitLoop], "nothing in flight: quits")
    }

    func testAPrefetchNobodySawDoesNotKeepCtrlCFromQuitting() {
        var browse = machine(.browse, sources: 1, screen: true)
        _ = change(&browse, 0, .succeeded, loaded)
        _ = change(&browse, detail: 1, slot: 0, .started, loading)
        XCTAssertEqual(browse.handle(.signal(SIGINT, at: start)), [.lowerInterruptProbe, .cancelAll, .quitLoop],
                       "quits, and a view that stays up ended by a signal does not wait for the cancels")
        XCTAssertEqual(change(&browse, detail: 1, slot: 0, .cancelled, Machine.Phase()), [.quitLoop],
                       "a detail's change while ending is not shown")
    }

    func testADetailLetGoWhileLoadingIsNotWaitedFor() {
        var browse = machine(.browse, sources: 1)
        _ = change(&browse, 0, .succeeded, loaded)
        _ = change(&browse, detail: 4, slot: 0, .started, loading)
        XCTAssertEqual(browse.handle(.quit), [.lowerInterruptProbe, .cancelAll], "waits for the detail's cancel")
        XCTAssertEqual(browse.handle(.detailDropped(page: 4)), [.quitLoop], "a detail let go reports nothing more")
    }

    func testSIGTERMEndsARunThatLoadsOnceOnlyOnceItsCancelsHaveComeThrough() {
        var run = machine(.once, sources: 1)
        _ = change(&run, 0, .started, loading)
        XCTAssertEqual(run.handle(.signal(SIGTERM, at: start)), [.lowerInterruptProbe, .cancelAll])
        XCTAssertEqual(change(&run, 0, .cancelled, Machine.Phase()), [.show(.source(0), .cancelled, nil), .quitLoop])
        XCTAssertEqual(run.outcome(outputFailure: nil).exitStatus, 143)
    }

    func testSIGUSR1ReloadsAWatchAndSIGUSR2RetriesWhatFailed() {
        var watch = machine(.interval(nil))
        _ = change(&watch, 0, .succeeded, loaded)
        _ = change(&watch, 1, .failed, failed)
        XCTAssertEqual(watch.handle(.reloadSignal), [.scheduleReload(0), .reload(.source(0)), .scheduleReload(1), .reload(.source(1))])
        XCTAssertEqual(watch.handle(.retrySignal), [.note(.retryingNow, about: .source(1)), .retry(.source(1)), .refresh])

        var run = machine(.once)
        _ = change(&run, 0, .succeeded, loaded)
        _ = change(&run, 1, .retryScheduled, retrying)
        XCTAssertEqual(run.handle(.reloadSignal), [.reload(.source(1))], "once: only what is still under way")
        XCTAssertEqual(run.handle(.retrySignal), [.note(.retryingNow, about: .source(1)), .retry(.source(1)), .refresh])
    }

    func testTheExitStatusSaysWhatTheRunSaw() {
        var run = machine(.once)
        _ = change(&run, 0, .failed, failed)
        _ = change(&run, 1, .failed, failed)
        XCTAssertEqual(run.outcome(outputFailure: nil), .allFailed)
        XCTAssertEqual(run.outcome(outputFailure: OutputFailure(code: EPIPE)), .success, "a reader that left")
        XCTAssertEqual(run.outcome(outputFailure: OutputFailure(code: ENOSPC)), .outputFailed)

        var quit = machine(.interval(nil), sources: 1)
        _ = change(&quit, 0, .succeeded, loaded)
        XCTAssertEqual(quit.handle(.quit), [.lowerInterruptProbe, .cancelAll, .quitLoop])
        XCTAssertEqual(quit.outcome(outputFailure: nil), .success)

        var failedWatch = machine(.interval(nil), sources: 2)
        _ = change(&failedWatch, 0, .failed, failed)
        _ = change(&failedWatch, 1, .failed, failed)
        _ = failedWatch.handle(.quit)
        XCTAssertEqual(failedWatch.outcome(outputFailure: nil), .allFailed, "q from a watch in which every load failed says so")

        var early = machine(.browse, sources: 2)
        _ = change(&early, 0, .failed, failed)
        _ = change(&early, 1, .started, loading)
        _ = early.handle(.quit)
        XCTAssertEqual(early.outcome(outputFailure: nil), .someFailed, "a source still loading has not failed")

        var retrying = machine(.interval(nil), sources: 2)
        _ = change(&retrying, 0, .succeeded, loaded)
        _ = change(&retrying, 1, .retryScheduled, failed)
        _ = retrying.handle(.quit)
        _ = change(&retrying, 1, .cancelled, SessionMachine.Phase())
        XCTAssertEqual(retrying.outcome(outputFailure: nil), .someFailed, "a failure waiting for its retry still stands, cancelled or not")
        var recovered = machine(.interval(nil), sources: 1)
        _ = change(&recovered, 0, .failed, failed)
        _ = change(&recovered, 0, .started, loading)
        _ = change(&recovered, 0, .succeeded, loaded)
        _ = recovered.handle(.quit)
        XCTAssertEqual(recovered.outcome(outputFailure: nil), .success, "a success after failures: nothing stands failed")
        XCTAssertEqual(quit.handle(.quit), [.lowerInterruptProbe], "ending once")
    }
}
