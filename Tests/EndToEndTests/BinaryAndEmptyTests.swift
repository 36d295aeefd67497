#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// What no view draws still gets an answer, as httpbin serves it: bytes a summary and their
/// first bytes, exit 0; a 204 or an empty 200 the empty state, exit 0, in every output.
final class BinaryAndEmptyTests: XCTestCase {
    /// httpbin's `/bytes/N`: N bytes of `application/octet-stream`, not one of them text.
    private static let octets = (0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }

    private func server(released: Flag? = nil) -> TestServer {
        TestServer { server, _ in
            server.route("/bytes/1024") { $0.respond(status: 200, contentType: "application/octet-stream", body: Self.octets) }
            server.route("/no-content") { $0.respond(status: 204, contentType: "application/json", body: []) }
            server.route("/empty") { $0.respond(status: 200, contentType: "application/json", body: []) }
            server.route("/posts", TestRoutes.fixed(Fixtures.posts(2)))
            server.route("/broken", TestRoutes.fixed(#"[{"id": 1, "title": "#))
            // Posts until the test lets go, then no content: a watch that sees both.
            server.route("/later") { exchange in
                if released?.isSet == true {
                    exchange.respond(status: 204, contentType: "application/json", body: [])
                } else {
                    exchange.respond(status: 200, contentType: "application/json", text: Fixtures.posts(1))
                }
            }
        }
    }

    private func run(_ arguments: [String]) throws -> LoadrunProcess {
        let run = try LoadrunProcess(arguments + ["--no-retry", "--no-cache"])
        XCTAssertEqual(run.waitForExit(), .exited(0), "\(arguments): \(run.standardError)")
        return run
    }

    func testOctetStreamIsSummarisedWithItsExactSizeAndFirstBytes() throws {
        let server = server()
        // On a pipe or in a file, the bytes are the bytes, as curl writes them.
        let raw = try run(["--url", server.url("/bytes/1024")])
        XCTAssertEqual(raw.standardOutputBytes.count, 1024)
        XCTAssertEqual(Array(raw.standardOutputBytes.prefix(4)), [0x03, 0x0a, 0x11, 0x18])
        XCTAssertFalse(raw.standardError.contains("shown as bytes"), raw.standardError)

        let text = try run(["--url", server.url("/bytes/1024"), "--output", "text"])
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "application/octet-stream, 1.0 KB (1024 bytes)", text.standardOutput)
        XCTAssertEqual(lines.dropFirst().first, "00000000: 030a 1118 1f26 2d34 3b42 4950 575e 656c  .....&-4;BIPW^el")
        XCTAssertFalse(text.standardError.contains("no plugin takes the"), "no refusal: \(text.standardError)")

        let json = try run(["--url", server.url("/bytes/1024"), "--output", "json"])
        XCTAssertEqual(json.standardOutput, "{\n  \"mediaType\": \"application/octet-stream\",\n  \"bytes\": 1024\n}\n")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(object["mediaType"] as? String, "application/octet-stream")
        XCTAssertEqual(object["bytes"] as? Int, 1024)
    }

    func testEmpty200And204AreNoContentWhateverThePlugin() throws {
        let server = server()
        for (path, status) in [("/no-content", 204), ("/empty", 200)] {
            for arguments in [["--url", server.url(path)], ["--source", "posts", "--url", server.url(path)]] {
                let name = arguments.first == "--source" ? "posts" : String(path.dropFirst())
                let text = try run(arguments)
                XCTAssertEqual(text.standardOutput, "", "stdout carries content only")
                XCTAssertEqual(text.standardErrorLines.last, "\(name): no content (\(status))", "\(arguments): \(text.standardError)")

                let json = try run(arguments + ["--output", "json"])
                XCTAssertEqual(json.standardOutput, "null\n", "one JSON document per source, even with nothing in it")
                XCTAssertEqual(json.standardErrorLines.last, "\(name): no content (\(status))")
            }
        }
        let ndjson = try run(["--url", server.url("/no-content"), "--output", "ndjson"])
        let records = ndjson.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let loaded = try XCTUnwrap(records.last)
        XCTAssertEqual(loaded["to"] as? String, "loaded", ndjson.standardOutput)
        XCTAssertEqual(loaded["http_status"] as? Int, 204)
        XCTAssertEqual(loaded["bytes"] as? Int, 0)
    }

    func testJSONStillDecodesAndBrokenJSONStillFails() throws {
        let server = server()
        let posts = try run(["--url", server.url("/posts"), "--output", "text"])
        XCTAssertTrue(posts.standardOutput.hasPrefix("1  Post number 1\n"), posts.standardOutput)

        let broken = try LoadrunProcess(["--url", server.url("/broken"), "--no-retry", "--no-cache"])
        XCTAssertEqual(broken.waitForExit(), .exited(2), "JSON that does not parse is not bytes to show")
        XCTAssertEqual(broken.standardOutput, "")
        XCTAssertTrue(broken.standardErrorLines.last?.hasPrefix("broken: the response from 127.0.0.1:") == true, broken.standardError)
        XCTAssertFalse(broken.standardError.contains("shown as bytes"), broken.standardError)
    }

    func testAWatchOnAPipeSaysWhenTheContentGoesAway() throws {
        let released = Flag()
        let server = server(released: released)
        let run = try LoadrunProcess(["--url", server.url("/later"), "--plugin", "posts", "--watch", "50ms", "--no-cache"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { run.standardOutput.contains("1  Post number 1\n") }, run.standardOutput)
        released.set()
        XCTAssertTrue(run.waitForStandardError(containing: "later: no content (204)"), run.standardError)
        XCTAssertEqual(run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("==> later at ") }.count, 2,
                       "the posts, then the empty state under its own header: \(run.standardOutput)")
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(), .exited(130), run.standardError)
        XCTAssertFalse(run.standardError.contains("failed"), run.standardError)
    }

    func testTheFullScreenViewShowsTheEmptyStateWhereTheContentWouldBe() throws {
        try TmuxSession.requireTmux()
        let server = server()
        let tmux = try TmuxSession("'\(LoadrunProcess.binaryPath)' --url \(server.url("/no-content")) --watch 1m --no-cache; echo EXIT=$?",
                                   width: 80, height: 12)
        XCTAssertTrue(tmux.waitForScreen(containing: "no content (204)"), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("no-content · loaded"), tmux.screen())
        try tmux.send("q")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
    }
}
