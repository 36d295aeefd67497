import Foundation
import Loader
@testable import Plugins
import TestSupport
import XCTest

/// A jq program run on a body as it arrives (`JQProgram.FedRun`): libjq's parser is given
/// each chunk as it comes, on a thread of its own, while the loop turns.
final class JQFedRunTests: XCTestCase {
    /// A body and what it gave, between the test's thread and the loop's; the semaphore
    /// orders every access.
    private final class LoopExchange<T>: @unchecked Sendable {
        var body: ((EventLoop) -> T)?
        var value: T?
    }

    /// What `body` gives, run on a running loop of a thread of its own, as a fetch's tap runs:
    /// a fed run needs one. (On the test's thread, a loop another test left alive would be
    /// its current one.) Assertions are made on the test's thread, on what it gives.
    private func onRunningLoop<T>(_ body: @escaping (EventLoop) -> T) -> T {
        let exchange = LoopExchange<T>()
        exchange.body = body
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let loop = EventLoop.makeThreadDefault()
            loop.schedule {
                exchange.value = exchange.body?(loop)
                loop.quit()
            }
            loop.run()
            done.signal()
        }
        thread.start()
        done.wait()
        return exchange.value!
    }

    /// The input, cut every `size` bytes, fed to a run of `program`, and its end.
    private static func fed(_ program: JQProgram, _ input: String, cutEvery size: Int) -> JQProgram.Run? {
        guard let run = program.start(streams: false) else { return nil }
        let bytes = Array(input.utf8)
        for start in stride(from: 0, to: bytes.count, by: size) {
            bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { run.take($0) }
        }
        return program.finish(run, streamingTo: nil)
    }

    func testAnInputCutAnywhereGivesWhatTheWholeInputGives() throws {
        let cases: [(program: String, input: String)] = [
            (".[].title", Fixtures.posts(7)),
            ("{b, a}", "{\"a\":1,\"b\":1.50}\n{\"a\":100000000000000000000,\"b\":null}\n"),
            ("[., inputs]", "1\n2\n3"),
            ("[., input]", "\"a\\u00e9\\n\" \"\u{1F600}\" 12345 true"),
            (".", "\u{FEFF}{\"bom\": [1, 2.5e3, \"x\\\"y\"]}"),
            (".[] | .a", #"[{"a": 1}, {"a": 2}, 3]"#),
            (".", "{\"a\": [1, 2"),
            (".", "[1, 2] ]"),
            ("length", ""),
        ]
        let programs = try cases.map { try JQProgram($0.program) }
        let mismatches: [String] = onRunningLoop { _ in
            var mismatches: [String] = []
            for (program, (text, input)) in zip(programs, cases) {
                let whole = program.run(Array(input.utf8))
                for size in [1, 2, 3, 7, 64, 4096] {
                    let place = "\(text) on \(input.debugDescription), cut every \(size)"
                    guard let run = Self.fed(program, input, cutEvery: size) else {
                        mismatches.append("\(place): no run started")
                        continue
                    }
                    if run.results != whole.results { mismatches.append("\(place): \(run.results) where whole gives \(whole.results)") }
                    if run.failure != whole.failure { mismatches.append("\(place): \(run.failure ?? "no failure") where whole gives \(whole.failure ?? "none")") }
                    if run.fingerprint != whole.fingerprint { mismatches.append("\(place): another fingerprint") }
                }
            }
            return mismatches
        }
        XCTAssertEqual(mismatches, [])
    }

    /// The program runs on each value once it is whole, while the rest of the input is still
    /// to come: parsing overlaps the download.
    func testAValueIsRunOnBeforeTheInputEnds() throws {
        let program = try JQProgram(".n")
        let (started, ranEarly, ended) = onRunningLoop { loop -> (Bool, Bool, JQProgram.Run?) in
            guard let run = program.start(streams: false) else { return (false, false, nil) }
            Array("{\"n\": 1}\n{\"n\":".utf8).withUnsafeBytes { run.take($0) }
            let ranEarly = loop.run(until: { run.flow.outcome.results.count == 1 })
            Array(" 2}\n".utf8).withUnsafeBytes { run.take($0) }
            return (true, ranEarly, program.finish(run, streamingTo: nil))
        }
        XCTAssertTrue(started, "a run starts on a running loop")
        XCTAssertTrue(ranEarly, "the first value ran before the input ended")
        XCTAssertEqual(ended?.results, ["1", "2"])
        XCTAssertNil(ended?.failure)
    }

    /// A body that fails (cut short, too large, cancelled) drops its run unfinished: the run
    /// ends at its next read, its state goes back, and the next body gets a run of its own.
    func testARunDroppedBeforeItsEndEndsAndTheNextBodyGetsARun() throws {
        let program = try JQProgram(".")
        struct Seen {
            var started = false
            var secondStarted = true
            var besideIt: [String] = []
            var restarted = false
            var abandoned = true
            var next: [String] = []
        }
        let seen = onRunningLoop { loop -> Seen in
            var seen = Seen()
            var run = program.start(streams: false)
            seen.started = run != nil
            Array("[1, 2".utf8).withUnsafeBytes { run?.take($0) }
            seen.secondStarted = program.start(streams: false) != nil
            seen.besideIt = program.run(Array("[3]".utf8)).results
            run = nil
            var next: JQProgram.FedRun?
            seen.restarted = loop.run(until: {
                if next == nil { next = program.start(streams: false) }
                return next != nil
            })
            seen.abandoned = program.states.hasAbandonedRun
            guard let next else { return seen }
            Array("[4]".utf8).withUnsafeBytes { next.take($0) }
            seen.next = program.finish(next, streamingTo: nil).results
            return seen
        }
        XCTAssertTrue(seen.started)
        XCTAssertFalse(seen.secondStarted, "its one compiled state is in use: no compile per body in flight")
        XCTAssertEqual(seen.besideIt, ["[3]"], "a whole body runs beside it")
        XCTAssertTrue(seen.restarted, "the dropped run ended and gave its state back")
        XCTAssertFalse(seen.abandoned)
        XCTAssertEqual(seen.next, ["[4]"])
    }

    /// Without a running loop (a test, a subcommand), no run starts: the body is run whole.
    func testNoRunStartsWithoutARunningLoop() throws {
        XCTAssertNil(try JQProgram(".").start(streams: false))
    }
}
