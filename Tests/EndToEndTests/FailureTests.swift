import Loader
import SampleSource
import TestSupport
import XCTest

/// Each failure ends with exit 2, nothing on stdout, and one clear line on stderr after the URL line.
final class FailureTests: XCTestCase {
    /// Runs `loadrun --source posts --no-retry …` and returns its one error line, checking
    /// exit 2 and an empty stdout. (RetryTests cover what happens with retries.)
    private func failureLine(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try LoadrunProcess(["--source", "posts", "--no-retry"] + arguments)
        XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError, file: file, line: line)
        XCTAssertEqual(run.standardOutput, "", file: file, line: line)
        let lines = run.standardErrorLines
        XCTAssertEqual(lines.count, 2, "the URL line and one error line: \(lines)", file: file, line: line)
        let error = try XCTUnwrap(lines.last, file: file, line: line)
        XCTAssertTrue(error.hasPrefix("posts: "), error, file: file, line: line)
        XCTAssertTrue(error.contains(" — "), "says what to do: \(error)", file: file, line: line)
        XCTAssertFalse(error.contains("Error(") || error.contains("LoadError") || error.contains("Fatal"), error, file: file, line: line)
        return error
    }

    func testConnectionRefused() throws {
        let port = try ClosedPort.make()
        let error = try failureLine(["--url", "http://127.0.0.1:\(port)/posts"])
        XCTAssertEqual(error, "posts: connection refused by 127.0.0.1:\(port) — is the server running? Check the host and port")
    }

    func testUnknownHost() throws {
        let error = try failureLine(["--url", "http://loadrun-test.invalid/posts"])
        XCTAssertTrue(error.hasPrefix(#"posts: cannot resolve host "loadrun-test.invalid""#), error)
    }

    func testDeadline() throws {
        let server = TestServer { server, loop in server.route("/slow", TestRoutes.delayed(.seconds(30), on: loop, body: "[]")) }
        let error = try failureLine(["--url", server.url("/slow"), "--timeout", "300ms"])
        XCTAssertEqual(error, "posts: no complete response from 127.0.0.1:\(server.port) within 300 ms — the server is slow or stuck; raise --timeout or try again later")
    }

    func testNotFoundAndServerError() throws {
        let server = TestServer { server, _ in server.route("/boom", TestRoutes.fixed(status: 500, "oops")) }
        XCTAssertEqual(try failureLine(["--url", server.url("/missing")]),
                       "posts: HTTP 404 Not Found from 127.0.0.1:\(server.port) — check the URL's path")
        XCTAssertEqual(try failureLine(["--url", server.url("/boom")]),
                       "posts: HTTP 500 Internal Server Error from 127.0.0.1:\(server.port) — the server failed; try again later")
    }

    func testBodyOverTheSizeCap() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(50))) }
        let error = try failureLine(["--url", server.url("/posts"), "--max-size", "1K"])
        XCTAssertTrue(error.contains("over the 1 KiB size cap — raise --max-size"), error)
    }

    func testMalformedJSON() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(#"[{"id":1,"title":"cut"#)) }
        let error = try failureLine(["--url", server.url("/posts")])
        XCTAssertEqual(error, "posts: the response from 127.0.0.1:\(server.port) is not valid JSON (it ends inside a string, at line 1, column 22) — check that the URL serves posts")
    }

    func testWrongShape() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(#"{"title":"an article","body":"x"}"#)) }
        let error = try failureLine(["--url", server.url("/posts")])
        XCTAssertTrue(error.contains("is a JSON object, not a JSON array of posts"), error)
    }

    func testTruncatedBody() throws {
        let raw = RawHTTPServer(.respond("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n[]"))
        let error = try failureLine(["--url", raw.url("/posts")])
        XCTAssertTrue(error.contains("ended after 2 B of the 500 B it declared"), error)
    }

    func testServerHangingUpWithoutAnswering() throws {
        let raw = RawHTTPServer(.respond(""))
        let error = try failureLine(["--url", raw.url("/posts")])
        XCTAssertEqual(error, "posts: 127.0.0.1:\(raw.port) closed the connection without answering — the server may be restarting or overloaded; try again")
    }

    func testHostileReasonPhraseReachesTheTerminalInert() throws {
        let raw = RawHTTPServer(.respond("HTTP/1.1 503 \u{1B}]0;pwned\u{07}\u{1B}[2JBusy\r\nContent-Length: 0\r\n\r\n"))
        let error = try failureLine(["--url", raw.url("/posts")])
        XCTAssertFalse(error.unicodeScalars.contains { $0.value < 0x20 }, error)
        XCTAssertTrue(error.contains("HTTP 503 ␛]0;pwned␇␛[2JBusy"), error)
    }

    func testSelfSignedHTTPSIsRefused() throws {
        let server = TestServer(tlsCertificatePEM: selfSignedCertificatePEM) { server, _ in server.serveSampleContent() }
        let error = try failureLine(["--url", server.url("/posts")])
        XCTAssertEqual(error, "posts: the certificate of 127.0.0.1:\(server.port) is issued by an unknown authority — if you trust "
                       + "this server, give --cacert with its CA's PEM file (cacert= in the sources file), or -k to accept it unchecked")
    }

    func testNonHTTPURLIsAUsageErrorBeforeAnyLoad() throws {
        let run = try LoadrunProcess(["--source", "posts", "--no-retry", "--url", "ftp://127.0.0.1/posts"])
        XCTAssertEqual(run.waitForExit(), .exited(64))
        XCTAssertEqual(run.standardOutput, "")
        XCTAssertEqual(run.standardErrorLines.count, 1, "no URL line: nothing is loaded")
        XCTAssertTrue(run.standardError.hasPrefix("loadrun: --url: \"ftp://127.0.0.1/posts\" has the scheme ftp:"), run.standardError)
    }
}
