#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// `--watch` with stdout on a pipe: content when it changes, under a header; nothing on 304 or
/// identical content; Ctrl-C, SIGUSR1 and failures as the signal table says.
final class WatchPipeTests: XCTestCase {
    private func headers(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasPrefix("==> posts at ") && $0.hasSuffix(" <==") }.map(String.init)
    }

    func testPrintsOnlyWhenTheContentChangesAndRevalidatesWith304s() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts", "--watch", "100ms"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { backend.tally.notModified >= 5 }, "\(backend.tally)")
        XCTAssertEqual(headers(run.standardOutput).count, 1, "304s print nothing: \(run.standardOutput)")
        XCTAssertEqual(backend.tally.bodyBytes, Fixtures.posts(3).utf8.count, "one body, then only 304s")
        XCTAssertEqual(backend.tally.conditional, backend.tally.requests - 1, "every reload is conditional")

        backend.setPosts(4)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { self.headers(run.standardOutput).count == 2 }, run.standardOutput)
        // The new post is marked by its id; the others keep their columns.
        XCTAssertTrue(run.standardOutput.hasSuffix("+ 4  Post number 4\n     \(String(repeating: "b", count: 40))\n"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains("\n  3  Post number 3\n"), run.standardOutput)
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(), .exited(130), "Ctrl-C with nothing in flight quits")
    }

    /// nginx sends a 304 with neither Content-Length nor Transfer-Encoding, which libsoup 3.2
    /// takes for a body that ends with the connection: each reload used to connect anew.
    func testReloadsAnswered304WithoutALengthKeepTheirConnection() throws {
        let body = Fixtures.posts(3)
        let server = RawHTTPServer(.keepAlive(
            first: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nETag: \"v1\"\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)",
            then: "HTTP/1.1 304 Not Modified\r\nETag: \"v1\"\r\nConnection: keep-alive\r\n\r\n"))
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts", "--watch", "20ms", "--no-cache"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { server.requests >= 8 }, "requests: \(server.requests)")
        XCTAssertEqual(server.acceptedConnections, 1, "one connection for the load and every reload")
        XCTAssertEqual(headers(run.standardOutput).count, 1, run.standardOutput)
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143))
    }

    func testChangingETagsAndNo304sStillPrintIdenticalContentOnce() throws {
        for validation in [WatchedBackend.Validation.changingETag, .none] {
            let backend = WatchedBackend()
            backend.setValidation(validation)
            let server = TestServer(serving: backend)
            let run = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts", "--watch", "100ms"])
            XCTAssertTrue(waitUntil(limit: .seconds(10)) { backend.tally.requests >= 6 }, "\(backend.tally)")
            XCTAssertEqual(headers(run.standardOutput).count, 1, "\(validation): identical content is not printed again")
            XCTAssertEqual(backend.tally.notModified, 0)
            run.send(SIGTERM)
            XCTAssertEqual(run.waitForExit(), .exited(143))
        }
    }

    /// A load slower than the interval: the next starts an interval after it ends, as
    /// `watch` counts, so reloads never pile up and none is skipped.
    ///
    /// The slow source's loads are held until the test lets each go, and a second source on the
    /// same interval is the clock: two of its reloads during a held load mean an interval has
    /// passed on loadrun's own clock since that load began, so a reload counted from the load's
    /// start would have come due by then.
    func testASlowLoadPacesTheWatchInsteadOfBeingSkipped() throws {
        let slow = WatchedBackend()
        let clock = WatchedBackend()
        let arrivals = Counter()
        let released = Counter()
        let server = TestServer { server, loop in
            let answer = slow.handler()
            // The nth load is answered once the test has released n.
            server.route("/slow") { exchange in
                arrivals.increment()
                let turn = arrivals.count
                exchange.pause()
                loop.repeating(every: .milliseconds(5)) {
                    guard released.count >= turn else { return true }
                    answer(exchange)
                    return false
                }
            }
            server.route("/clock", clock.handler())
        }
        let run = try LoadrunProcess(["--url", server.url("/slow"), "--url", server.url("/clock"), "--plugin", "posts",
                                      "--watch", "100ms", "--output", "ndjson"])
        for turn in 1...3 {
            XCTAssertTrue(waitUntil(limit: .seconds(10)) { arrivals.count >= turn }, "load \(turn) of the slow source is in flight")
            let ticks = clock.tally.requests
            XCTAssertTrue(waitUntil(limit: .seconds(10)) { clock.tally.requests >= ticks + 2 },
                          "the other source reloaded twice while load \(turn) was held: \(clock.tally)")
            XCTAssertEqual(arrivals.count, turn, "no load of the slow source started while one ran")
            XCTAssertFalse(run.standardError.contains("reload skipped"), "no reload came due during load \(turn): \(run.standardError)")
            released.increment()
        }
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { arrivals.count == 4 }, "the load after the last released one came: none was skipped")
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143))
        XCTAssertFalse(run.standardError.contains("reload skipped"), run.standardError)
        // Each load ended before the next started: every "started" follows a settled state.
        let records = run.standardOutput.split(separator: "\n").filter { $0.contains(#""source":"slow""#) }
        XCTAssertEqual(records.filter { $0.contains(#""cause":"started""#) }.count, 4, "\(records)")
        var loading = false
        for record in records {
            if record.contains(#""cause":"started""#) {
                XCTAssertFalse(loading, "a reload started while a load ran: \(records)")
                loading = true
            } else if record.contains(#""to":"loaded""#) || record.contains(#""to":"failed""#) {
                loading = false
            }
        }
    }

    func testFailuresKeepTheContentAndSayWhenTheRetryComes() throws {
        let backend = WatchedBackend()
        backend.setAlternating(true)
        let server = TestServer(serving: backend)
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts", "--watch", "100ms",
                                      "--retry-delay", "50ms"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { backend.tally.failures >= 3 }, "\(backend.tally)")
        XCTAssertTrue(run.waitForStandardError(containing: "posts: failed "), run.standardError)
        let banner = try XCTUnwrap(run.standardErrorLines.first { $0.hasPrefix("posts: failed ") })
        XCTAssertTrue(banner.contains("— HTTP 503"), banner)
        XCTAssertTrue(banner.contains("; showing data from "), banner)
        XCTAssertTrue(banner.contains("; retry in "), banner)
        XCTAssertEqual(headers(run.standardOutput).count, 1, "the same posts after each recovery print nothing new")
        // After failures on stderr, the first success says so, once.
        XCTAssertTrue(run.waitForStandardError(containing: " after 1 failed load\n"), run.standardError)
        let recovered = run.standardErrorLines.filter { $0.hasPrefix("posts: recovered at ") }
        XCTAssertFalse(recovered.isEmpty, run.standardError)
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143))
    }

    func testNDJSONCarriesEveryTransitionWith304sMarked() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts", "--watch", "100ms", "--output", "ndjson"])
        // The client's own record of the third 304, not the server's count of it: the run
        // may end before it has read the answer the server counted.
        XCTAssertTrue(waitUntil(limit: .seconds(10)) {
            run.standardOutput.split(separator: "\n").filter { $0.contains("\"not_modified\":true") && $0.contains("\"to\":\"loaded\"") }.count >= 3
        }, run.standardOutput)
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143))
        let records = try run.standardOutput.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let settled = records.filter { $0["to"] as? String == "loaded" }
        XCTAssertGreaterThanOrEqual(settled.count, 4)
        XCTAssertEqual(settled.first?["not_modified"] as? Bool, false)
        XCTAssertEqual(settled.first?["http_status"] as? Int, 200)
        for record in settled.dropFirst() {
            XCTAssertEqual(record["not_modified"] as? Bool, true, "\(record)")
            XCTAssertEqual(record["http_status"] as? Int, 304)
            XCTAssertEqual(record["bytes"] as? Int, 0, "no body after the first load")
        }
        for key in ["time", "source", "from", "to", "attempt", "http_status", "bytes", "duration_ms", "not_modified"] {
            XCTAssertTrue(records.allSatisfy { $0.keys.contains(key) }, key)
        }
    }

    func testWatchWithoutAnIntervalUsesTwoSecondsAndBadIntervalsAreUsageErrors() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--watch", "--plugin", "posts", "--output", "ndjson"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { backend.tally.requests >= 2 }, "a second load follows the default interval")
        let first = run.standardOutput
        XCTAssertTrue(first.contains("\"source\":\"posts\""), first)
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143))

        for arguments in [["--watch", "0s"], ["--watch", "soon"], ["--url", "-", "--watch", "1s"]] {
            let bad = try LoadrunProcess(arguments)
            XCTAssertEqual(bad.waitForExit(), .exited(64), "\(arguments): \(bad.standardError)")
        }
    }

    func testEachSourceReloadsOnItsOwnIntervalAndPrintsUnderItsOwnHeader() throws {
        let fast = WatchedBackend()
        let slow = WatchedBackend()
        let fastServer = TestServer(serving: fast)
        let slowServer = TestServer(serving: slow)
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-intervals-\(UUID().uuidString).conf")
        defer { try? FileManager.default.removeItem(at: config) }
        try """
            [source fast]
            url=\(fastServer.url("/posts"))
            plugin=posts
            interval=100ms

            [source slow]
            url=\(slowServer.url("/posts"))
            plugin=posts
            interval=1h
            """.write(to: config, atomically: true, encoding: .utf8)
        let run = try LoadrunProcess(["--config", config.path, "--source", "fast", "--source", "slow", "--watch"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { fast.tally.requests >= 6 }, "\(fast.tally)")
        XCTAssertEqual(slow.tally.requests, 1, "an hour has not passed for slow")
        let headers = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("==> ") }
        XCTAssertEqual(headers.count, 2, run.standardOutput)
        XCTAssertEqual(Set(headers.map { $0.split(separator: " ")[1] }), ["fast", "slow"])

        fast.setPosts(4)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { run.standardOutput.contains("Post number 4") }, run.standardOutput)
        let after = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("==> ") }
        XCTAssertEqual(after.count, 3)
        XCTAssertTrue(after.last!.hasPrefix("==> fast at "), "only the source that changed prints again")
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143))
    }
}
