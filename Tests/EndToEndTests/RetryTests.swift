#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import SampleSource
import Synchronization
import TestSupport
import XCTest

/// Retries against an in-process server that counts requests, through the built binary.
final class RetryTests: XCTestCase {
    /// A route that answers `failures` with the first responses, then the posts fixture; it
    /// counts the requests that arrived.
    private final class Script: Sendable {
        let failures: [(status: Int, retryAfter: String?)]
        private let arrivals = Mutex(0)

        init(_ failures: [(status: Int, retryAfter: String?)]) { self.failures = failures }

        var count: Int { arrivals.withLock { $0 } }

        func handler() -> SampleServer.Handler {
            let body = Array(Fixtures.posts(1).utf8)
            return { [self] exchange in
                let index = arrivals.withLock { count in
                    count += 1
                    return count - 1
                }
                guard index < failures.count else {
                    return exchange.respond(status: 200, contentType: "application/json", body: body)
                }
                if let retryAfter = failures[index].retryAfter { exchange.setHeader("Retry-After", retryAfter) }
                exchange.respond(status: failures[index].status, text: "")
            }
        }
    }

    private func serve(_ script: Script) -> TestServer {
        TestServer { server, _ in server.route("/posts", script.handler()) }
    }

    func testFailsTwiceThenSucceedsInExactlyThreeRequests() throws {
        let script = Script([(503, nil), (502, nil)])
        let server = serve(script)
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts"), "--retry-delay", "20ms"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(script.count, 3)
        XCTAssertTrue(run.standardOutput.hasPrefix("1  Post number 1\n"))
        let lines = run.standardErrorLines
        XCTAssertEqual(lines.count, 3, "\(lines)")
        XCTAssertTrue(lines[1].hasPrefix("posts: HTTP 503 Service Unavailable from 127.0.0.1:\(server.port) — retrying in "), lines[1])
        XCTAssertTrue(lines[1].hasSuffix(" (attempt 2 of 3)"), lines[1])
        XCTAssertTrue(lines[2].hasSuffix(" (attempt 3 of 3)"), lines[2])
    }

    /// `--retry N` counts retries after the first attempt, as curl's does.
    func testRetryCountsRetriesAsCurlDoes() throws {
        for (retries, requests) in [(0, 1), (1, 2), (3, 4)] {
            let script = Script(Array(repeating: (503, nil), count: 5))
            let server = serve(script)
            let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts"), "--retry", "\(retries)", "--retry-delay", "1ms"])
            XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
            XCTAssertEqual(script.count, requests, "--retry \(retries)")
        }
        let negative = try LoadrunProcess(["--retry=-1"])
        XCTAssertEqual(negative.waitForExit(), .exited(64))
        XCTAssertTrue(negative.standardError.contains("0 or more"), negative.standardError)
    }

    /// Of `--retry N` and `--no-retry`, the later one wins, as in curl.
    func testTheLaterOfRetryAndNoRetryWins() throws {
        for (arguments, requests) in [(["--retry", "2", "--no-retry"], 1), (["--no-retry", "--retry", "2"], 3)] {
            let script = Script(Array(repeating: (503, nil), count: 5))
            let server = serve(script)
            let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts"), "--retry-delay", "1ms"] + arguments)
            XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
            XCTAssertEqual(script.count, requests, "\(arguments)")
        }
    }

    func testRateLimitingHasItsOwnAdvice() throws {
        let script = Script([(429, "120"), (429, nil)])
        let server = serve(script)
        let asked = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts"), "--retry", "0"])
        XCTAssertEqual(asked.waitForExit(), .exited(2))
        // libsoup's server names 429 "Unknown Error": the reason phrase is the server's.
        XCTAssertTrue(asked.standardErrorLines.last?.hasSuffix("from 127.0.0.1:\(server.port) — the server is rate limiting; it asks "
                                                               + "for a wait of 2 min, which retries honour — try again after that") == true,
                      asked.standardError)
        let unasked = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts"), "--retry", "0"])
        XCTAssertEqual(unasked.waitForExit(), .exited(2))
        XCTAssertTrue(unasked.standardErrorLines.last?.hasSuffix("from 127.0.0.1:\(server.port) — the server is rate limiting; "
                                                                 + "wait a while before trying again") == true, unasked.standardError)
    }

