import Loader
@testable import LoadrunCLI
import Plan
import Plugins
import XCTest

/// Issue 58: the session machine judges a live stream's items as it judges a settled load,
/// as a value: the item that meets the wait ends the stream before it; any other runs the
/// command on change, and the load's end then runs none of its own.
final class SessionMachineItemsTests: XCTestCase {
    typealias Machine = SessionMachine
    private let loading = Machine.Phase(isLoading: true, isBusy: true)
    private let loaded = Machine.Phase(isLoaded: true)

    private func load(_ content: UInt64) -> LoadVerdicts.Load { LoadVerdicts.Load(content: content, body: content, isRecorded: false) }

    private func settle(_ machine: inout Machine, _ content: UInt64) -> [Machine.Action] {
        machine.handle(.changed(.source(0), .succeeded, loaded, load(content)))
    }

    func testTheItemThatMeetsTheWaitEndsTheStreamBeforeItAndTheLoadMeetsIt() throws {
        let wait = WaitJudge(WaitSettings(condition: .expression(try JQProgram(#".data == "[DONE]""#))))
        var machine = Machine(schedule: .once, sourceCount: 1, interruptCancelsLoads: false, wait: wait)
        _ = machine.handle(.start)
        _ = machine.handle(.changed(.source(0), .started, loading, nil))
        let unmet = WaitJudge.Judgment(met: false, reason: "`.data == \"[DONE]\"` gave false on {\"data\":1}")
        XCTAssertEqual(machine.handle(.itemArrived(0, count: 1, judgment: unmet)), [.runItemCommand(0), .showItem(0, count: 1, conditionMet: false)])
        XCTAssertEqual(machine.verdicts.wait?.reason(0), unmet.reason, "why it has not met it, for the timeout")
        XCTAssertEqual(machine.handle(.itemArrived(0, count: 2, judgment: WaitJudge.Judgment(met: true))),
                       [.showItem(0, count: 2, conditionMet: true), .endStream(0, .beforeItem)])
        XCTAssertTrue(settle(&machine, 1).contains(.show(.source(0), .succeeded, machine.verdicts.latest[0])))
        XCTAssertEqual(machine.verdicts.latest[0]?.conditionMet, true, "met by its item, whatever it came to rest with")
    }

    func testAStreamsCommandRunsForItsItemsNotForItsEnd() {
        var machine = Machine(schedule: .interval(nil), sourceCount: 1, interruptCancelsLoads: false)
        _ = machine.handle(.start)
        _ = machine.handle(.changed(.source(0), .started, loading, nil))
        _ = settle(&machine, 1)
        _ = machine.handle(.changed(.source(0), .started, loading, nil))
        XCTAssertEqual(machine.handle(.itemArrived(0, count: 1, judgment: nil)), [.runItemCommand(0), .showItem(0, count: 1, conditionMet: nil)],
                       "no wait: nothing to judge")
        XCTAssertFalse(settle(&machine, 2).contains(.runChangeCommand(0)), "its items ran it")
        _ = machine.handle(.changed(.source(0), .started, loading, nil))
        XCTAssertTrue(settle(&machine, 3).contains(.runChangeCommand(0)), "a load that streamed nothing runs it at its end")
    }

    func testNoItemIsJudgedOnTheWayOut() {
        var machine = Machine(schedule: .once, sourceCount: 1, interruptCancelsLoads: false)
        _ = machine.handle(.start)
        _ = machine.handle(.quit)
        XCTAssertEqual(machine.handle(.itemArrived(0, count: 1, judgment: nil)), [])
    }
}
