#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Loader
import TestSupport
import XCTest

final class EventLoopTests: XCTestCase {
    /// Something a closure captures, to watch when the closure is released.
    private final class Witness {}

    func testTimerFiresOnceAndReleasesItsClosure() {
        let loop = EventLoop()
        var fired = 0
        weak var weakWitness: Witness?
        do {
            let witness = Witness()
            weakWitness = witness
            loop.schedule(after: .milliseconds(10)) { withExtendedLifetime(witness) { fired += 1 } }
        }
        XCTAssertNotNil(weakWitness, "C holds the closure until the source ends")
        loop.run(until: { fired > 0 })
        loop.run(until: { false }, limit: .milliseconds(50))
        XCTAssertEqual(fired, 1)
        XCTAssertNil(weakWitness, "released once the source ended")
    }

    func testCancelledTimerNeverFiresAndReleasesItsClosure() {
        let loop = EventLoop()
        var fired = false
        weak var weakWitness: Witness?
        let source: LoopSource
        do {
            let witness = Witness()
            weakWitness = witness
            source = loop.schedule(after: .milliseconds(20)) { withExtendedLifetime(witness) { fired = true } }
        }
        source.cancel()
        source.cancel()
        XCTAssertTrue(source.isCancelled)
        XCTAssertNil(weakWitness, "cancel releases the closure at once")
        loop.run(until: { false }, limit: .milliseconds(60))
        XCTAssertFalse(fired)
    }

    func testRepeatingRunsUntilItReturnsFalse() {
        let loop = EventLoop()
        var ticks = 0
        let source = loop.repeating(every: .milliseconds(1)) {
            ticks += 1
            return ticks < 3
        }
        loop.run(until: { source.isCancelled })
        XCTAssertEqual(ticks, 3)
    }

    func testIdleCallbackRunsOnALaterIteration() {
        let loop = EventLoop()
        var ran = false
        loop.schedule { ran = true }
        XCTAssertFalse(ran, "never runs inside schedule()")
        loop.run(until: { ran })
        XCTAssertTrue(ran)
    }

    func testUnixSignalIsDeliveredOnTheLoop() {
        let loop = EventLoop()
        var received = 0
        let watch = loop.onSignal(SIGUSR1) { received += 1 }
        raise(SIGUSR1)
        XCTAssertEqual(received, 0, "not in the signal handler: on the loop")
        loop.run(until: { received == 1 })
        XCTAssertEqual(received, 1)
        watch.cancel()
    }

    func testRunReturnsAfterQuit() {
        let loop = EventLoop()
        var quitCalled = false
        loop.schedule(after: .milliseconds(5)) {
            quitCalled = true
            loop.quit()
        }
        var ranAfterQuit = false
        loop.schedule(after: .seconds(30)) { ranAfterQuit = true }
        loop.run()
        XCTAssertTrue(quitCalled, "run() returned because of quit()")
        XCTAssertFalse(ranAfterQuit, "and not by running on")
    }

    func testStopperStopsTheLoopFromAnotherThread() {
        let loop = EventLoop()
        let stopper = loop.makeStopper()
        let running = DispatchSemaphore(value: 0)
        let stopsSent = Counter()
        // A quit that lands before run() starts is lost (GLib resets the flag in run), so the
        // other thread waits for a sign from inside the running loop, as LoopStopper asks, and
        // then sends exactly one stop.
        loop.schedule { running.signal() }
        let thread = Thread {
            running.wait()
            stopsSent.increment()
            stopper.stop()
        }
        thread.start()
        // Only against a hang: if the stop never lands, this ends the loop and the test fails.
        var endedByTheGuard = false
        let hangGuard = loop.schedule(after: .seconds(60)) {
            endedByTheGuard = true
            loop.quit()
        }
        loop.run()
        hangGuard.cancel()
        XCTAssertEqual(stopsSent.count, 1, "run() returned only once the other thread had sent its one stop")
        XCTAssertFalse(endedByTheGuard, "that stop ended run(), not the hang guard")
    }
}
