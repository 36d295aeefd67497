#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// `--jq` on a JSON body that arrives in pieces: libjq parses each as it comes (as `curl | jq`
/// does on two processes), and what the run shows is still what the whole body gives; a body
/// that never ends whole shows none of it.
final class JQArrivingBodyTests: XCTestCase {
    /// `{"n": 1}` … `{"n": count}`, a value a line, sent in pieces of `size` bytes, a few each
    /// turn of the server's loop, so that values are cut anywhere. As `application/json`: JSON
    /// Lines sent with no length would be a live stream, each value a run of its own.
    private static func piecesRoute(count: Int, size: Int, on loop: EventLoop) -> SampleServer.Handler {
        let body = Array((1...count).map { "{\"n\": \($0)}\n" }.joined().utf8)
        return { exchange in
            exchange.beginChunks(status: 200, contentType: "application/json")
            var sent = 0
            loop.repeating(every: .milliseconds(1)) {
                guard !exchange.isFinished else { return false }
                for _ in 0..<50 where sent < body.count {
                    exchange.sendChunk(Array(body[sent..<min(sent + size, body.count)]))
                    sent += size
                }
                guard sent >= body.count else { return true }
                exchange.endChunks()
                return false
            }
        }
    }

    func testAJSONBodyInPiecesIsFilteredAsTheWholeBody() throws {
        let server = TestServer { server, loop in
            server.route("/lines", Self.piecesRoute(count: 2000, size: 7, on: loop))
        }
        let run = try LoadrunProcess(["--url", server.url("/lines"), "--no-history", "-q", "--jq", ".n"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, (1...2000).map { "\($0)\n" }.joined())
        let sum = try LoadrunProcess(["--url", server.url("/lines"), "--no-history", "-q", "--jq", "[., inputs | .n] | length"])
        XCTAssertEqual(sum.waitForExit(), .exited(0), sum.standardError)
        XCTAssertEqual(sum.standardOutput, "2000\n", "inputs reads on across the pieces")
    }

    /// The parser ran on the values that came; the body's end never did: the failure is the
    /// body's, and none of those values' results is shown.
    func testABodyCutShortFailsAsCutShortWithNoResult() throws {
        let raw = RawHTTPServer(.respond("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"n\": 1}\n{\"n\": 2}\n"))
        let run = try LoadrunProcess(["--url", raw.url("/lines"), "--no-retry", "--no-history", "--jq", ".n"])
        XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
        XCTAssertEqual(run.standardOutput, "")
        XCTAssertTrue(run.standardError.contains("ended after 18 B of the 500 B it declared"), run.standardError)
        XCTAssertFalse(run.standardError.contains("jq"), "the failure is the body's, not the program's: \(run.standardError)")
    }

    /// libjq's thread waits for the next piece of a body that never ends: Ctrl-C still ends
    /// the run at once, with nothing on stdout.
    func testCtrlCEndsARunWhoseBodyIsStillArriving() throws {
        let chunks = Counter()
        let server = TestServer { server, loop in
            server.route("/drip", TestRoutes.drip(first: "[1, 2", every: .milliseconds(20), on: loop, chunks: chunks))
        }
        let run = try LoadrunProcess(["--url", server.url("/drip"), "--no-history", "--jq", ".[]"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { chunks.count >= 3 }, "the body is under way")
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(130), run.standardError)
        XCTAssertEqual(run.standardOutput, "")
        XCTAssertEqual(run.standardErrorLines.last?.hasSuffix(": cancelled"), true, run.standardError)
    }
}
