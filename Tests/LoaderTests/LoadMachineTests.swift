import Loader
import TestSupport
import XCTest

final class LoadMachineTests: XCTestCase {
    private typealias Machine = LoadMachine<String>

    private func causes(_ actions: [Machine.Action]) -> [Machine.Cause] {
        actions.compactMap { if case .publish(_, _, let cause) = $0 { cause } else { nil } }
    }

    private func starts(_ actions: [Machine.Action]) -> Bool {
        actions.contains { if case .startRequest = $0 { true } else { false } }
    }

    private func scheduled(_ actions: [Machine.Action]) -> Duration? {
        actions.lazy.compactMap { if case .scheduleRetry(let delay) = $0 { delay } else { nil } }.first
    }

    private let unavailable = LoadError(.httpStatus, "HTTP 503", httpStatus: 503)

    private func retrying(maxAttempts: Int = 3) -> Machine {
        LoadMachine(policy: RetryPolicy(maxAttempts: maxAttempts, baseDelay: .seconds(1)), random: SeededGenerator(seed: 1))
    }

    /// A live stream's items make its content while it loads: the state says `streaming`,
    /// a failure keeps them as the last good content, and the end replaces them.
    func testAStreamsItemsAreItsContentWhileItLoads() {
        var machine = Machine()
        _ = machine.handle(.load)
        XCTAssertEqual(machine.state.name, "loading")
        let grown = machine.handle(.streamed(LoadProgress(receivedBytes: 10, items: 2), content: "two"))
        XCTAssertEqual(causes(grown), [.streamed])
        XCTAssertEqual(machine.state.name, "streaming")
        XCTAssertEqual(machine.state.content, "two")
        _ = machine.handle(.streamed(LoadProgress(receivedBytes: 12, items: 3), content: nil))
        XCTAssertEqual(machine.state.content, "two", "no content given: as it was")
        _ = machine.handle(.failed(unavailable, elapsed: .zero, now: 0))
        XCTAssertEqual(machine.state.content, "two", "the events so far stand beside the failure")
        _ = machine.handle(.load)
        _ = machine.handle(.succeeded("all"))
        XCTAssertEqual(causes(machine.handle(.streamed(LoadProgress(items: 1), content: "late"))), [], "a late report changes nothing")
        XCTAssertEqual(machine.state.content, "all")
    }

    func testTransientFailureSchedulesARetryKeepingLastGood() {
        var machine = retrying()
        _ = machine.handle(.load)
        _ = machine.handle(.succeeded("good"))
        _ = machine.handle(.reload)
        let actions = machine.handle(.failed(unavailable, elapsed: .zero, now: 1_000))
        XCTAssertEqual(causes(actions), [.retryScheduled])
        let delay = scheduled(actions) ?? .zero
        let dueAt = 1_000 + Int(delay.components.seconds) + (delay.components.attoseconds > 0 ? 1 : 0)
        XCTAssertEqual(machine.state.pendingRetry, PendingRetry(attempt: 2, maxAttempts: 3, delay: delay, dueAt: dueAt))
        XCTAssertEqual(machine.state.content, "good", "the error stands beside the last good content")
        XCTAssertTrue(machine.state.isBusy)

        let retried = machine.handle(.retryDue)
        XCTAssertTrue(retried.contains { if case .startRequest(attempt: 2) = $0 { true } else { false } })
        XCTAssertEqual(machine.state.name, "loading")
    }

    func testGivesUpAfterTheLastAttemptAndSaysSo() {
        var machine = retrying(maxAttempts: 2)
        _ = machine.handle(.load)
        _ = machine.handle(.failed(unavailable, elapsed: .zero, now: 0))
        _ = machine.handle(.retryDue)
        let actions = machine.handle(.failed(unavailable, elapsed: .seconds(1), now: 0))
        XCTAssertNil(scheduled(actions))
        guard case .failed(let error, nil, nil) = machine.state else { return XCTFail("\(machine.state)") }
        XCTAssertEqual(error.description, "HTTP 503 (gave up after 2 attempts)")
        XCTAssertFalse(machine.state.isBusy)
    }

