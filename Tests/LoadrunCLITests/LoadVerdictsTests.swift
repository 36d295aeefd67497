@testable import LoadrunCLI
import Plan
import Plugins
import XCTest

/// What a settled load means, as a value: the one verdict that the screen, the pipe printer,
/// NDJSON, `--on-change`, the waits and the history all read.
final class LoadVerdictsTests: XCTestCase {
    /// A load whose content and body are `body`, for a source whose history is kept.
    private func load(_ body: UInt64, content: UInt64? = nil, recorded: Bool = true, json: String = "{}") -> LoadVerdicts.Load {
        LoadVerdicts.Load(content: content ?? body, body: body, isRecorded: recorded, json: { json })
    }

    func testTheFirstLoadIsAChangeAndANewVersionButRunsNoCommand() {
        var verdicts = LoadVerdicts()
        let first = verdicts.settle(0, load(1))
        XCTAssertEqual(first, LoadVerdict(isFirst: true, changed: true, changedSinceFirst: false, history: .newVersion, conditionMet: nil))
        XCTAssertFalse(first.runsChangeCommand)
    }

    func testAChangeOnlyToAFieldTheViewHidesIsAChange() {
        // Two bodies that differ only in a field the posts view does not show render the same;
        // the verdict is on what the server sent, and never sees the rendering.
        var verdicts = LoadVerdicts()
        _ = verdicts.settle(0, load(0xA1))
        let hidden = verdicts.settle(0, load(0xA2))
        XCTAssertEqual(hidden, LoadVerdict(isFirst: false, changed: true, changedSinceFirst: true, history: .newVersion, conditionMet: nil))
        XCTAssertTrue(hidden.runsChangeCommand)
    }

    /// `--unseen`'s pick of items is the load's, as the history said when it settled, and goes
    /// with its verdict to the printer, which asks the history nothing.
    func testWhichItemsAreShownGoesWithTheVerdictOfTheirLoad() {
        var verdicts = LoadVerdicts()
        var first = load(1)
        first.picked = .all
        XCTAssertEqual(verdicts.settle(0, first).picked, .all)
        var second = load(2)
        second.picked = .only([1], keys: UnseenItems.ItemKeys(kept: ["id:2"], all: ["id:1", "id:2"]), since: 1_700_000_000_000)
        XCTAssertEqual(verdicts.settle(0, second).picked, second.picked)
        XCTAssertNil(verdicts.settle(0, load(3)).picked, "a run that picks nothing shows all")
    }

    func testA304IsTheSameContentSeenAgain() {
        var verdicts = LoadVerdicts()
        _ = verdicts.settle(0, load(7))
        let notModified = verdicts.settle(0, load(7))
        XCTAssertEqual(notModified, LoadVerdict(isFirst: false, changed: false, changedSinceFirst: false, history: .seenAgain, conditionMet: nil))
        XCTAssertFalse(notModified.runsChangeCommand)
    }

    func testAFailureAfterASuccessLeavesNoVerdictAndTheNextLoadIsComparedWithTheLastContent() {
        var verdicts = LoadVerdicts()
        _ = verdicts.settle(0, load(7))
        verdicts.unsettle(0)
        XCTAssertNil(verdicts.latest[0], "a failed load has no verdict")
        let again = verdicts.settle(0, load(7))
        XCTAssertFalse(again.changed, "the content before the failure came back: no change, no command")
        XCTAssertEqual(again.history, .seenAgain)
        XCTAssertTrue(verdicts.settle(0, load(8)).changed)
    }

    func testAMetConditionIsJudgedOncePerContent() throws {
        let program = try JQProgram(".version >= 2")
        var verdicts = LoadVerdicts(wait: WaitJudge(WaitSettings(condition: .expression(program))))
        let judged = { (body: UInt64, json: String) in
            LoadVerdicts.Load(content: body, body: body, isRecorded: false, json: { json },
                              program: WaitJudge.ProgramRun(input: json, run: program.run(Array(json.utf8))))
        }
        XCTAssertTrue(verdicts.needsProgram(0, content: 1), "new content: the session runs the program first")
        XCTAssertEqual(verdicts.settle(0, judged(1, #"{"version": 1}"#)).conditionMet, false)
        XCTAssertFalse(verdicts.needsProgram(0, content: 1), "the same content keeps its verdict: its program does not run again")
        XCTAssertEqual(verdicts.settle(0, LoadVerdicts.Load(content: 1, body: 1, isRecorded: false)).conditionMet, false)
        XCTAssertTrue(verdicts.needsProgram(0, content: 2))
        XCTAssertEqual(verdicts.settle(0, judged(2, #"{"version": 2}"#)).conditionMet, true)
        XCTAssertEqual(verdicts.wait?.reasons[0], #"`.version >= 2` gave false on {"version":1}"#, "why the last unmet content was not")
        XCTAssertEqual(verdicts.settle(1, LoadVerdicts.Load(content: 3, body: 3, isRecorded: false)).conditionMet, false,
                       "a program not run decides nothing: unmet")
    }

    func testUntilChangeIsMetByAHiddenFieldsChangeSinceTheFirstLoad() {
        var verdicts = LoadVerdicts(wait: WaitJudge(WaitSettings(condition: .change)))
        XCTAssertEqual(verdicts.settle(0, load(1)).conditionMet, false)
        XCTAssertEqual(verdicts.settle(0, load(1)).conditionMet, false)
        XCTAssertEqual(verdicts.settle(0, load(2)).conditionMet, true)
        XCTAssertEqual(verdicts.settle(1, load(2)).conditionMet, false, "each source has its own first load")
    }

    func testTheSameContentAfterJqIsNoChangeThoughTheServersBodyIsANewVersion() {
        // `--jq '.[0].title'`: the server changed a field the program drops.
        var verdicts = LoadVerdicts()
        _ = verdicts.settle(0, load(0xB1, content: 0x71))
        let dropped = verdicts.settle(0, load(0xB2, content: 0x71))
        XCTAssertFalse(dropped.changed, "the content the user asked for is the same")
        XCTAssertFalse(dropped.runsChangeCommand)
        XCTAssertEqual(dropped.history, .newVersion, "the history keeps what the server sent")
    }

    func testTheHistorysLastVersionFromAnEarlierRunIsNoNewVersion() {
        var verdicts = LoadVerdicts()
        verdicts.knowVersions([0: 5])
        let first = verdicts.settle(0, load(5))
        XCTAssertTrue(first.changed && first.isFirst, "this run's first content")
        XCTAssertEqual(first.history, .seenAgain, "an earlier run recorded it")
        XCTAssertEqual(verdicts.settle(0, load(6, recorded: false)).history, .none, "a load the history does not keep")
    }
}
