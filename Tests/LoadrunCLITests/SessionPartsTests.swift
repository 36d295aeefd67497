@testable import LoadrunCLI
import TerminalText
import XCTest

/// The pure parts of a run's session: which presenter a run gets.
final class SessionPartsTests: XCTestCase {
    func testEachRunGetsOnePresenter() {
        let tty = Terminal(stdoutIsTTY: true, stderrIsTTY: true, stdinIsTTY: true, width: 80, height: 24, stderrWidth: 80, environment: [:],
                           color: .auto)
        let pipe = Terminal(stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false, width: 80, height: nil, stderrWidth: 80, environment: [:],
                            color: .auto)
        let output = ContentOutput()
        XCTAssertTrue(PresenterChoice.presenter(format: .text, schedule: .once, terminal: tty, output: output) is OrderedPrinter)
        XCTAssertTrue(PresenterChoice.presenter(format: .json, schedule: .once, terminal: pipe, output: output) is OrderedPrinter)
        XCTAssertTrue(PresenterChoice.presenter(format: .text, schedule: .interval(nil), terminal: tty, output: output) is ScreenPresenter)
        XCTAssertTrue(PresenterChoice.presenter(format: .text, schedule: .interval(.seconds(1)), terminal: pipe, output: output) is PipePrinter)
        XCTAssertTrue(PresenterChoice.presenter(format: .json, schedule: .interval(nil), terminal: tty, output: output) is PipePrinter)
        for schedule in [LoadSession.Schedule.once, .interval(nil)] {
            XCTAssertTrue(PresenterChoice.presenter(format: .ndjson, schedule: schedule, terminal: tty, output: output) is NDJSONLog,
                          "ndjson on a terminal too: no spinner beside the records")
        }
    }

    /// Issue 57: with TERM=dumb the spinner and the skeleton still moved the cursor.
    func testATerminalThatSaysItIsDumbGetsNoLiveProgress() {
        func terminal(_ environment: [String: String]) -> Terminal {
            Terminal(stdoutIsTTY: true, stderrIsTTY: true, stdinIsTTY: true, width: 80, height: 24, stderrWidth: 80, environment: environment,
                     color: .auto)
        }
        XCTAssertTrue(terminal(["TERM": "xterm-256color"]).showsLiveProgress)
        XCTAssertFalse(terminal(["TERM": "dumb"]).showsLiveProgress)
        XCTAssertFalse(terminal(["TERM": "dumb", "NO_COLOR": "1"]).showsLiveProgress)
        XCTAssertFalse(terminal(["TERM": "dumb"]).movesCursor, "no skeleton drawn to be erased")
        XCTAssertTrue(terminal(["TERM": "xterm"]).movesCursor)
    }

    func testAListingOffATerminalKeepsCellsWholeUpToAnyRealURLsLength() {
        let long = "https://example.com/" + String(repeating: "a", count: 10 << 20)
        let text = ListingTable(rows: [["NAME", "URL"], ["big", long], ["small", "https://example.com/x"]]).text(terminalWidth: nil)
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[1].count, "big\t".count + ListingTable.maxCellLength, "cut, with its …")
        XCTAssertTrue(lines[1].hasSuffix("a…"))
        XCTAssertEqual(lines[2], "small\thttps://example.com/x", "whole")
    }

    /// Issue 41: `loadrun sources` and `history` wrapped every row on a 100-column terminal.
    func testAListingOnATerminalCutsEachRowToItsWidth() {
        let rows = [["NAME", "URL", "DEFINED"], ["posts", "https://example.com/" + String(repeating: "p", count: 50), "/etc/sources.conf:3"],
                    ["s", "https://e.x/", "built-in"]]
        let lines = ListingTable(rows: rows).text(terminalWidth: 60).split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines.allSatisfy { TerminalText.displayWidth($0) <= 60 }, "\(lines)")
        XCTAssertTrue(lines[1].hasSuffix("…"), "a row past the width says it was cut: \(lines[1])")
        XCTAssertTrue(lines[2].hasPrefix("s      https://e.x/"), "\(lines[2])")
    }
}
