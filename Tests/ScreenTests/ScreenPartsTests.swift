import XCTest
@testable import Screen

/// The pure parts of the full-screen view: keys as one read delivers them, and the status
/// panel's size, window and tally.
final class ScreenPartsTests: XCTestCase {
    func testKeysFromOneRead() {
        XCTAssertEqual(Key.parse(Array("q".utf8)), [.character("q")])
        XCTAssertEqual(Key.parse([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42]), [.up, .down])
        XCTAssertEqual(Key.parse(Array("\u{1B}[5~\u{1B}[6~\u{1B}OH\u{1B}[F".utf8)), [.pageUp, .pageDown, .home, .end])
        XCTAssertEqual(Key.parse([0x09, 0x1B, 0x5B, 0x5A]), [.tab, .backTab])
        XCTAssertEqual(Key.parse(Array("\u{1B}[1;5Cx".utf8)), [.character("x")], "an unknown sequence is dropped whole")
        XCTAssertEqual(Key.parse([0x1B]), [.escape], "a lone ESC is the Esc key")
        XCTAssertEqual(Key.parse([0x1B, 0x71]), [.escape, .character("q")])
        XCTAssertEqual(Key.parse([0x0D, 0x7F, 0x0E, 0x10]), [.enter, .backspace, .control("n"), .control("p")])
        XCTAssertEqual(Key.parse(Array("\u{1B}[D\u{1B}[C".utf8)), [.left, .right])
        XCTAssertEqual(Key.parse(Array("é幅".utf8)), [.character("é"), .character("幅")], "typed UTF-8 is whole characters")
        XCTAssertEqual(Key.parse([0xC3]), [], "half a character is dropped")
    }

    func testStatusLinesTakeAtMostHalfTheScreen() {
        XCTAssertEqual(StatusPanel.rows(sourceCount: 1, screenRows: 24), 1)
        XCTAssertEqual(StatusPanel.rows(sourceCount: 12, screenRows: 24), 12)
        XCTAssertEqual(StatusPanel.rows(sourceCount: 13, screenRows: 24), 12, "a window and a tally line")
        XCTAssertEqual(StatusPanel.rows(sourceCount: 10_000, screenRows: 4), 2)
    }

    func testAWindowOfStatusLinesAroundTheFocus() {
        XCTAssertEqual(StatusPanel.window(sourceCount: 3, focus: 2, room: 3), 0..<3, "all fit: no tally")
        XCTAssertEqual(StatusPanel.window(sourceCount: 20, focus: 0, room: 5), 0..<4, "the rest below")
        XCTAssertEqual(StatusPanel.window(sourceCount: 20, focus: 10, room: 5), 8..<12, "some on each side")
        XCTAssertEqual(StatusPanel.window(sourceCount: 20, focus: 19, room: 5), 16..<20, "the rest above")
    }

    func testTheTallySitsWhereTheHiddenSourcesAre() {
        let above = StatusPanel.Tally(above: ["loaded", "failed", "loaded"], below: [])
        XCTAssertTrue(above.sitsAbove)
        XCTAssertEqual(above.text, "  … 3 above: 2 loaded, 1 failed")
        let below = StatusPanel.Tally(above: [], below: ["idle", "loading"])
        XCTAssertFalse(below.sitsAbove)
        XCTAssertEqual(below.text, "  … 2 below: 1 loading, 1 idle")
        let both = StatusPanel.Tally(above: ["loaded", "loaded", "failed"], below: ["loaded", "loaded", "loaded", "loaded", "failed"])
        XCTAssertFalse(both.sitsAbove, "one line, at the bottom")
        XCTAssertEqual(both.text, "  … 3 above, 5 below: 6 loaded, 2 failed")
    }

    func testStatusLinesAlignPastNineSources() {
        let lines = StatusPanel.lines(count: 12, focus: 9, room: 12, width: 40, line: { index, _ in "source \(index + 1)" },
                                      state: { _ in "loaded" })
        XCTAssertEqual(lines[8], "   9 source 9")
        XCTAssertEqual(lines[9], "▶ 10 source 10")
        XCTAssertEqual(Set(lines.map { $0.distance(from: $0.startIndex, to: $0.firstIndex(of: "s")!) }).count, 1, "every name starts in the same column: \(lines)")
    }
}
