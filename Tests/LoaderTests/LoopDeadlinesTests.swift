@testable import Loader
import TestSupport
import XCTest

/// The loop's deadlines: the heap of due times as a value, and the one source behind it on a
/// real loop.
final class LoopDeadlinesTests: XCTestCase {
    /// Something a closure captures, to watch when the closure is released.
    private final class Witness {}

    func testDueTimesComeOutEarliestFirstAndOnlyWhenDue() {
        let start = ContinuousClock.now
        var queue = DueQueue()
        for (index, seconds) in [(0, 5), (1, 1), (2, 3), (3, 1), (4, 9)] {
            queue.push(index, at: start + .seconds(seconds))
        }
        XCTAssertEqual(queue.earliest, start + .seconds(1))
        XCTAssertEqual(queue.popDue(by: start).count, 0, "nothing is due yet")
        XCTAssertEqual(Set(queue.popDue(by: start + .seconds(1)).map(\.index)), [1, 3])
        XCTAssertEqual(queue.popDue(by: start + .seconds(6)).map(\.index), [2, 0], "earliest first")
        XCTAssertEqual(queue.earliest, start + .seconds(9))
        XCTAssertEqual(queue.popDue(by: start + .seconds(60)).map(\.index), [4])
        XCTAssertTrue(queue.isEmpty)
    }

    func testDueTimesComeOutAtMostASliceAtATime() {
        let start = ContinuousClock.now
        var queue = DueQueue()
        for index in 0..<5 { queue.push(index, at: start + .seconds(index)) }
        XCTAssertEqual(queue.popDue(by: start + .seconds(10), limit: 2).map(\.index), [0, 1], "the earliest two")
        XCTAssertEqual(queue.popDue(by: start + .seconds(10), limit: 2).map(\.index), [2, 3], "the rest on the next call")
        XCTAssertEqual(queue.popDue(by: start + .seconds(10), limit: 2).map(\.index), [4])
        XCTAssertTrue(queue.isEmpty)
    }
    func testDeadlinesFireOnceEachInTheirOrderAndACancelledOneNeverAndIsReleased() {
        let loop = EventLoop()
        let deadlines = loop.deadlines
        var fired: [String] = []
        weak var weakWitness: Witness?
        deadlines.schedule(after: .milliseconds(30)) { fired.append("30 ms") }
        deadlines.schedule(after: .milliseconds(10)) { fired.append("10 ms") }
        let cancelled: LoopDeadlines.Token
        do {
            let witness = Witness()
            weakWitness = witness
            cancelled = deadlines.schedule(after: .milliseconds(20)) { withExtendedLifetime(witness) { fired.append("20 ms") } }
        }
        deadlines.schedule(after: .milliseconds(5)) { fired.append("5 ms") }
        deadlines.cancel(cancelled)
        deadlines.cancel(cancelled)
        XCTAssertNil(weakWitness, "a cancel lets the closure go at once")
        XCTAssertEqual(deadlines.count, 3)
        // The last one due is what ends the wait: the cancelled one, due before it, had its turn.
        XCTAssertTrue(loop.run(until: { fired.count == 3 }))
        XCTAssertEqual(fired, ["5 ms", "10 ms", "30 ms"])
        XCTAssertEqual(deadlines.count, 0)
        XCTAssertFalse(deadlines.isArmed, "nothing waits: the source is armed for no time")
    }

    func testACallMayScheduleAndCancelOthersAsItRuns() {
        let loop = EventLoop()
        let deadlines = loop.deadlines
        var fired: [String] = []
        var second: LoopDeadlines.Token?
        deadlines.schedule(after: .milliseconds(2)) {
            fired.append("first")
            if let second { deadlines.cancel(second) }
            deadlines.schedule(after: .zero) { fired.append("scheduled by the first") }
        }
        second = deadlines.schedule(after: .milliseconds(2)) { fired.append("second") }
        XCTAssertTrue(loop.run(until: { fired.contains("scheduled by the first") }))
        XCTAssertEqual(fired, ["first", "scheduled by the first"], "the second was cancelled by the first, due with it")
        XCTAssertFalse(deadlines.isArmed)
    }

    func testCancelledEntriesDoNotPileUpInTheHeap() {
        let loop = EventLoop()
        let deadlines = loop.deadlines
        // As a watch of many sources makes them: a deadline each, cancelled as each request ends.
        let kept = deadlines.schedule(after: .seconds(3600)) {}
        for _ in 0..<10_000 { deadlines.cancel(deadlines.schedule(after: .seconds(30)) {}) }
        XCTAssertEqual(deadlines.count, 1)
        XCTAssertLessThanOrEqual(deadlines.queued, 2 * 1 + 64 + 1)
        XCTAssertTrue(deadlines.isArmed)
        deadlines.cancel(kept)
        XCTAssertEqual(deadlines.queued, 0)
        XCTAssertFalse(deadlines.isArmed)
    }
}

/// The table behind the deadlines, as a value: slots reused, stale heap entries skipped.
final class DeadlineTableTests: XCTestCase {
    func testCallsComeOutEarliestFirstAndARemovedOneNever() {
        let start = ContinuousClock.now
        var table = DeadlineTable<String>()
        _ = table.add("3 s", at: start + .seconds(3))
        let removed = table.add("1 s", at: start + .seconds(1))
        _ = table.add("2 s", at: start + .seconds(2))
        XCTAssertEqual(table.remove(removed), "1 s")
        XCTAssertNil(table.remove(removed), "once only")
        XCTAssertEqual(table.earliest, start + .seconds(2), "the removed one's entry is dropped from the front")
        XCTAssertNil(table.takeFirst(dueBy: start + .seconds(1)))
        XCTAssertEqual(table.takeFirst(dueBy: start + .seconds(5)), "2 s")
        XCTAssertEqual(table.takeFirst(dueBy: start + .seconds(5)), "3 s")
        XCTAssertNil(table.takeFirst(dueBy: start + .seconds(5)))
        XCTAssertEqual(table.count, 0)
        XCTAssertNil(table.earliest)
    }

    func testAReusedSlotIsNotTakenForTheCallItHeldBefore() {
        let start = ContinuousClock.now
        var table = DeadlineTable<String>()
        let old = table.add("old", at: start + .seconds(1))
        XCTAssertEqual(table.remove(old), "old")
        let new = table.add("new", at: start + .seconds(9))
        XCTAssertEqual(new.slot, old.slot, "the slot is reused")
        XCTAssertNil(table.remove(old), "the old token no longer names anything")
        XCTAssertNil(table.takeFirst(dueBy: start + .seconds(2)), "the old due time is not the new call's")
        XCTAssertEqual(table.takeFirst(dueBy: start + .seconds(9)), "new")
    }
}