    /// The wait before the retry is the server's Retry-After, not the backoff: with a backoff
    /// of at most 1 ms, the retry loadrun schedules (the NDJSON record of the failure, and the
    /// line on stderr) is 1 s away. How long the wait then lasts is the loop's timer's business,
    /// not asserted here.
    func testRetryAfterSecondsIsHonoured() throws {
        let script = Script([(429, "1")])
        let server = serve(script)
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts"), "--retry-delay", "1ms", "--output", "ndjson"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(script.count, 2, "retried once, then loaded")
        let records = try run.standardOutput.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let failed = try XCTUnwrap(records.first { $0["to"] as? String == "failed" }, run.standardOutput)
        XCTAssertEqual(failed["http_status"] as? Int, 429, "\(failed)")
        XCTAssertEqual(failed["retry_in_ms"] as? Int, 1000, "the retry waits as the server asked: \(failed)")
        XCTAssertEqual(records.last?["to"] as? String, "loaded", run.standardOutput)
        // libsoup's server has no reason phrase for 429, so only the status is checked.
        XCTAssertTrue(run.standardError.contains("posts: HTTP 429 "), run.standardError)
        XCTAssertTrue(run.standardError.contains("from 127.0.0.1:\(server.port) — retrying in 1 s (attempt 2 of 3)"), run.standardError)
    }

