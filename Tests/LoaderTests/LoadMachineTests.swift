import Loader
import XCTest

final class LoadMachineTests: XCTestCase {
    private typealias Machine = LoadMachine<String>

    private func causes(_ actions: [Machine.Action]) -> [Machine.Cause] {
        actions.compactMap { if case .publish(_, _, let cause) = $0 { cause } else { nil } }
    }

    private func starts(_ actions: [Machine.Action]) -> Bool {
        actions.contains { if case .startRequest = $0 { true } else { false } }
    }

    func testFirstLoadGoesIdleLoadingLoaded() {
        var machine = Machine()
        XCTAssertEqual(machine.state.name, "idle")
        let actions = machine.handle(.load)
        XCTAssertTrue(starts(actions))
        XCTAssertEqual(causes(actions), [.started])
        XCTAssertEqual(machine.state.name, "loading")
        _ = machine.handle(.progress(LoadProgress(receivedBytes: 10, expectedBytes: 20)))
        guard case .loading(let progress, nil) = machine.state else { return XCTFail("not loading: \(machine.state)") }
        XCTAssertEqual(progress, LoadProgress(receivedBytes: 10, expectedBytes: 20))
        XCTAssertEqual(causes(machine.handle(.succeeded("a"))), [.succeeded])
        XCTAssertEqual(machine.state.content, "a")
        XCTAssertEqual(machine.state.name, "loaded")
    }

    func testLoadWhileLoadingIsRefused() {
        var machine = Machine()
        _ = machine.handle(.load)
        XCTAssertTrue(machine.handle(.load).isEmpty)
    }

    func testFailureKeepsLastGoodContent() {
        var machine = Machine()
        _ = machine.handle(.load)
        _ = machine.handle(.succeeded("good"))
        _ = machine.handle(.load)
        XCTAssertEqual(machine.state.content, "good", "a reload shows the old content while loading")
        _ = machine.handle(.failed(LoadError(.httpStatus, "HTTP 500", httpStatus: 500)))
        guard case .failed(let error, let lastGood) = machine.state else { return XCTFail("not failed") }
        XCTAssertEqual(error.httpStatus, 500)
        XCTAssertEqual(lastGood, "good")
    }

    func testCancelAsksForCancellationThenRestoresThePreviousState() {
        var machine = Machine()
        _ = machine.handle(.load)
        let actions = machine.handle(.cancel)
        XCTAssertTrue(actions.contains { if case .cancelRequest = $0 { true } else { false } })
        XCTAssertEqual(machine.state.name, "loading", "the request still has to report back")
        XCTAssertEqual(causes(machine.handle(.failed(.cancelled))), [.cancelled])
        XCTAssertEqual(machine.state.name, "idle", "a cancelled first load returns to idle")

        _ = machine.handle(.load)
        _ = machine.handle(.succeeded("v1"))
        _ = machine.handle(.load)
        _ = machine.handle(.cancel)
        _ = machine.handle(.failed(.cancelled))
        XCTAssertEqual(machine.state.name, "loaded", "a cancelled reload keeps the content it had")
        XCTAssertEqual(machine.state.content, "v1")
    }

    func testLateReportsAndIdleCancelsChangeNothing() {
        var machine = Machine()
        XCTAssertTrue(machine.handle(.cancel).isEmpty)
        XCTAssertTrue(machine.handle(.succeeded("late")).isEmpty)
        XCTAssertTrue(machine.handle(.progress(LoadProgress(receivedBytes: 1))).isEmpty)
        XCTAssertEqual(machine.state.name, "idle")
    }

    func testPublishedTransitionsNameBothEnds() {
        var machine = Machine()
        let actions = machine.handle(.load)
        guard case .publish(let from, let to, _)? = actions.last else { return XCTFail("no publish") }
        XCTAssertEqual(from.name, "idle")
        XCTAssertEqual(to.name, "loading")
    }
}
