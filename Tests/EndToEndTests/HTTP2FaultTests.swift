#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import XCTest

/// HTTP/2 peers that stall, flood, reset and go away (`MisbehavingHTTP2Peer`). libsoup 3.2
/// never answers the cancel of a stalled stream, so every ending here is loadrun's own: the
/// deadline, a signal, or a reset reported as it comes.
final class HTTP2FaultTests: XCTestCase {
    /// A run against `peer` with a short deadline and no retries.
    private func run(_ peer: MisbehavingHTTP2Peer, _ extra: [String] = []) throws -> LoadrunProcess {
        try LoadrunProcess(["--url", peer.url("/x"), "--cacert", peer.caFile, "--no-cache", "--timeout", "1s", "--no-retry"] + extra)
    }

    func testEveryStallAndFloodEndsByTheDeadline() throws {
        for mode in ["stall", "stall-headers", "continuation-flood", "ping-flood", "settings-flood", "big-header"] {
            let peer = try MisbehavingHTTP2Peer(mode: mode)
            let run = try run(peer)
            XCTAssertEqual(run.waitForExit(limit: .seconds(15)), .exited(2), "\(mode): \(run.standardError)")
            XCTAssertTrue(peer.requests.count >= 1, "\(mode): the request reached the peer")
            XCTAssertTrue(run.standardError.contains("no complete response from 127.0.0.1:\(peer.port) within 1 s"),
                          "\(mode): \(run.standardError)")
            XCTAssertEqual(run.standardOutput, "", mode)
        }
    }

