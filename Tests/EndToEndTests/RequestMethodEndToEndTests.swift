import Foundation
import SampleSource
import TestSupport
import XCTest

/// `-X`, `-d` and `--json`, as curl reads them, through the real binary against the sample
/// server's `/echo`, and what they do to retries and the copy store.
final class RequestMethodEndToEndTests: XCTestCase {
    func testConnectIsAUsageErrorNotATimeout() throws {
        let run = try LoadrunProcess(["-X", "CONNECT", "http://127.0.0.1:9/x"])
        XCTAssertEqual(run.waitForExit(), .exited(64), run.standardError)
        XCTAssertTrue(run.standardError.contains("-X: CONNECT opens a tunnel through a proxy"), run.standardError)
    }

    func testAJSONPostReachesTheServerAsCurlSendsIt() throws {
        let server = TestServer { server, _ in server.serveEcho() }
        let run = try LoadrunProcess(["-X", "POST", "--json", "{\"q\":1}", server.url("/echo"), "--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let echo = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any], run.standardOutput)
        XCTAssertEqual(echo["method"] as? String, "POST")
        XCTAssertEqual(echo["body"] as? String, "{\"q\":1}")
        let headers = try XCTUnwrap(echo["headers"] as? [String: String])
        XCTAssertEqual(headers["Content-Type"], "application/json")
        XCTAssertEqual(headers["Accept"], "application/json")
    }

    func testADataFileAndStandardInputAreSentAsTheyAre() throws {
        let server = TestServer { server, _ in server.serveEcho() }
        let run = try LoadrunProcess(shell: "printf 'line 1\\nline 2' | \"$LOADRUN\" -d @- -H 'Content-Type: text/plain' \(server.url("/echo")) --output json")
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let echo = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any], run.standardOutput)
        XCTAssertEqual(echo["method"] as? String, "POST", "-d without -X")
        XCTAssertEqual(echo["body"] as? String, "line 1\nline 2")
        XCTAssertEqual((echo["headers"] as? [String: String])?["Content-Type"], "text/plain", "-H over the body's own type")
    }

    func testAPostThatFailsIsSentOnceUnlessEveryErrorIsRetried() throws {
        let requests = Counter()
        let server = TestServer { server, _ in server.route("/busy", TestRoutes.fixed(status: 503, "{}", requests: requests)) }
        let once = try LoadrunProcess(["-d", "a=1", server.url("/busy"), "--retry", "2", "--retry-delay", "1ms"])
        XCTAssertEqual(once.waitForExit(), .exited(2), once.standardError)
        XCTAssertEqual(requests.count, 1)
        XCTAssertTrue(once.standardError.contains("loadrun: POST is not idempotent: it is sent once, not retried; --retry-all-errors retries it"),
                      once.standardError)

        let again = try LoadrunProcess(["-d", "a=1", server.url("/busy"), "--retry", "2", "--retry-delay", "1ms", "--retry-all-errors"])
        XCTAssertEqual(again.waitForExit(), .exited(2), again.standardError)
        XCTAssertEqual(requests.count, 4, "three attempts more")
    }

    /// A POST's answer is what that POST did, not the URL's content: it is neither kept nor
    /// revalidated, and the next run posts again.
    func testAPostIsNeitherKeptNorRevalidated() throws {
        let requests = Counter()
        let server = TestServer { server, _ in
            server.route("/search") { exchange in
                requests.increment()
                exchange.setHeader("ETag", "\"v1\"")
                if exchange.requestHeader("If-None-Match") != nil { return exchange.respond(status: 304, text: "") }
                exchange.respond(status: 200, contentType: "application/json", text: "[{\"hit\":\(requests.count)}]")
            }
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-post-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        for expected in 1...2 {
            let run = try LoadrunProcess(["--json", "{}", server.url("/search"), "-v", "--output", "json"], environment: ["XDG_CACHE_HOME": cache, "XDG_STATE_HOME": cache + "-state"])
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
            XCTAssertTrue(run.standardOutput.contains("\"hit\": \(expected)"), run.standardOutput)
            XCTAssertFalse(run.standardError.contains("If-None-Match"), run.standardError)
            XCTAssertFalse(run.standardError.contains("stored copy"), run.standardError)
        }
        XCTAssertEqual(requests.count, 2)
    }
}
