#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// One small hostile response must not freeze loadrun: a one-word title of a megabyte is cut
/// for a screen and wrapped to the width (whole on a pipe), and a signal ends even a long
/// render at once.
final class LongFieldTests: XCTestCase {
    private static let megabyteTitle = #"[{"id":1,"title":"\#(String(repeating: "A", count: 1 << 20))","body":"b"},"#
        + #"{"id":2,"title":"after","body":"b"}]"#

    private static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    func testAMegabyteTitleIsCutWithANoteAndNoLineIsWiderThanTheWidth() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Self.megabyteTitle)) }
        // For reading on a screen (COLUMNS gives one) it is cut; on a pipe it is the data, whole
        // (issue 41), wrapped all the same.
        for (columns, environment, kept) in [(80, [String: String](), 1 << 20), (50, ["COLUMNS": "50"], 10_000)] {
            let run = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts"], environment: environment)
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
            let lines = Self.lines(run.standardOutput)
            XCTAssertEqual(lines.filter { $0.count > columns }, [], "no line is wider than \(columns) columns")
            let output = run.standardOutput
            XCTAssertEqual(output.filter { $0 == "A" }.count, kept)
            if kept < 1 << 20 {
                XCTAssertTrue(output.contains("A… (1.0 MB"), output.suffix(300).description)
                XCTAssertTrue(output.contains("more; --output json has it all)"), output.suffix(300).description)
            } else {
                XCTAssertFalse(output.contains("…"), "nothing cut on a pipe")
            }
            XCTAssertTrue(run.standardOutput.contains("2  after"), "the next post follows")
        }
        // JSON keeps it all.
        let json = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts", "--output", "json"])
        XCTAssertEqual(json.waitForExit(), .exited(0))
        let posts = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
        XCTAssertEqual((posts?.first?["title"] as? String)?.count, 1 << 20)
    }

    func testTheFullScreenViewShowsTheFirstScreenfulAndSIGTERMEndsIt() throws {
        try TmuxSession.requireTmux()
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Self.megabyteTitle)) }
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-pid-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        // `exec` keeps the shell's pid, which it writes down first: the pid of loadrun itself.
        let command = "sh -c 'echo $$ > \(pidFile); exec \"$0\" \"$@\"' '\(LoadrunProcess.binaryPath)' "
            + "--url '\(server.url("/posts"))' --plugin posts --watch 1h; echo EXIT=$?"
        let tmux = try TmuxSession(command, width: 80, height: 24)
        // The selection's margin takes two columns of the 80: the title fills the other 75 after its id.
        XCTAssertTrue(tmux.waitForScreen(containing: "▌ 1  " + String(repeating: "A", count: 75)), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("posts · loaded"), tmux.screen())
        let pid = try XCTUnwrap(Int32((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGTERM)
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=143"), tmux.screen())
    }

    func testSIGTERMDuringALongRenderEndsTheRunAtOnceWithNothingPartialOnceAndInWatch() throws {
        // A thousand titles at the field limit: rendering them takes a debug build about 15 s.
        let posts = (1...1_000).map { #"{"id":\#($0),"title":"\#(String(repeating: "W", count: 9_000))","body":"b"}"# }
        let body = Array(("[" + posts.joined(separator: ",") + "]").utf8)
        let sent = Counter()
        let server = TestServer { server, loop in
            server.route("/posts") { exchange in
                exchange.respond(status: 200, contentType: "application/json", body: body)
                // The response has left the server once the exchange finishes: from then on
                // the client decodes (in well under a second) and renders.
                loop.repeating(every: .milliseconds(5)) {
                    if exchange.isFinished { sent.increment() }
                    return !exchange.isFinished
                }
            }
        }
        // Once, and watching on a pipe, whose first cycle renders the same way.
        for (index, mode) in [[], ["--watch", "1h"]].enumerated() {
            let run = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts"] + mode)
            XCTAssertTrue(waitUntil(limit: .seconds(10)) { sent.count == index + 1 })
            run.send(SIGTERM)
            // Without the render stopping, this would take the whole render: far past the limit.
            XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(143), "\(mode): \(run.standardError)")
            XCTAssertEqual(run.standardOutput, "", "\(mode): nothing partial on stdout")
        }
    }
}
