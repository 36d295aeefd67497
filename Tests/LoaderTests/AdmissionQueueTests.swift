import Loader
import XCTest

/// The admission queue as a value: which requests run under the per-host and overall limits.
final class AdmissionQueueTests: XCTestCase {
    func testPerKeyLimitHoldsAndWaitersStartInArrivalOrder() {
        var queue = AdmissionQueue<Int>(maxTotal: 10, maxPerKey: 2)
        XCTAssertEqual(queue.arrive(1, key: "a"), [1])
        XCTAssertEqual(queue.arrive(2, key: "a"), [2])
        XCTAssertEqual(queue.arrive(3, key: "a"), [], "a third request to the same host waits")
        XCTAssertEqual(queue.arrive(4, key: "a"), [])
        XCTAssertEqual(queue.arrive(5, key: "b"), [5], "another host has room of its own")
        XCTAssertEqual(queue.running(under: "a"), 2)
        XCTAssertEqual(queue.waitingCount, 2)
        XCTAssertEqual(queue.finished(key: "a"), [3])
        XCTAssertEqual(queue.finished(key: "b"), [], "b's slot is no use to a's waiters")
        XCTAssertEqual(queue.finished(key: "a"), [4])
        XCTAssertEqual(queue.waitingCount, 0)
    }

    func testOverallLimitHoldsAndBlockedHostsTakeTurns() {
        var queue = AdmissionQueue<String>(maxTotal: 2, maxPerKey: 2)
        XCTAssertEqual(queue.arrive("a1", key: "a"), ["a1"])
        XCTAssertEqual(queue.arrive("a2", key: "a"), ["a2"])
        XCTAssertEqual(queue.arrive("a3", key: "a"), [])
        XCTAssertEqual(queue.arrive("b1", key: "b"), [], "the overall limit holds")
        XCTAssertEqual(queue.arrive("a4", key: "a"), [])
        XCTAssertEqual(queue.running, 2)
        // a was blocked by its own limit until now; b has waited on the overall one since
        // before a had room again, so b goes first, then the hosts alternate.
        XCTAssertEqual(queue.finished(key: "a"), ["b1"])
        XCTAssertEqual(queue.finished(key: "a"), ["a3"])
        XCTAssertEqual(queue.finished(key: "b"), ["a4"])
        XCTAssertEqual(queue.running, 2)
    }

    func testLowPriorityWaitsBehindEveryOrdinaryRequestToItsHost() {
        var queue = AdmissionQueue<String>(maxTotal: 10, maxPerKey: 1)
        XCTAssertEqual(queue.arrive("a1", key: "a"), ["a1"])
        XCTAssertEqual(queue.arrive("prefetch", key: "a", lowPriority: true), [], "the per-host limit holds for a prefetch too")
        XCTAssertEqual(queue.arrive("a2", key: "a"), [], "an ordinary request waits for the slot")
        XCTAssertEqual(queue.waitingCount, 2)
        XCTAssertEqual(queue.finished(key: "a"), ["a2"], "the later ordinary request goes before the earlier prefetch")
        XCTAssertEqual(queue.finished(key: "a"), ["prefetch"])
        XCTAssertEqual(queue.finished(key: "a"), [])
        XCTAssertEqual(queue.arrive("b1", key: "b", lowPriority: true), ["b1"], "a free host starts a prefetch at once")
    }

    func testLimitsAreAtLeastOneAndPerKeyNeverExceedsTheTotal() {
        let queue = AdmissionQueue<Int>(maxTotal: 0, maxPerKey: 9)
        XCTAssertEqual(queue.maxTotal, 1)
        XCTAssertEqual(queue.maxPerKey, 1)
    }

    func testThousandsOfWaitersStartInArrivalOrderWhileMoreArrive() {
        // Past the queue's compaction points (its drained storage reused, its taken front
        // dropped), order and count must hold whatever the interleaving.
        var queue = AdmissionQueue<Int>(maxTotal: 6, maxPerKey: 6)
        var started: [Int] = []
        for item in 0..<3000 { started += queue.arrive(item, key: "a") }
        for item in 3000..<5000 {
            started += queue.finished(key: "a")
            if item % 3 == 0 { started += queue.arrive(item, key: "a") }
        }
        while queue.running > 0 { started += queue.finished(key: "a") }
        let arrived = Array(0..<3000) + (3000..<5000).filter { $0 % 3 == 0 }
        XCTAssertEqual(started, arrived)
        XCTAssertEqual(queue.waitingCount, 0)
    }
}
