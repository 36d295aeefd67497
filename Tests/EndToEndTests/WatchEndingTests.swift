#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// How a watch without the full-screen view ends: Ctrl-C quits, in flight or not; a reader
/// that leaves ends it at once, even when nothing changes; SIGUSR1 reloads now.
final class WatchEndingTests: XCTestCase {
    func testCtrlCOnAPipeQuitsWith130WhileALoadIsInFlight() throws {
        let arrivals = Counter()
        let server = TestServer(serving: WatchedBackend(), delay: .seconds(30), arrivals: arrivals)
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts", "--watch", "500ms"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { arrivals.count == 1 }, "the load is in flight")
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(130), run.standardError)
        XCTAssertEqual(run.standardOutput, "", "nothing loaded, nothing printed")
        XCTAssertEqual(run.standardErrorLines.last, "watch stopped")
    }

    func testQuietSilencesWatchStopped() throws {
        let arrivals = Counter()
        let server = TestServer(serving: WatchedBackend(), delay: .seconds(30), arrivals: arrivals)
        let run = try LoadrunProcess(["-q", "--url", server.url("/posts"), "--plugin", "posts", "--watch", "500ms"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { arrivals.count == 1 }, "the load is in flight")
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(130), run.standardError)
        XCTAssertFalse(run.standardError.contains("watch stopped"), run.standardError)
    }

    func testTimeoutWithSIGINTEndsAWatchOfASlowURL() throws {
        let server = TestServer(serving: WatchedBackend(), delay: .seconds(30))
        // timeout(1) sends SIGINT after 3 s; --preserve-status hands back loadrun's own status.
        let run = try LoadrunProcess(shell: "timeout --preserve-status -s INT 3 \"$LOADRUN\" --watch 500ms --plugin posts --url \"$1\"; echo status=$?",
                                     arguments: ["sh", server.url("/posts")])
        XCTAssertEqual(run.waitForExit(limit: .seconds(10)), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "status=130\n", run.standardError)
    }

    func testAWatchEndsAsSoonAsItsReaderLeavesEvenWhenNothingChanges() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        // head takes the header and two lines, then leaves. The next reload is an hour away and
        // loadrun writes nothing more, so only the pipe's hang-up can tell it: without that, it
        // would run on and the wait below would end at its limit, as a failure.
        let run = try LoadrunProcess(shell: "\"$LOADRUN\" --watch 1h --plugin posts --url \"$1\" | head -3; echo status=${PIPESTATUS[0]}",
                                     arguments: ["sh", server.url("/posts")])
        XCTAssertEqual(run.waitForExit(limit: .seconds(10)), .exited(0), run.standardError)
        let lines = run.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, run.standardOutput)
        XCTAssertTrue(lines.first?.hasPrefix("==> posts at ") == true, run.standardOutput)
        XCTAssertEqual(lines.last, "status=0", "a closed stdout ends the watch quietly")
        XCTAssertEqual(backend.tally.requests, 1, "it ended on the hang-up, before any reload")
    }

    func testSIGUSR1ReloadsAWatchNow() throws {
        let backend = WatchedBackend()
        let arrivals = Counter()
        let server = TestServer(serving: backend, arrivals: arrivals)
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts", "--watch", "1h"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { arrivals.count == 1 && !run.standardOutput.isEmpty })
        run.send(SIGUSR1)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { arrivals.count == 2 }, "SIGUSR1 reloads now, an hour early")
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143))
    }
}
