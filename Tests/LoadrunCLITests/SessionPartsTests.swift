@testable import LoadrunCLI
import TerminalText
import XCTest

/// The pure parts of a run's session: the watch's queue of due times, and which presenter a
/// run gets.
final class SessionPartsTests: XCTestCase {
    func testDueTimesComeOutEarliestFirstAndOnlyWhenDue() {
        let start = ContinuousClock.now
        var queue = DueQueue()
        for (index, seconds) in [(0, 5), (1, 1), (2, 3), (3, 1), (4, 9)] {
            queue.push(index, at: start + .seconds(seconds))
        }
        XCTAssertEqual(queue.earliest, start + .seconds(1))
        XCTAssertEqual(queue.popDue(by: start).count, 0, "nothing is due yet")
        XCTAssertEqual(Set(queue.popDue(by: start + .seconds(1)).map(\.index)), [1, 3])
        XCTAssertEqual(queue.popDue(by: start + .seconds(6)).map(\.index), [2, 0], "earliest first")
        XCTAssertEqual(queue.earliest, start + .seconds(9))
        XCTAssertEqual(queue.popDue(by: start + .seconds(60)).map(\.index), [4])
        XCTAssertTrue(queue.isEmpty)
    }

    func testDueTimesComeOutAtMostASliceAtATime() {
        let start = ContinuousClock.now
        var queue = DueQueue()
        for index in 0..<5 { queue.push(index, at: start + .seconds(index)) }
        XCTAssertEqual(queue.popDue(by: start + .seconds(10), limit: 2).map(\.index), [0, 1], "the earliest two")
        XCTAssertEqual(queue.popDue(by: start + .seconds(10), limit: 2).map(\.index), [2, 3], "the rest on the next call")
        XCTAssertEqual(queue.popDue(by: start + .seconds(10), limit: 2).map(\.index), [4])
        XCTAssertTrue(queue.isEmpty)
    }

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
