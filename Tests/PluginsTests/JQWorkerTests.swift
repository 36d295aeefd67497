#if canImport(Glibc)
import Glibc
#endif
import CJQ
import Foundation
import Synchronization
import Loader
import Plugins
import TestSupport
import XCTest

/// A jq program runs in a worker process of its own: one that recurses without end meets its
/// memory bound and ends with words that say so, one past its time is ended there and then,
/// and the next run of the same program starts a worker again.
final class JQWorkerTests: XCTestCase {
    func testARecursionWithoutEndMeetsItsMemoryBoundAndSaysSo() throws {
        let program = try JQProgram("def f: 1 + f; f")
        let run = program.run(Array("[1]".utf8))
        XCTAssertEqual(run.results, [])
        XCTAssertEqual(run.failure, "it needed more than the 512 MiB of memory loadrun gives a jq program on this input (512 MiB, and 16 bytes for each of its 3 bytes)")
        XCTAssertEqual(program.run(Array("[1]".utf8)).failure, run.failure, "and again: a new worker meets it again")
        XCTAssertEqual(try JQProgram(".[0] + 1").run(Array("[1]".utf8)).results, ["2"])
    }

    func testAnArrayPastTheBoundIsRefusedAndOneWithinItIsNot() throws {
        XCTAssertEqual(try JQProgram("[range(1e6)] | length").run(Array("null".utf8)).results, ["1000000"])
        let large = try JQProgram("[range(1e8)] | length").run(Array("null".utf8))
        XCTAssertEqual(large.failure?.hasPrefix("it needed more than the 512 MiB of memory"), true, large.failure ?? "no failure")
    }

    /// On a loop of its own thread: one another test left on this thread would be the
    /// current one, and the run would go on inline, with no deadline to end it.
    func testARunPastItsDeadlineIsEndedAndTheProgramRunsAgainAfter() throws {
        let outcomes = Mutex<[JQProgram.Run]>([])
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let loop = EventLoop.makeThreadDefault()
            loop.schedule {
                guard let program = try? JQProgram("if . == 0 then last(range(infinite)) else . * 2 end") else { return loop.quit() }
                let first = program.run(Array("0".utf8), deadline: .now + .milliseconds(200))
                let second = program.run(Array("21".utf8), deadline: .now + .seconds(30))
                outcomes.withLock { $0 = [first, second] }
                loop.quit()
            }
            loop.run()
            done.signal()
        }
        thread.start()
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "the runs ended")
        let runs = outcomes.withLock { $0 }
        XCTAssertEqual(runs.first?.failure, JQProgram.pastDeadline)
        XCTAssertEqual(runs.last?.results, ["42"], "the worker ended, and another started: \(runs.last?.failure ?? "")")
        XCTAssertNil(runs.last?.failure)
    }

    /// A worker killed between runs (the system's OOM killer, say) is started again for the
    /// next run, which goes as if nothing happened.
    func testAWorkerThatEndedBetweenRunsIsStartedAgain() throws {
        let program = try JQProgram(".[0] * 2")
        XCTAssertEqual(program.run(Array("[1]".utf8)).results, ["2"])
        let workers = Self.workers()
        XCTAssertFalse(workers.isEmpty, "this process's jq workers")
        for pid in workers { kill(pid, SIGKILL) }
        // A zombie: its memory gone (its cmdline reads empty well before) and its files closed.
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { workers.allSatisfy(Self.hasEnded) }, "they ended")
        let again = program.run(Array("[21]".utf8))
        XCTAssertEqual(again.results, ["42"], again.failure ?? "")
    }

    /// A worker killed just as a run is asked of it may take the request into its socket and
    /// never read it: the run goes to a new worker all the same, twenty times out of twenty.
    func testAWorkerKilledAsARunIsAskedIsStartedAgainForThatRun() throws {
        let program = try JQProgram(".[0] * 2")
        for round in 1...20 {
            XCTAssertEqual(program.run(Array("[1]".utf8)).results, ["2"])
            let workers = Self.workers()
            XCTAssertEqual(workers.count, 1, "this process's one jq worker")
            for pid in workers { kill(pid, SIGKILL) }
            let again = program.run(Array("[\(round)]".utf8))
            XCTAssertEqual(again.results, ["\(round * 2)"], "round \(round): \(again.failure ?? "")")
        }
    }

    /// A stop asked before its run has begun (the loop stopped waiting while the run's thread
    /// was starting) stops that run when it begins, and only that one: once it has ended and
    /// its stop is forgotten, the next run on the same compiled program goes ahead.
    func testAStopAskedBeforeItsRunBeganStopsThatRunAndNoOther() throws {
        XCTAssertNil(lr_jq_open())
        var error: UnsafeMutablePointer<CChar>?
        let jq = try XCTUnwrap(lr_jq_compile(". * 2", nil, 0, 0, &error), error.map { String(cString: $0) } ?? "")
        defer { lr_jq_free(jq) }
        func run(_ input: String) -> (results: [String], failure: String?) {
            final class Results { var all: [String] = [] }
            let results = Results()
            let failure = withExtendedLifetime(results) {
                lr_jq_run(jq, input, input.utf8.count, { info, json, length in
                    guard let info, let json else { return 1 }
                    let bytes = UnsafeRawBufferPointer(start: json, count: length)
                    Unmanaged<Results>.fromOpaque(info).takeUnretainedValue().all.append(String(decoding: bytes, as: UTF8.self))
                    return 0
                }, nil, Unmanaged.passUnretained(results).toOpaque())
            }
            defer { lr_jq_free_text(failure) }
            return (results.all, failure.map { String(cString: $0) })
        }
        XCTAssertEqual(run("1").results, ["2"])
        lr_jq_stop(jq)
        let stopped = run("2")
        XCTAssertEqual(stopped.failure, "it was stopped", "the stop stands for the run that had not begun")
        XCTAssertEqual(stopped.results, [])
        lr_jq_forget_stop(jq)
        let next = run("21")
        XCTAssertEqual(next.results, ["42"], next.failure ?? "")
    }

    /// The live jq workers this process started (their zombies left out).
    private static func workers() -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let children = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int32($0) }
        }
        return children.filter { pid in
            let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            return command.contains("--lr-jq-worker")
        }
    }

    /// Whether the process is a zombie or gone: the kernel closes its files before it is one.
    private static func hasEnded(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    func testTheBoundIsHalfAGibibyteAndSixteenBytesAByteOfInput() {
        XCTAssertEqual(JQProgram.memoryBound(forInput: 0), 512 << 20)
        XCTAssertEqual(JQProgram.memoryBound(forInput: 100 << 20), (512 << 20) + 1600 << 20)
    }
}
