import Foundation
import Plan
import TestSupport
import XCTest

/// URLs, options and durations as people type them, through the real binary (paths to local
/// files: `LocalSourceTests`).
final class TypedInputTests: XCTestCase {
    // MARK: URLs

    func testHostPortAndPathWithoutASchemeLoadsOverHTTP() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(2))) }
        let typed = "127.0.0.1:\(server.port)/posts"
        let run = try LoadrunProcess(["--url", typed])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(try PipeJSON.titles(run.standardOutput), ["Post number 1", "Post number 2"], run.standardOutput)
        XCTAssertEqual(run.standardErrorLines, ["posts: http://\(typed)"], "the URL line shows the URL made whole")
    }

    func testWhatIsNotAURLIsAUsageErrorWithAnExample() throws {
        for typed in ["ftp://x", "http://", "::::"] {
            let run = try LoadrunProcess(["--url", typed])
            XCTAssertEqual(run.waitForExit(), .exited(64), typed)
            XCTAssertEqual(run.standardOutput, "")
            XCTAssertEqual(run.standardErrorLines.count, 1, run.standardError)
            XCTAssertTrue(run.standardError.hasPrefix("loadrun: --url: \"\(typed)\" "), run.standardError)
            XCTAssertTrue(run.standardError.contains("give a URL such as http://127.0.0.1:8080/posts"), run.standardError)
        }
    }

    // MARK: Options

    func testAMistypedOptionGetsTheNearestRealOne() throws {
        let run = try LoadrunProcess(["--retires", "3"])
        XCTAssertEqual(run.waitForExit(), .exited(64))
        XCTAssertEqual(run.standardError, "loadrun: unknown option --retires; did you mean --retry? (see loadrun --help)\n")
        let serve = try LoadrunProcess(["serve", "--prot", "8080"])
        XCTAssertEqual(serve.waitForExit(), .exited(64))
        XCTAssertEqual(serve.standardError, "loadrun: unknown option --prot; did you mean --port? (see loadrun serve --help)\n")
    }

    /// The suggestions come from swift-argument-parser's description of the command: every
    /// option `--help` shows must be in it, or the description's shape has changed under us.
    /// Options show under OPTIONS: and under groups of their own (COOKIES:, DOWNLOADS:).
    func testTheSuggestedOptionsAreTheOptionsHelpShows() throws {
        let dump = try LoadrunProcess(["--experimental-dump-help"])
        XCTAssertEqual(dump.waitForExit(), .exited(0))
        let tree = try XCTUnwrap(CommandOptions(toolInfo: dump.standardOutput), dump.standardOutput)
        for (command, example) in [([], "retry"), (["serve"], "port"), (["sources"], "help")] {
            // The root's whole help is --help all; --help alone is its short screen.
            let help = try LoadrunProcess(command + (command.isEmpty ? ["--help", "all"] : ["--help"]))
            XCTAssertEqual(help.waitForExit(), .exited(0))
            let options = Self.optionSections(of: help.standardOutput)
            // An option with two long names (--color, --colour) shows both on its line.
            let shown = Set(options.matches(of: /(?m)^\s+(?:-\w, )*--([a-z][a-z0-9-]*(?:\.[0-9]+)?)(?:, --([a-z][a-z0-9-]*))?/)
                .flatMap { [String($0.1)] + ($0.2.map { [String($0)] } ?? []) })
            XCTAssertTrue(shown.contains(example), options)
            let suggested = Set(tree.command(for: command).options)
            XCTAssertTrue(shown.isSubset(of: suggested), "\(command): help shows \(shown.subtracting(suggested)) that no suggestion knows")
            if command.isEmpty { XCTAssertEqual(suggested, shown, "the root's options, no more and no fewer") }
        }
    }

    /// The text of every section of a help that lists options: all but the overview, the usage,
    /// the arguments and the subcommands, each of which starts on a line `NAME:` of its own.
    private static func optionSections(of help: String) -> String {
        var section = ""
        var lines: [Substring] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if let header = line.prefixMatch(of: /([A-Z][A-Z ]*):/) {
                section = String(header.1)
            } else if !["", "OVERVIEW", "USAGE", "ARGUMENTS", "SUBCOMMANDS"].contains(section) {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Durations

    func testAWatchIntervalMayCombineUnitsButNotBeZero() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(1))) }
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--watch", "1m30s", "--timeout", "1m", "--retry-delay", "2"])
        XCTAssertTrue(run.waitForStandardError(containing: "posts: \(server.url("/posts"))"), run.standardError)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { run.standardOutput.contains("Post number 1") }, run.standardOutput)
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143), run.standardError)

        let zero = try LoadrunProcess(["--watch", "0"])
        XCTAssertEqual(zero.waitForExit(), .exited(64))
        XCTAssertEqual(zero.standardError, "loadrun: --watch 0: the interval must be at least 10ms\n")
    }
}
