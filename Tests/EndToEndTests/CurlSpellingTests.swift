import Foundation
import SampleSource
import TestSupport
import XCTest

/// curl's spellings of what loadrun does: -s, -L, -f, --compressed, --max-redirs.
final class CurlSpellingTests: XCTestCase {
    /// `/hop?left=N` redirects to `left=N-1`, and `left=0` answers; `/missing` is a 404.
    private func server() -> TestServer {
        TestServer { server, _ in
            server.route("/hop") { exchange in
                let left = Int(exchange.query["left"] ?? "") ?? 0
                guard left == 0 else {
                    exchange.setHeader("Location", "/hop?left=\(left - 1)")
                    return exchange.respond(status: 302, text: "")
                }
                exchange.respond(status: 200, contentType: "application/json", text: "{\"arrived\": true}")
            }
            server.route("/missing") { exchange in exchange.respond(status: 404, text: "not here") }
        }
    }

    func testCurlsFlagsAreAcceptedAndSilentIsQuiet() throws {
        let server = server()
        let run = try LoadrunProcess(["-sLf", "--compressed", server.url("/hop?left=2"), "--no-cache"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "{\n  \"arrived\": true\n}\n")
        XCTAssertEqual(run.standardError, "", "-s says nothing but errors")
        let failed = try LoadrunProcess(["-s", "-f", server.url("/missing"), "--no-cache", "--no-retry"])
        XCTAssertEqual(failed.waitForExit(), .exited(2))
        XCTAssertEqual(failed.standardOutput, "", "no error page as content")
        XCTAssertTrue(failed.standardError.contains("HTTP 404"), failed.standardError)
    }

    func testMaxRedirsEndsALongerChainAndSaysWhatToDo() throws {
        let server = server()
        let stopped = try LoadrunProcess(["--max-redirs", "2", server.url("/hop?left=3"), "--no-cache", "--no-retry"])
        XCTAssertEqual(stopped.waitForExit(), .exited(2))
        XCTAssertTrue(stopped.standardError.contains("redirected the request more than 2 times"), stopped.standardError)
        XCTAssertTrue(stopped.standardError.contains("--max-redirs"), stopped.standardError)
        let enough = try LoadrunProcess(["--max-redirs", "3", server.url("/hop?left=3"), "--no-cache"])
        XCTAssertEqual(enough.waitForExit(), .exited(0), enough.standardError)
        let none = try LoadrunProcess(["--max-redirs", "-1", server.url("/hop?left=0")])
        XCTAssertEqual(none.waitForExit(), .exited(64))
    }

    func testAnOptionOfCurlsThatLoadrunHasNotSaysWhatToUseInstead() throws {
        for (option, advice) in [("--data-binary", "-d @FILE"), ("-G", "put the query in the URL"), ("-e", "Referer"), ("--max-time", "--timeout")] {
            let run = try LoadrunProcess([option, "x", "http://127.0.0.1:9/"])
            XCTAssertEqual(run.waitForExit(), .exited(64))
            XCTAssertTrue(run.standardError.contains("\(option) is curl's") && run.standardError.contains(advice), run.standardError)
        }
    }
}
