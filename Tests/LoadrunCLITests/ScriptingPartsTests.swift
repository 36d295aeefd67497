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

    private func waitingMachine(sources: Int, condition: WaitSettings.Condition = .success) -> Machine {
        var machine = Machine(schedule: .interval(nil), sourceCount: sources, interruptCancelsLoads: false,
                              wait: WaitJudge(WaitSettings(condition: condition)))
        XCTAssertEqual(machine.handle(.start), [.loadAll])
        return machine
    }

    /// A load of content `content` that came to rest, in a run that keeps no history.
    private func content(_ content: UInt64) -> LoadVerdicts.Load {
        LoadVerdicts.Load(content: content, body: content, isRecorded: false, json: { "\(content)" })
    }

    private func succeeded(_ machine: inout Machine, _ index: Int, _ load: LoadVerdicts.Load) -> [Machine.Action] {
        machine.handle(.changed(.source(index), .succeeded, loaded, load))
    }

    func testTheRunEndsOnceEverySourceHasMetTheConditionAndMetSourcesReloadNoMore() {
        var wait = waitingMachine(sources: 2, condition: .change)
        for index in 0..<2 { _ = wait.handle(.changed(.source(index), .started, loading, nil)) }
        _ = succeeded(&wait, 0, content(1))
        _ = succeeded(&wait, 1, content(1))
        XCTAssertFalse(wait.handle(.changed(.source(0), .started, loading, nil)).contains(.quitLoop))
        let met = succeeded(&wait, 0, content(2))
        XCTAssertEqual(met.last, .show(.source(0), .succeeded, LoadVerdict(isFirst: false, changed: true, changedSinceFirst: true,
                                                                         history: .none, conditionMet: true)), "one of two: shown, no end")
        XCTAssertFalse(met.contains(.scheduleReload(0)), "a source that met it loads no more")
        XCTAssertEqual(wait.handle(.reloadDue(0)), [])
        XCTAssertFalse(succeeded(&wait, 0, content(3)).contains(.cancelAll), "met twice counts once")
        let last = succeeded(&wait, 1, content(5))
        XCTAssertEqual(last.last, .show(.source(1), .succeeded, LoadVerdict(isFirst: false, changed: true, changedSinceFirst: true,
                                                                            history: .none, conditionMet: true)), "shown first: its record says met")
        XCTAssertNil(wait.ending, "not before it is shown")
        XCTAssertEqual(wait.handle(.changeShown(signalPending: false)), [.lowerInterruptProbe, .cancelAll, .quitLoop])
        XCTAssertEqual(wait.ending, .conditionMet)
        XCTAssertEqual(wait.outcome(outputFailure: nil), .success)
    }

    func testTheTimeoutNamesTheSourcesThatHaveNotMetItAndExitsOne() {
        var wait = waitingMachine(sources: 3, condition: .change)
        for index in 0..<3 { _ = succeeded(&wait, index, content(1)) }
        _ = succeeded(&wait, 1, content(2))
        XCTAssertEqual(wait.handle(.waitTimedOut), [.sayUnmetWait([0, 2]), .lowerInterruptProbe, .cancelAll, .quitLoop])
        XCTAssertEqual(wait.outcome(outputFailure: nil), .conditionNotMet)
        XCTAssertEqual(RunOutcome.conditionNotMet.exitStatus, 1, "kubectl wait's meaning")
        XCTAssertEqual(wait.handle(.waitTimedOut), [], "once")
    }

    func testARunThatDoesNotWaitIgnoresWaitEvents() {
        var watch = Machine(schedule: .interval(nil), sourceCount: 1, interruptCancelsLoads: false)
        XCTAssertFalse(succeeded(&watch, 0, content(1)).contains(.cancelAll))
        XCTAssertNil(watch.verdicts.latest[0]?.conditionMet, "nothing is judged")
        XCTAssertEqual(watch.handle(.waitTimedOut), [])
        XCTAssertNil(watch.ending)
    }

    func testAVerdictCallsForTheCommandAndTheVersionItMeans() {
        var watch = Machine(schedule: .interval(nil), sourceCount: 1, interruptCancelsLoads: false)
        let recorded = { (body: UInt64) in LoadVerdicts.Load(content: body, body: body, isRecorded: true) }
        XCTAssertEqual(succeeded(&watch, 0, recorded(1)).prefix(1), [.recordVersion(0, .newVersion)], "the first load: no command")
        XCTAssertEqual(succeeded(&watch, 0, recorded(2)).prefix(2), [.recordVersion(0, .newVersion), .runChangeCommand(0)])
        XCTAssertEqual(watch.handle(.changed(.source(0), .notModified, loaded, recorded(2))).prefix(1), [.recordVersion(0, .seenAgain)],
                       "a 304: seen again, no command")
        XCTAssertFalse(succeeded(&watch, 0, content(3)).contains(.recordVersion(0, .newVersion)), "no history kept: nothing recorded")
    }

    func testTheCommandRunsOnEachChangeAndCoalescesWhileRunning() {
        var runs = ChangeRuns()
        XCTAssertEqual(runs.changed(0), ChangeRuns.Run(index: 0, change: 1))
        XCTAssertNil(runs.changed(0), "running: it waits")
        XCTAssertNil(runs.changed(0), "coalesced with the one before")
        XCTAssertEqual(runs.changed(1), ChangeRuns.Run(index: 1, change: 1), "each source counts on its own")
        XCTAssertEqual(runs.finished(0), ChangeRuns.Run(index: 0, change: 3), "one more run, for the latest change")
        XCTAssertEqual(runs.finished(0), nil)
        XCTAssertFalse(runs.isRunning(0))
        XCTAssertEqual(runs.changed(0), ChangeRuns.Run(index: 0, change: 4))
    }

    /// `judge`'s judgment of `json`, its program run on it here (no loop: in place), noted.
    private func judged(_ judge: inout WaitJudge, _ json: String, changedSinceFirst: Bool) -> Bool? {
        let made = judge.program.map { WaitJudge.ProgramRun(input: json, run: $0.run(Array(json.utf8))) }
        return judge.note(judge.judgment(changedSinceFirst: changedSinceFirst, json: { json }, program: made), of: 0)
    }

    func testTheJudgeGoesByJqsTruthAndSaysWhyNot() throws {
        var judge = WaitJudge(WaitSettings(condition: .expression(try JQProgram(".version >= 3"))))
        XCTAssertFalse(try XCTUnwrap(judged(&judge, #"{"version": 2}"#, changedSinceFirst: false)))
        XCTAssertEqual(judge.reasons[0], #"`.version >= 3` gave false on {"version":2}"#)
        XCTAssertTrue(try XCTUnwrap(judged(&judge, #"{"version": 3}"#, changedSinceFirst: false)))

        var empty = WaitJudge(WaitSettings(condition: .expression(try JQProgram(".items[]"))))
        XCTAssertFalse(try XCTUnwrap(judged(&empty, #"{"items": []}"#, changedSinceFirst: false)))
        XCTAssertEqual(empty.reasons[0], #"`.items[]` gave no value on {"items":[]}"#)
        XCTAssertTrue(try XCTUnwrap(judged(&empty, #"{"items": [false, 0]}"#, changedSinceFirst: false)), "the last value counts, as jq -e: 0 is true")
        XCTAssertFalse(try XCTUnwrap(judged(&empty, #"{"items": [1, null]}"#, changedSinceFirst: false)))

        var failing = WaitJudge(WaitSettings(condition: .expression(try JQProgram(".[0]"))))
        XCTAssertFalse(try XCTUnwrap(judged(&failing, #"{"a": 1}"#, changedSinceFirst: false)))
        XCTAssertTrue(failing.reasons[0]?.hasPrefix("`.[0]` gave jq an error: Cannot index object with number") == true, "\(failing.reasons)")
    }

    func testTheChangeJudgeGoesByTheChangeSinceTheFirstLoad() throws {
        var judge = WaitJudge(WaitSettings(condition: .change))
        XCTAssertFalse(try XCTUnwrap(judged(&judge, "1", changedSinceFirst: false)))
        XCTAssertEqual(judge.reasons[0], "its content is still the first load's: 1")
        XCTAssertTrue(try XCTUnwrap(judged(&judge, "3", changedSinceFirst: true)))
    }

    func testAnExcerptIsOneSafeShortLine() {
        XCTAssertEqual(WaitJudge.excerpt("{\n  \"a\": \"x\\u001b[31m\"\n}"), #"{"a":"x\u001b[31m"}"#)
        XCTAssertEqual(WaitJudge.excerpt(String(repeating: "1", count: 300), limit: 10), "1111111111…")
    }
}
