import Loader
import SampleSource
import TestSupport
import XCTest

/// `loadrun --source posts` and `--url`, run as the built binary with stdout in a file.
final class OneShotOutputTests: XCTestCase {
    func testSourcePostsPrintsTheEmbeddedSamplePosts() throws {
        let run = try LoadrunProcess(["--source", "posts"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, " 1  Loading states are a contract")
        XCTAssertEqual(lines[1], "    Every source is idle, loading, loaded or failed, and the screen says which.")
        XCTAssertTrue(lines.contains("12  stdout is for content"))
        XCTAssertFalse(run.standardOutput.contains("\u{1B}"), "no escape codes on a pipe")
        for line in lines { XCTAssertLessThanOrEqual(TerminalTextWidth.of(line), 80, line) }

        let errors = run.standardErrorLines
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors[0].hasPrefix("posts: http://127.0.0.1:"), errors[0])
        XCTAssertTrue(errors[0].hasSuffix("/posts (embedded sample source)"), errors[0])
    }

    func testURLLoadsPostsFromAServer() throws {
        let requests = Counter()
        let server = TestServer { server, _ in
            server.route("/posts", TestRoutes.fixed(Fixtures.posts(3), requests: requests))
        }
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/posts")])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, """
            1  Post number 1
               \(String(repeating: "b", count: 40))
            2  Post number 2
               \(String(repeating: "b", count: 40))
            3  Post number 3
               \(String(repeating: "b", count: 40))

            """)
        XCTAssertEqual(run.standardErrorLines, ["posts: \(server.url("/posts"))"])
        XCTAssertEqual(requests.count, 1)
    }

    func testWrapsTo80ColumnsOffATerminalAndHonoursCOLUMNS() throws {
        let long = String(repeating: "word ", count: 40)
        let server = TestServer { server, _ in
            server.route("/posts", TestRoutes.fixed(#"[{"id":1,"title":"\#(long)","body":"\#(long)"}]"#))
        }
        // The posts view, asked for: on a pipe, JSON would go out as JSON (issue 59).
        let wide = try LoadrunProcess(["--output", "text", "--url", server.url("/posts")])
        XCTAssertEqual(wide.waitForExit(), .exited(0))
        let wideLines = wide.standardOutput.split(separator: "\n")
        let widest = wideLines.map(\.count).max() ?? 0
        XCTAssertLessThanOrEqual(widest, 80, "wrapped within 80 columns: \(wideLines)")
        XCTAssertGreaterThan(widest, 75, "and using them: \(wideLines)")

        let narrow = try LoadrunProcess(["--output", "text", "--url", server.url("/posts")], environment: ["COLUMNS": "40"])
        XCTAssertEqual(narrow.waitForExit(), .exited(0))
        let narrowest = narrow.standardOutput.split(separator: "\n").map(\.count).max() ?? 0
        XCTAssertLessThanOrEqual(narrowest, 40)
        XCTAssertGreaterThan(narrowest, 35)
    }

    func testEmptyArraySaysSoAndSucceeds() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed("[]")) }
        // Issue 41: with no plugin named, an empty array is no "no posts": it is shown as it is.
        let run = try LoadrunProcess(["--output", "text", "--url", server.url("/posts")])
        XCTAssertEqual(run.waitForExit(), .exited(0))
        XCTAssertEqual(run.standardOutput, "[]\n")
        XCTAssertEqual(run.standardErrorLines.last, "posts: shown as JSON (a JSON array of 0 items; no plugin named for it)")
        // Issue 59: on a pipe with no view asked for, it is the JSON, with no note on a view.
        let data = try LoadrunProcess(["--url", server.url("/posts")])
        XCTAssertEqual(data.waitForExit(), .exited(0), data.standardError)
        XCTAssertEqual(data.standardOutput, "[]\n")
        XCTAssertEqual(data.standardErrorLines, ["posts: \(server.url("/posts"))"])

        // Several sources: each under its header, and each empty one still said.
        let several = try LoadrunProcess(["--url", server.url("/posts"), "--url", server.url("/posts?again"), "--plugin", "posts"])
        XCTAssertEqual(several.waitForExit(), .exited(0))
        XCTAssertEqual(several.standardOutput, "==> posts <==\n\n==> posts-2 <==\n")
        XCTAssertEqual(several.standardErrorLines.filter { $0.hasSuffix(": no posts") }, ["posts: no posts", "posts-2: no posts"])
    }

    func testPipeIntoHeadExitsPromptlyAndQuietly() throws {
        // About 150 KB of output, well past a pipe buffer (64 KiB), so loadrun meets EPIPE
        // part-way through; small enough that a debug build renders it in a blink.
        let body = Fixtures.posts(1000, bodyLength: 100)
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(body)) }
        // The JSON a pipe gets by default (issue 59), and the posts view, asked for.
        for (options, first) in [("", "["), ("--output text", "   1  Post number 1")] {
            let run = try LoadrunProcess(shell: #"set -o pipefail; "$LOADRUN" $1 --url "$0" | head -1"#,
                                         environment: [:], arguments: [server.url("/posts"), options])
            XCTAssertEqual(run.waitForExit(limit: .seconds(2)), .exited(0), "\(options): \(run.standardError)")
            XCTAssertEqual(run.standardOutput, first + "\n", options)
            XCTAssertEqual(run.standardErrorLines, ["posts: \(server.url("/posts"))"], "no error on a closed pipe: \(options)")
        }
    }

    func testHelpDocumentsTheExitCodes() throws {
        // The short --help says the codes in a line; --help all has their table.
        let run = try LoadrunProcess(["--help", "all"])
        XCTAssertEqual(run.waitForExit(), .exited(0))
        let help = run.standardOutput
        for line in ["0    success", "1    some sources failed", "2    all sources failed", "64   usage error",
                     "130  ended by SIGINT (Ctrl-C)", "143  ended by SIGTERM", "129  ended by SIGHUP"] {
            XCTAssertTrue(help.contains(line), "help lacks \"\(line)\"")
        }
        XCTAssertTrue(help.contains("--timeout"))
        for option in ["--connect-timeout", "--retry <n>", "--retry-delay", "--retry-max-time", "--no-retry"] {
            XCTAssertTrue(help.contains(option), "help lacks \(option)")
        }
        for signal in ["SIGUSR1", "SIGUSR2", "SIGWINCH"] {
            XCTAssertTrue(help.contains(signal), "help lacks \(signal)")
        }
        XCTAssertTrue(help.contains("--max-size"))
    }

    func testUsageErrorsExit64() throws {
        for arguments in [["--source", "nope"], ["--plugin", "nope"], ["--timeout", "soon"], ["--max-size", "-1"], ["--frobnicate"]] {
            let run = try LoadrunProcess(arguments)
            XCTAssertEqual(run.waitForExit(), .exited(64), "\(arguments)")
            XCTAssertEqual(run.standardOutput, "")
        }
        let unknown = try LoadrunProcess(["--source", "nope"])
        _ = unknown.waitForExit()
        XCTAssertEqual(unknown.standardError,
                       #"loadrun: unknown source "nope"; configured: posts, articles, images (see loadrun sources)"# + "\n")
    }
}

/// Column counting for assertions; plain ASCII fixtures make this exact.
enum TerminalTextWidth {
    static func of(_ line: String) -> Int { line.count }
}
