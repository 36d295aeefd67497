#if canImport(Glibc)
import Glibc
#endif
import Loader
@testable import LoadrunCLI
import Plan
import Plugins
import XCTest

/// The decisions behind `--until…` and `--on-change`, as values: the session machine's wait,
/// the judge of each load, and when the command on change runs.
final class ScriptingPartsTests: XCTestCase {
    typealias Machine = SessionMachine
    private let loading = Machine.Phase(isLoading: true, isBusy: true)
    private let loaded = Machine.Phase(isLoaded: true)

    private func waitingMachine(sources: Int) -> Machine {
        var machine = Machine(schedule: .interval(nil), sourceCount: sources, interruptCancelsLoads: false, waits: true)
        XCTAssertEqual(machine.handle(.start), [.loadAll])
        return machine
    }

    func testTheRunEndsOnceEverySourceHasMetTheConditionAndMetSourcesReloadNoMore() {
        var wait = waitingMachine(sources: 2)
        for index in 0..<2 { _ = wait.handle(.changed(.source(index), .started, loading)) }
        _ = wait.handle(.changed(.source(0), .succeeded, loaded))
        XCTAssertEqual(wait.handle(.conditionMet(0)), [], "one of two")
        XCTAssertEqual(wait.handle(.reloadDue(0)), [], "a source that met it loads no more")
        XCTAssertEqual(wait.handle(.conditionMet(0)), [], "met twice counts once")
        _ = wait.handle(.changed(.source(1), .succeeded, loaded))
        XCTAssertEqual(wait.handle(.conditionMet(1)), [.lowerInterruptProbe, .cancelAll, .quitLoop])
        XCTAssertEqual(wait.ending, .conditionMet)
        XCTAssertEqual(wait.outcome(outputFailure: nil), .success)
    }

    func testTheTimeoutNamesTheSourcesThatHaveNotMetItAndExitsOne() {
        var wait = waitingMachine(sources: 3)
        for index in 0..<3 { _ = wait.handle(.changed(.source(index), .succeeded, loaded)) }
        _ = wait.handle(.conditionMet(1))
        XCTAssertEqual(wait.handle(.waitTimedOut), [.sayUnmetWait([0, 2]), .lowerInterruptProbe, .cancelAll, .quitLoop])
        XCTAssertEqual(wait.outcome(outputFailure: nil), .conditionNotMet)
        XCTAssertEqual(RunOutcome.conditionNotMet.exitStatus, 1, "kubectl wait's meaning")
        XCTAssertEqual(wait.handle(.waitTimedOut), [], "once")
    }

    func testARunThatDoesNotWaitIgnoresWaitEvents() {
        var watch = Machine(schedule: .interval(nil), sourceCount: 1, interruptCancelsLoads: false)
        XCTAssertEqual(watch.handle(.conditionMet(0)), [])
        XCTAssertEqual(watch.handle(.waitTimedOut), [])
        XCTAssertNil(watch.ending)
    }

    func testTheCommandRunsOnEachChangeNeverTheFirstLoadAndCoalescesWhileRunning() {
        var runs = ChangeRuns()
        XCTAssertNil(runs.loaded(0, fingerprint: 1), "the first load is no change")
        XCTAssertNil(runs.loaded(0, fingerprint: 1), "nor is the same content again")
        XCTAssertEqual(runs.loaded(0, fingerprint: 2), ChangeRuns.Run(index: 0, change: 1))
        XCTAssertNil(runs.loaded(0, fingerprint: 3), "running: it waits")
        XCTAssertNil(runs.loaded(0, fingerprint: 4), "coalesced with the one before")
        XCTAssertNil(runs.loaded(1, fingerprint: 9), "each source counts on its own")
        XCTAssertEqual(runs.finished(0), ChangeRuns.Run(index: 0, change: 3), "one more run, for the latest change")
        XCTAssertEqual(runs.finished(0), nil)
        XCTAssertFalse(runs.isRunning(0))
        XCTAssertEqual(runs.loaded(0, fingerprint: 5), ChangeRuns.Run(index: 0, change: 4))
    }

    func testTheJudgeGoesByJqsTruthAndSaysWhyNot() throws {
        var judge = WaitJudge(WaitSettings(condition: .expression(try JQProgram(".version >= 3"))))
        XCTAssertFalse(judge.judge(0, fingerprint: nil) { #"{"version": 2}"# })
        XCTAssertEqual(judge.reasons[0], #"`.version >= 3` gave false on {"version":2}"#)
        XCTAssertTrue(judge.judge(0, fingerprint: nil) { #"{"version": 3}"# })

        var empty = WaitJudge(WaitSettings(condition: .expression(try JQProgram(".items[]"))))
        XCTAssertFalse(empty.judge(0, fingerprint: nil) { #"{"items": []}"# })
        XCTAssertEqual(empty.reasons[0], #"`.items[]` gave no value on {"items":[]}"#)
        XCTAssertTrue(empty.judge(0, fingerprint: nil) { #"{"items": [false, 0]}"# }, "the last value counts, as jq -e: 0 is true")
        XCTAssertFalse(empty.judge(0, fingerprint: nil) { #"{"items": [1, null]}"# })

        var failing = WaitJudge(WaitSettings(condition: .expression(try JQProgram(".[0]"))))
        XCTAssertFalse(failing.judge(0, fingerprint: nil) { #"{"a": 1}"# })
        XCTAssertTrue(failing.reasons[0]?.hasPrefix("`.[0]` gave jq an error: Cannot index object with number") == true, "\(failing.reasons)")
    }

    func testTheChangeJudgeComparesWithTheFirstLoad() {
        var judge = WaitJudge(WaitSettings(condition: .change))
        XCTAssertFalse(judge.judge(0, fingerprint: 7) { "1" })
        XCTAssertFalse(judge.judge(0, fingerprint: 7) { "1" })
        XCTAssertEqual(judge.reasons[0], "its content is still the first load's: 1")
        XCTAssertFalse(judge.judge(1, fingerprint: 8) { "2" }, "each source has its own first load")
        XCTAssertTrue(judge.judge(0, fingerprint: 9) { "3" })
    }

    func testAnExcerptIsOneSafeShortLine() {
        XCTAssertEqual(WaitJudge.excerpt("{\n  \"a\": \"x\\u001b[31m\"\n}"), #"{"a":"x\u001b[31m"}"#)
        XCTAssertEqual(WaitJudge.excerpt(String(repeating: "1", count: 300), limit: 10), "1111111111…")
    }
}
