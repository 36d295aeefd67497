#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// `--output ndjson`: one JSON line per state transition.
final class NDJSONOutputTests: XCTestCase {
    private func records(_ run: LoadrunProcess) throws -> [[String: Any]] {
        try run.standardOutput.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }
    }

    func testALoadIsTwoTransitionsWithEveryKey() throws {
        let run = try LoadrunProcess(["--source", "posts", "--output", "ndjson"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let lines = try records(run)
        XCTAssertEqual(lines.count, 2)
        let keys: Set = ["time", "source", "from", "to", "cause", "attempt", "http_status", "bytes", "duration_ms",
                         "not_modified", "changed", "condition_met", "stale", "error", "retry_in_ms", "items", "item_id", "phases"]
        for line in lines { XCTAssertEqual(Set(line.keys), keys, "every line has the same shape") }
        XCTAssertEqual(lines[0]["from"] as? String, "idle")
        XCTAssertEqual(lines[0]["to"] as? String, "loading")
        XCTAssertEqual(lines[0]["attempt"] as? Int, 1)
        XCTAssertTrue(lines[0]["http_status"] is NSNull)
        XCTAssertEqual(lines[1]["to"] as? String, "loaded")
        XCTAssertEqual(lines[1]["http_status"] as? Int, 200)
        XCTAssertEqual(lines[1]["bytes"] as? Int, SampleContent.postsJSON.utf8.count)
        XCTAssertEqual(lines[1]["not_modified"] as? Bool, false)
        XCTAssertTrue(lines[0]["changed"] is NSNull, "a start brings no content")
        XCTAssertEqual(lines[1]["changed"] as? Bool, true, "the first content is a change")
        XCTAssertGreaterThanOrEqual(lines[1]["duration_ms"] as? Int ?? -1, 0)
        let time = try XCTUnwrap(lines[0]["time"] as? String)
        XCTAssertNotNil(time.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression), time)
    }

    /// A 200 with the body it had before is no change; a new body is. The server gives no
    /// validators, so every reload is a full 200.
    func testAWatchSaysWhetherEachLoadChangedTheContent() throws {
        let backend = WatchedBackend()
        backend.setValidation(.none)
        let server = TestServer(serving: backend)
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts", "--watch", "100ms", "--output", "ndjson"])
        let loads = { (try? self.records(run))?.filter { $0["cause"] as? String == "succeeded" } ?? [] }
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { loads().count >= 2 }, run.standardOutput)
        XCTAssertEqual(loads()[0]["changed"] as? Bool, true, "the first content")
        XCTAssertEqual(loads()[1]["changed"] as? Bool, false, "the same body again: \(run.standardOutput)")
        let before = loads().count
        backend.setPosts(4)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { loads().dropFirst(before).contains { $0["changed"] as? Bool == true } },
                      run.standardOutput)
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143))
    }

    func testARetryShowsEachAttempt() throws {
        let requests = Counter()
        let server = TestServer { server, _ in
            server.route("/posts") { exchange in
                requests.increment()
                if requests.count == 1 { return exchange.respond(status: 503, text: "") }
                exchange.respond(status: 200, contentType: "application/json", body: Array(Fixtures.posts(1).utf8))
            }
        }
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts"), "--output", "ndjson", "--retry-delay", "10ms"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let lines = try records(run)
        XCTAssertEqual(lines.map { $0["cause"] as? String }, ["started", "retryScheduled", "started", "succeeded"])
        XCTAssertEqual(lines[1]["http_status"] as? Int, 503)
        XCTAssertEqual(lines[1]["to"] as? String, "failed")
        XCTAssertNotNil(lines[1]["retry_in_ms"] as? Int)
        XCTAssertTrue((lines[1]["error"] as? String)?.hasPrefix("HTTP 503") ?? false)
        XCTAssertEqual(lines[2]["attempt"] as? Int, 2)
        XCTAssertEqual(lines[3]["http_status"] as? Int, 200)
    }

    func testNoContentIsPrintedBesideTheTransitions() throws {
        let run = try LoadrunProcess(["--source", "articles", "--output", "ndjson"])
        XCTAssertEqual(run.waitForExit(), .exited(0))
        XCTAssertFalse(run.standardOutput.contains("A loading state for every source"))
    }
}
