#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SampleSource
import Synchronization
import TestSupport
import XCTest

/// Issue 41: `-i` prints the response's head, then the content, and `-I` sends a HEAD request
/// and prints its head alone, as curl does; through the real binary, on a real pipe.
final class IncludeHeadTests: XCTestCase {
    func testIncludePrintsTheStatusLineAndHeadersBeforeTheContent() throws {
        let server = TestServer { server, _ in
            server.route("/posts") { exchange in
                exchange.setHeader("X-Trace", "abc 123")
                exchange.respond(status: 200, contentType: "application/json", body: Array(#"[{"id":1,"title":"first"}]"#.utf8))
            }
        }
        let run = try LoadrunProcess(["-i", server.url("/posts")])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let output = run.standardOutput
        XCTAssertTrue(output.hasPrefix("HTTP/1.1 200 OK\n"), output)
        let parts = output.components(separatedBy: "\n\n")
        XCTAssertGreaterThanOrEqual(parts.count, 2, output)
        let head = parts[0].split(separator: "\n").map(String.init)
        XCTAssertTrue(head.contains("Content-Type: application/json"), "the server's own spelling: \(head)")
        XCTAssertTrue(head.contains("X-Trace: abc 123"), "\(head)")
        XCTAssertTrue(parts.dropFirst().joined(separator: "\n\n").contains("first"), "the content after the blank line: \(output)")
    }

    func testHeadSendsHEADAndPrintsTheHeadAlone() throws {
        let methods = Mutex<[String]>([])
        let server = TestServer { server, _ in
            server.route("/posts") { exchange in
                methods.withLock { $0.append(exchange.method) }
                exchange.respond(status: 200, contentType: "application/json", body: Array(#"[{"id":1,"title":"first"}]"#.utf8))
            }
        }
        let run = try LoadrunProcess(["-I", server.url("/posts")])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(methods.withLock { $0 }, ["HEAD"])
        XCTAssertTrue(run.standardOutput.hasPrefix("HTTP/1.1 200 OK\n"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.hasSuffix("\n\n"), "a head, then its blank line: \(run.standardOutput)")
        XCTAssertFalse(run.standardOutput.contains("first"), "no body")
        XCTAssertFalse(run.standardError.contains("no content"), "a head alone is what was asked: \(run.standardError)")
    }

    /// A failure's head is shown too, as curl -i shows it; the error is said on stderr as ever.
    func testAnErrorsHeadIsShownAndTheErrorSaid() throws {
        let server = TestServer { server, _ in server.route("/boom", TestRoutes.fixed(status: 503, "busy")) }
        let run = try LoadrunProcess(["-i", "--no-retry", server.url("/boom")])
        XCTAssertNotEqual(run.waitForExit(), .exited(0))
        XCTAssertTrue(run.standardOutput.hasPrefix("HTTP/1.1 503 Service Unavailable\n"), run.standardOutput)
        XCTAssertTrue(run.standardError.contains("HTTP 503 Service Unavailable from"), run.standardError)
    }

    /// A head from the network must not drive the terminal; a file has no head to show.
    func testAHostileHeadIsMadeInertAndAFileHasNone() throws {
        let raw = RawHTTPServer(.respond("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Evil: a\u{1B}[2Jb\r\nContent-Length: 2\r\n\r\n[]"))
        let run = try LoadrunProcess(["-i", raw.url("/posts")])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertFalse(run.standardOutput.contains("\u{1B}"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains("X-Evil: a\u{241B}[2Jb\n"), run.standardOutput)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-e2e-head-\(UUID().uuidString).json")
        try Data(#"{"a":1}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let local = try LoadrunProcess(["-i", "--url", file.path])
        XCTAssertEqual(local.waitForExit(), .exited(0), local.standardError)
        XCTAssertTrue(local.standardOutput.hasPrefix("{"), local.standardOutput)
    }

    /// Issue 57: `-I` on a file said `shown as JSON` and printed nothing; `-I --watch` said
    /// `no content (200)` under each head.
    func testHeadAloneSaysWhatItShowsOnAFileAndUnderAWatch() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-e2e-head-\(UUID().uuidString).json")
        try Data(#"[{"a":1}]"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let local = try LoadrunProcess(["-I", "--url", file.path])
        XCTAssertEqual(local.waitForExit(), .exited(0), local.standardError)
        XCTAssertEqual(local.standardOutput, "")
        XCTAssertFalse(local.standardError.contains("shown as"), local.standardError)
        XCTAssertTrue(local.standardError.contains("no response head to show (-I shows a server's); it is not from a server"), local.standardError)

        let requests = Counter()
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(#"[{"id":1}]"#, requests: requests)) }
        let watch = try LoadrunProcess(["-I", "--watch", "100ms", server.url("/posts")])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { watch.standardOutput.contains("HTTP/1.1 200 OK") && requests.count >= 3 },
                      "the head, and reloads after it: \(watch.standardOutput)")
        watch.send(SIGTERM)
        XCTAssertEqual(watch.waitForExit(), .exited(143), watch.standardError)
        XCTAssertFalse(watch.standardError.contains("no content"), watch.standardError)
    }

    func testIncludeIsRefusedWhereNoTextIsPrinted() throws {
        let cases: [([String], String)] = [
            (["-i", "--output", "json"], "loadrun: -i prints the response's head as text, and --output json prints only JSON; -v shows the head on stderr"),
            (["-I", "-X", "POST"], "loadrun: -I sends a HEAD request, and -X asks for POST; give one of them"),
            (["-I", "-d", "a=1"], "loadrun: -I sends a HEAD request, which has no body; drop -d or --json"),
            (["-i", "-I"], "loadrun: give -i (the head, then the content) or -I (the head alone), not both"),
        ]
        for (arguments, message) in cases {
            let run = try LoadrunProcess(arguments + ["http://127.0.0.1:9/posts"])
            XCTAssertEqual(run.waitForExit(), .exited(64), "\(arguments)")
            XCTAssertEqual(run.standardErrorLines, [message])
        }
    }
}