    func testHugeRetryAfterIsCappedAndCtrlCEndsTheWaitAtOnce() throws {
        let script = Script([(503, "99999999999")])
        let server = serve(script)
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts")])
        XCTAssertTrue(run.waitForStandardError(containing: "retrying in 6 h (the server's Retry-After, capped at 6 h) (attempt 2 of 3)"),
                      run.standardError)
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(130))
        XCTAssertEqual(run.standardErrorLines.last, "posts: cancelled")
        XCTAssertEqual(script.count, 1)
    }

    func testTheBudgetRunsOutPromptlyOnAHugeRetryAfter() throws {
        let script = Script([(503, "99999999999")])
        let server = serve(script)
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts"), "--retry-max-time", "30s"])
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(2))
        XCTAssertTrue(run.standardErrorLines.last?.contains("(the server asked to wait 6 h, beyond the retry budget)") ?? false, run.standardError)
    }

    func testNotFoundIsRequestedExactlyOnce() throws {
        let script = Script([(404, nil), (404, nil), (404, nil)])
        let server = serve(script)
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts"), "--retry-delay", "10ms"])
        XCTAssertEqual(run.waitForExit(), .exited(2))
        XCTAssertEqual(script.count, 1)
        XCTAssertEqual(run.standardErrorLines.last, "posts: HTTP 404 Not Found from 127.0.0.1:\(server.port) — check the URL's path")
    }

    func testASilentServerHitsTheDeadlineAndIsRetried() throws {
        let raw = RawHTTPServer(.silent)
        let run = try LoadrunProcess(["--source", "posts", "--url", raw.url("/posts"), "--timeout", "300ms", "--retry", "1", "--retry-delay", "10ms"])
        XCTAssertEqual(run.waitForExit(), .exited(2))
        let lines = run.standardErrorLines
        XCTAssertTrue(lines[1].hasPrefix("posts: no complete response from 127.0.0.1:\(raw.port) within 300 ms — retrying in"), "\(lines)")
        XCTAssertTrue(lines[2].hasSuffix("(gave up after 2 attempts) — the server is slow or stuck; raise --timeout or try again later"), "\(lines)")
    }

    func testADripThatNeverEndsHitsTheDeadline() throws {
        let server = TestServer { server, loop in
            server.route("/posts", TestRoutes.drip(first: "[", every: .milliseconds(20), on: loop))
        }
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts"), "--timeout", "300ms", "--no-retry"])
        XCTAssertEqual(run.waitForExit(), .exited(2))
        XCTAssertTrue(run.standardErrorLines.last?.contains("within 300 ms") ?? false, run.standardError)
    }

    func testSIGUSR2RetriesAWaitingSourceAtOnce() throws {
        let script = Script([(503, "60")])
        let server = serve(script)
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts")])
        XCTAssertTrue(run.waitForStandardError(containing: "retrying in 1 min"), run.standardError)
        run.send(SIGUSR2)
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(0), run.standardError)
        XCTAssertEqual(script.count, 2)
        XCTAssertTrue(run.standardError.contains("posts: retrying now\n"))
    }

    func testSIGUSR1DuringALoadIsReportedAsSkipped() throws {
        let release = Flag()
        let requests = Counter()
        let server = TestServer { server, loop in
            server.route("/posts", TestRoutes.held(until: release, on: loop, body: Fixtures.posts(1), requests: requests))
        }
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts")])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { requests.count == 1 }, "the load is in flight")
        run.send(SIGUSR1)
        XCTAssertTrue(run.waitForStandardError(containing: "posts: reload skipped"), run.standardError)
        release.set()
        XCTAssertEqual(run.waitForExit(), .exited(0))
        XCTAssertEqual(requests.count, 1, "no second request while the first is in flight")
        XCTAssertTrue(run.standardError.contains("posts: reload skipped — previous load still running"), run.standardError)
    }

    func testSIGTERMDuringTheWaitExits143() throws {
        let script = Script([(503, "60")])
        let server = serve(script)
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts")])
        XCTAssertTrue(run.waitForStandardError(containing: "retrying in 1 min"), run.standardError)
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(143))
        XCTAssertEqual(run.standardErrorLines.last, "posts: cancelled")
    }

    func testConnectTimeoutIsRetriedThenReported() throws {
        let listener = UnansweredListener()
        let run = try LoadrunProcess(["--source", "posts", "--url", listener.url("/posts"), "--connect-timeout", "200ms",
                                      "--retry", "1", "--retry-delay", "10ms"])
        XCTAssertEqual(run.waitForExit(), .exited(2))
        let lines = run.standardErrorLines
        XCTAssertTrue(lines[1].hasPrefix("posts: could not connect to 127.0.0.1:\(listener.port) within 200 ms — retrying in"), "\(lines)")
        XCTAssertEqual(lines[2], "posts: could not connect to 127.0.0.1:\(listener.port) within 200 ms (gave up after 2 attempts) — is the host reachable? Raise --connect-timeout on a slow network")
    }

    /// Issue 41: a server that is not running took three attempts and 2.4 s to be said; as
    /// curl, it is said at once, and `--retry-connrefused` retries it.
    func testARefusedConnectionIsSaidAtOnceUnlessRetriesAreAskedFor() throws {
        let port = try ClosedPort.make()
        let url = "http://127.0.0.1:\(port)/posts"
        let once = try LoadrunProcess(["--source", "posts", "--url", url])
        XCTAssertEqual(once.waitForExit(), .exited(2))
        XCTAssertEqual(once.standardErrorLines.dropFirst(), ["posts: connection refused by 127.0.0.1:\(port) — is the server running? Check the host and port"],
                       "one attempt, no retry: \(once.standardError)")
        let retried = try LoadrunProcess(["--source", "posts", "--url", url, "--retry-connrefused", "--retry", "1", "--retry-delay", "10ms"])
        XCTAssertEqual(retried.waitForExit(), .exited(2))
        let lines = retried.standardErrorLines
        XCTAssertEqual(lines.count, 3, "\(lines)")
        XCTAssertTrue(lines[1].hasPrefix("posts: connection refused by 127.0.0.1:\(port) — retrying in"), "\(lines)")
        XCTAssertTrue(lines[2].contains("(gave up after 2 attempts)"), "\(lines)")
    }

    func testNoRetryTriesOnce() throws {
        let script = Script([(503, nil)])
        let server = serve(script)
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts"), "--no-retry"])
        XCTAssertEqual(run.waitForExit(), .exited(2))
        XCTAssertEqual(script.count, 1)
    }
}