    /// Over a stalled stream the loop takes the signal; over a PING flood libsoup holds the
    /// loop, and the last resort ends the run with the same status.
    func testEachEndingSignalEndsAStalledOrFloodedStreamWithItsStatus() throws {
        for mode in ["stall", "ping-flood"] {
            for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, 143), (SIGHUP, 129)] {
                try endsStream(mode: mode, on: signal, with: status)
            }
        }
    }

    private func endsStream(mode: String, on signal: Int32, with status: Int32) throws {
        let peer = try MisbehavingHTTP2Peer(mode: mode)
        // A deadline far off: only the signal can end it.
        let run = try LoadrunProcess(["--url", peer.url("/x"), "--cacert", peer.caFile, "--no-cache", "--timeout", "5m"])
        XCTAssertTrue(peer.waitForRequests(), "the request reached the peer")
        run.send(signal)
        XCTAssertEqual(run.waitForExit(limit: .seconds(10)), .exited(status), "\(mode), signal \(signal): \(run.standardError)")
        XCTAssertEqual(run.standardOutput, "")
    }

    func testAWatchOnAStalledStreamEndsOnTheSignal() throws {
        let peer = try MisbehavingHTTP2Peer(mode: "stall")
        let run = try LoadrunProcess(["--url", peer.url("/x"), "--cacert", peer.caFile, "--no-cache", "--timeout", "5m",
                                      "--watch", "1s", "--output", "ndjson"])
        XCTAssertTrue(peer.waitForRequests())
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(limit: .seconds(10)), .exited(143), run.standardError)
    }

    func testAResetStreamIsReportedAtOnceWithItsCode() throws {
        for mode in ["rst-before", "rst-after", "goaway-error"] {
            let peer = try MisbehavingHTTP2Peer(mode: mode)
            // A deadline long enough that only the reset can explain the end.
            let run = try LoadrunProcess(["--url", peer.url("/x"), "--cacert", peer.caFile, "--no-cache", "--timeout", "5m", "--no-retry"])
            XCTAssertEqual(run.waitForExit(limit: .seconds(15)), .exited(2), "\(mode): \(run.standardError)")
            XCTAssertTrue(run.standardError.contains("127.0.0.1:\(peer.port) ended the request's HTTP/2 stream with INTERNAL_ERROR"),
                          "\(mode): \(run.standardError)")
            XCTAssertTrue(run.standardError.contains("--http1.1"), "\(mode): the way past a broken HTTP/2: \(run.standardError)")
        }
    }

    /// A reset after the body has begun: libsoup 3.2 (and its master) keeps it to the
    /// message's private state and never fails the body's read, so only the deadline ends the
    /// wait. The words say what was seen and the way past it.
    func testAResetAfterTheBodyBeganIsSaidAtTheDeadlineWithTheWayPast() throws {
        let peer = try MisbehavingHTTP2Peer(mode: "rst-after-data")
        let run = try run(peer)
        XCTAssertEqual(run.waitForExit(limit: .seconds(15)), .exited(2), run.standardError)
        XCTAssertTrue(run.standardError.contains("its HTTP/2 stream stopped after 10 B of the body, and a reset of it would not be said"),
                      run.standardError)
        XCTAssertTrue(run.standardError.contains("--http1.1 if it resets streams"), run.standardError)
        XCTAssertEqual(run.standardOutput, "")
    }

    /// libsoup sends a refused request again at once, without end; loadrun stops that storm
    /// and retries with its own backoff, since a refused stream was never processed.
    func testARefusedStreamIsRetriedWithBackoffNotResentWithoutEnd() throws {
        for mode in ["refused", "goaway"] {
            let peer = try MisbehavingHTTP2Peer(mode: mode)
            let run = try LoadrunProcess(["--url", peer.url("/x"), "--cacert", peer.caFile, "--no-cache", "--timeout", "5m",
                                          "--retry", "1", "--retry-delay", "10ms"])
            XCTAssertEqual(run.waitForExit(limit: .seconds(15)), .exited(2), "\(mode): \(run.standardError)")
            let stderr = run.standardError
            XCTAssertTrue(stderr.contains("127.0.0.1:\(peer.port) refused the request unprocessed (HTTP/2 REFUSED_STREAM or GOAWAY)"), "\(mode): \(stderr)")
            XCTAssertTrue(stderr.contains("(attempt 2 of 2)"), "\(mode): retried: \(stderr)")
            // Two attempts of a few sends each; before, libsoup sent thousands a second.
            XCTAssertLessThanOrEqual(peer.requests.count, 12, "\(mode): \(peer.requests.count) requests")
        }
    }

    /// On the full-screen view, Ctrl-C on a stalled HTTP/2 load cancels it and the watch goes
    /// on: the last resort, armed by the signal, is disarmed by the loop, so the process is
    /// still there to load again an interval later, and quits on q with the terminal restored.
    func testCtrlCOnTheFullScreenCancelsAStalledStreamAndTheWatchGoesOn() throws {
        try TmuxSession.requireTmux()
        let peer = try MisbehavingHTTP2Peer(mode: "stall")
        let tmux = try TmuxSession("S=$(stty -g); env -u NO_COLOR '\(LoadrunProcess.binaryPath)' --url \(peer.url("/x")) --cacert \(peer.caFile) "
            + "--no-cache --timeout 5m --watch 2s; echo EXIT=$?; [ \"$(stty -g)\" = \"$S\" ] && echo TTY=restored")
        XCTAssertTrue(peer.waitForRequests(1), "the first load is in flight")
        XCTAssertTrue(tmux.waitForScreen(containing: "loading"), tmux.screen())
        try tmux.send("C-c")
        XCTAssertTrue(tmux.waitForScreen(containing: "next in"), "cancelled, and the watch counts to its next load: \(tmux.screen())")
        // The next load comes 2 s after the cancel, past the last resort's 1 s.
        XCTAssertTrue(peer.waitForRequests(2), "the watch loaded again: \(tmux.screen())")
        try tmux.send("q")
        XCTAssertTrue(tmux.waitForScreen(containing: "TTY=restored"), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("EXIT="), tmux.screen())
    }

    /// Where HTTP/2 is what breaks, -v says HTTP/2 was spoken, though no response came.
    func testVerboseNamesTheVersionOfAStalledStreamsConnection() throws {
        let peer = try MisbehavingHTTP2Peer(mode: "stall")
        let run = try run(peer, ["-v"])
        XCTAssertEqual(run.waitForExit(limit: .seconds(15)), .exited(2), run.standardError)
        XCTAssertTrue(run.standardErrorLines.contains("* HTTP/2 with 127.0.0.1:\(peer.port)"), run.standardError)
    }

    func testHTTP1OptionSpeaksHTTP1AndVerboseSaysSo() throws {
        let peer = try MisbehavingHTTP2Peer(mode: "stall")
        // The peer stalls any HTTP/2 stream, and answers HTTP/1.1 at once.
        let run = try LoadrunProcess(["-v", "--http1.1", "--url", peer.url("/x"), "--cacert", peer.caFile, "--no-cache", "--timeout", "5m", "--output", "text"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.hasPrefix("1  over h2"), run.standardOutput)
        XCTAssertEqual(peer.requests, ["request /x HTTP/1.1"])
        for expected in ["> GET /x HTTP/1.1", "< HTTP/1.1 200 OK", "* HTTP/1.1 with 127.0.0.1:\(peer.port)"] {
            XCTAssertTrue(run.standardErrorLines.contains(expected), "\(expected) in \(run.standardErrorLines)")
        }
    }
}
