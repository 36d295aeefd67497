import XCTest
@testable import Plan

/// Which combinations of `--browse`, `--watch`, `--output` and `--detail` a run refuses, and
/// what it says instead, as a value: the binary's own check is in `BrowseOptionTests`.
final class BrowseSettingsTests: XCTestCase {
    private func problem(browse: Bool = true, watch: Bool = false, output: OutputFormat = .text, detail: Bool = false,
                         stdout: Bool = true, stdin: Bool = true) -> String? {
        BrowseSettings.problem(BrowseSettings.Request(browse: browse, watch: watch, output: output, detail: detail,
                                                      stdoutIsTerminal: stdout, stdinIsTerminal: stdin))
    }

    func testBrowseNeedsATerminalOnBothSides() {
        XCTAssertNil(problem())
        XCTAssertNil(problem(watch: true, detail: true), "--browse --watch reloads in the view")
        XCTAssertEqual(problem(stdout: false),
                       "--browse needs a terminal: standard output is not one (drop --browse to print the content, or --watch to follow it on a pipe)")
        XCTAssertEqual(problem(watch: true, stdout: false),
                       "--browse needs a terminal: standard output is not one (drop --browse, and --watch alone follows it on a pipe)")
        XCTAssertEqual(problem(stdin: false),
                       "--browse needs a terminal: standard input is not one, and the view reads its keys there (drop --browse to print the content)")
        XCTAssertEqual(problem(stdout: false, stdin: false)?.contains("standard output"), true, "output is said first")
    }

    func testBrowseIsNotAJSONOutput() {
        XCTAssertEqual(problem(output: .json),
                       "--browse is a full-screen view and does not go with --output json (drop --browse to print the content as JSON)")
        XCTAssertEqual(problem(output: .ndjson, stdout: false)?.hasPrefix("--browse is a full-screen view and does not go with --output ndjson"), true,
                       "the format is said before the terminal: it is wrong anywhere")
    }

    func testDetailGoesWithAFullScreenView() {
        XCTAssertEqual(problem(browse: false, detail: true),
                       "--detail is the URL an item opens in the full-screen view; it goes with --browse or --watch")
        XCTAssertNil(problem(browse: false, watch: true, detail: true))
        XCTAssertNil(problem(browse: false, stdout: false, stdin: false), "without --browse, no terminal is needed")
        XCTAssertNil(problem(browse: false, output: .ndjson))
    }

    func testPrefetchingIsOnUnlessTurnedOff() {
        XCTAssertEqual(BrowseSettings(), BrowseSettings(isEnabled: false, prefetches: true))
    }
}
