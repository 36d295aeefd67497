import Foundation
import Plan
import TestSupport
import XCTest

/// Every usage error is one line, `loadrun: …`, with what to write where there is something to
/// say, a pointer to `--help` rather than the usage, and 64. Each of swift-argument-parser's
/// message shapes that `ParserFailure` reads is pinned here.
final class UsageErrorTests: XCTestCase {
    private func refused(_ arguments: [String]) throws -> String {
        let run = try LoadrunProcess(arguments)
        XCTAssertEqual(run.waitForExit(), .exited(64), "\(arguments): \(run.standardError)")
        XCTAssertEqual(run.standardOutput, "")
        XCTAssertEqual(run.standardErrorLines.count, 1, "\(arguments): \(run.standardError)")
        return run.standardError
    }

    func testEachKindOfMistakeIsOneLineInLoadrunsWords() throws {
        XCTAssertEqual(try refused(["--plugin", "tabel"]),
                       "loadrun: unknown plugin \"tabel\" (did you mean table?); known: empty, posts, events, lines, feed, articles, table, json, images, text, bytes\n")
        XCTAssertEqual(try refused(["--timeout", "2d"]),
                       "loadrun: --timeout 2d: not a duration such as 500ms, 30s, 1m30s or 1h (see loadrun --help)\n")
        XCTAssertEqual(try refused(["--max-items", "-1"]), "loadrun: --max-items must be at least 1\n")
        XCTAssertEqual(try refused(["--retry", "-1"]), "loadrun: --retry counts retries after the first attempt: 0 or more\n")
        XCTAssertEqual(try refused(["--size", "20y"]),
                       "loadrun: --size 20y: not a size in cells such as 80x24, or a width alone such as 80 (see loadrun --help)\n")
        XCTAssertEqual(try refused(["--url"]), "loadrun: --url needs a value: a <url> (see loadrun --help)\n")
        XCTAssertEqual(try refused(["--sort-keys=yes"]),
                       "loadrun: the option '--sort-keys' does not take any value, but 'yes' was specified (see loadrun --help)\n")
        XCTAssertEqual(try refused(["sources", "extra"]), "loadrun: unexpected argument \"extra\" (see loadrun sources --help)\n")
        XCTAssertEqual(try refused(["serve", "--port", "99999"]), "loadrun: --port must be between 0 and 65535 (see loadrun serve --help)\n")
        XCTAssertEqual(try refused(["-Y"]), "loadrun: unknown option -Y (see loadrun --help)\n")
        XCTAssertEqual(try refused(["--color", "sometimes"]),
                       "loadrun: --color takes auto, always or never, not \"sometimes\", which names no source either (configured: posts, articles, images)\n")
    }

    /// As chafa reads `--size`: a width alone leaves the height to the image's aspect.
    func testASizeMayGiveTheWidthAlone() throws {
        let run = try LoadrunProcess(["--source", "images", "--size", "20", "--image-format", "symbols"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let lines = run.standardOutput.split(separator: "\n")
        XCTAssertFalse(lines.isEmpty)
        XCTAssertEqual(CellSizeArgument(argument: "20")?.cells.columns, 20)
        XCTAssertEqual(CellSizeArgument(argument: "x8")?.cells.rows, 8)
    }

    /// `OperandArguments` reads the command line as the parser does only while its list of
    /// flags is the parser's.
    func testTheFlagsTheRewriteKnowsAreTheCommandsFlags() throws {
        let dump = try LoadrunProcess(["--experimental-dump-help"])
        XCTAssertEqual(dump.waitForExit(), .exited(0))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any])
        let arguments = try XCTUnwrap((json["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        var longFlags: Set<String> = [], shortFlags: Set<Character> = [], shortOptions: Set<Character> = []
        for argument in arguments {
            let isFlag = argument["kind"] as? String == "flag"
            for name in argument["names"] as? [[String: Any]] ?? [] {
                guard let text = name["name"] as? String else { continue }
                if name["kind"] as? String == "short" {
                    if isFlag { shortFlags.insert(Character(text)) } else { shortOptions.insert(Character(text)) }
                } else if isFlag {
                    longFlags.insert("--" + text)
                }
            }
        }
        XCTAssertEqual(OperandArguments.flags, longFlags.union(["--experimental-dump-help"]), "and the parser's own hidden one")
        XCTAssertEqual(OperandArguments.shortFlags, shortFlags)
        XCTAssertTrue(OperandArguments.shortFlags.isDisjoint(with: shortOptions))
    }
}