    func testPermanentFailuresAreNotRetried() {
        var machine = retrying()
        _ = machine.handle(.load)
        XCTAssertNil(scheduled(machine.handle(.failed(LoadError(.httpStatus, "HTTP 404", httpStatus: 404), elapsed: .zero, now: 0))))
        XCTAssertNil(scheduled(machine.handle(.failed(LoadError(.decode, "bad"), elapsed: .zero, now: 0))))
    }

    func testRetryNowCancelsTheWaitAndResetsTheBackoff() {
        var machine = retrying(maxAttempts: 2)
        _ = machine.handle(.load)
        _ = machine.handle(.failed(unavailable, elapsed: .zero, now: 0))
        let actions = machine.handle(.retry)
        XCTAssertTrue(actions.contains { if case .cancelRetry = $0 { true } else { false } })
        XCTAssertTrue(actions.contains { if case .startRequest(attempt: 1) = $0 { true } else { false } }, "attempts start over")
        XCTAssertNotNil(scheduled(machine.handle(.failed(unavailable, elapsed: .zero, now: 0))), "so a retry is due again")
    }

    func testCancelDuringTheWaitReturnsToIdle() {
        var machine = retrying()
        _ = machine.handle(.load)
        _ = machine.handle(.failed(unavailable, elapsed: .zero, now: 0))
        let actions = machine.handle(.cancel)
        XCTAssertTrue(actions.contains { if case .cancelRetry = $0 { true } else { false } })
        XCTAssertEqual(causes(actions), [.cancelled])
        XCTAssertEqual(machine.state.name, "idle")
        XCTAssertTrue(machine.handle(.retryDue).isEmpty, "a timer that fires late changes nothing")
    }

    func testRetryAfterSetsTheDelay() {
        var machine = retrying()
        _ = machine.handle(.load)
        let limited = LoadError(.httpStatus, "HTTP 429", httpStatus: 429, retryAfter: "7")
        XCTAssertEqual(scheduled(machine.handle(.failed(limited, elapsed: .zero, now: 500))), .seconds(7))
        XCTAssertEqual(machine.state.pendingRetry?.dueAt, 507, "the time of the next attempt")
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
        XCTAssertTrue(machine.handle(.load).isEmpty, "load() leaves loaded content alone")
        _ = machine.handle(.reload)
        XCTAssertEqual(machine.state.content, "good", "a reload shows the old content while loading")
        _ = machine.handle(.failed(LoadError(.httpStatus, "HTTP 500", httpStatus: 500), elapsed: .zero, now: 0))
        guard case .failed(let error, let lastGood, nil) = machine.state else { return XCTFail("not failed") }
        XCTAssertEqual(error.httpStatus, 500)
        XCTAssertEqual(lastGood, "good")
    }

    func testCancelAsksForCancellationThenRestoresThePreviousState() {
        var machine = Machine()
        _ = machine.handle(.load)
        let actions = machine.handle(.cancel)
        XCTAssertTrue(actions.contains { if case .cancelRequest = $0 { true } else { false } })
        XCTAssertEqual(machine.state.name, "loading", "the request still has to report back")
        XCTAssertEqual(causes(machine.handle(.failed(.cancelled, elapsed: .zero, now: 0))), [.cancelled])
        XCTAssertEqual(machine.state.name, "idle", "a cancelled first load returns to idle")

        _ = machine.handle(.load)
        _ = machine.handle(.succeeded("v1"))
        _ = machine.handle(.reload)
        _ = machine.handle(.cancel)
        _ = machine.handle(.failed(.cancelled, elapsed: .zero, now: 0))
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

    func testNotModifiedKeepsTheContent() {
        var machine = Machine()
        _ = machine.handle(.load)
        _ = machine.handle(.succeeded("v1"))
        _ = machine.handle(.reload)
        XCTAssertEqual(causes(machine.handle(.notModified)), [.notModified])
        XCTAssertEqual(machine.state.name, "loaded")
        XCTAssertEqual(machine.state.content, "v1")
    }

    func testNotModifiedWithNothingToKeepIsAnError() {
        var machine = Machine()
        _ = machine.handle(.load)
        XCTAssertEqual(causes(machine.handle(.notModified)), [.failed])
        XCTAssertEqual(machine.state.name, "failed")
    }
}
