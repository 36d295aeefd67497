import Foundation
import Loader
import Synchronization
import XCTest

/// `OffLoop.start(until:_:then:)`: work off the loop whose result comes back as a callback on
/// the loop, which goes on turning meanwhile and is never turned inside the caller.
final class OffLoopLaterTests: XCTestCase {
    /// Runs `body` on a loop of a fresh thread until it calls `quit`; returns what it recorded.
    private func onLoop(_ body: @escaping @Sendable (EventLoop, @escaping (String) -> Void) -> Void) -> [String] {
        let record = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let loop = EventLoop.makeThreadDefault()
            loop.schedule { body(loop) { line in record.withLock { $0.append(line) } } }
            loop.run()
            done.signal()
        }
        thread.start()
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success, "the loop ended")
        return record.withLock { $0 }
    }

    func testTheResultComesBackOnTheLoopAfterTheCallerReturned() {
        let lines = onLoop { loop, say in
            let gate = DispatchSemaphore(value: 0)
            OffLoop.start({ () -> Int in
                gate.wait()
                return 42
            }, then: { result in
                say("then \((try? result.get()) ?? -1)")
                loop.quit()
            })
            say("returned")
            gate.signal()
        }
        XCTAssertEqual(lines, ["returned", "then 42"])
    }

    func testADeadlineOrACancelEndsTheWaitOnceAndTheWorkIsLeft() {
        let lines = onLoop { loop, say in
            let never = DispatchSemaphore(value: 0)
            OffLoop.start(until: .now + .milliseconds(50), { () -> Int in
                never.wait()
                return 1
            }, then: { result in
                say("deadline: \(result == .failure(.deadline))")
                let later = OffLoop.start({ () -> Int in
                    never.wait()
                    return 2
                }, then: { result in
                    say("cancelled: \(result == .failure(.cancelled))")
                    never.signal()
                    never.signal()
                    // The first work's end, if it comes now, is told to nobody.
                    loop.schedule(after: .milliseconds(20)) { loop.quit() }
                })
                later.cancel()
                later.cancel()
                say("ended: \(later.hasEnded)")
            })
        }
        XCTAssertEqual(lines, ["deadline: true", "cancelled: true", "ended: true"])
    }
}
