import XCTest
@testable import Screen

/// A pane of the full-screen view as a value in memory: what it draws for its cursor and its
/// search, and the footer's keys for where the user is.
final class PaneTests: XCTestCase {
    /// Five items of two lines each.
    private func list() -> Pane {
        var pane = Pane()
        let text = (1...5).map { "item \($0)\n  body \($0)\n" }.joined()
        pane.show(text, items: [0, 2, 4, 6, 8])
        return pane
    }

    func testTheSelectedItemIsMarkedInTheMarginAndOtherRowsAreIndented() {
        var pane = list()
        pane.cursor.move(by: 1, in: pane.layout(rows: 4))
        XCTAssertEqual(pane.visibleRows(rows: 4, allowsStyling: false), ["  item 1", "    body 1", "▌ item 2", "▌   body 2"])
        XCTAssertNil(pane.position(rows: 10), "everything fits")
        XCTAssertEqual(pane.position(rows: 4), "lines 1–4 of 10")
    }

    func testTextSplitsIntoLinesAsCharactersWould() {
        let texts = ["", "\n", "\n\n", "a", "a\n", "a\nb", "a\n\nb\n", "幅\né\u{301}\n😀", "a\r\nb\n", "\r\n", "x\ry\n",
                     "\u{1B}[1mbold\u{1B}[0m\n  body\n"]
        for text in texts {
            var expected = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if expected.last == "" { expected.removeLast() }
            XCTAssertEqual(Pane.split(text), expected, text.debugDescription)
        }
    }

    func testContentThatIsNoListHasNoMargin() {
        var pane = Pane()
        pane.show("a title\n\nsome text\n", items: nil)
        XCTAssertEqual(pane.visibleRows(rows: 5, allowsStyling: false), ["a title", "", "some text"])
        XCTAssertFalse(pane.hasItems)
    }

    func testAListLeftForADetailComesBackAsItWas() {
        var pane = list()
        pane.cursor.move(by: 3, in: pane.layout(rows: 4))
        let before = pane.cursor
        // A detail pane of its own comes and goes; the list's pane is not touched meanwhile.
        var detail = Pane()
        detail.show("detail\n", items: nil)
        detail.cursor.move(by: 5, in: detail.layout(rows: 4))
        XCTAssertEqual(pane.cursor, before)
        // New content of the same list (a reload) keeps the selection where it can.
        pane.show((1...5).map { "item \($0)!\n  body\n" }.joined(), items: [0, 2, 4, 6, 8])
        pane.cursor.clamp(to: pane.layout(rows: 4))
        XCTAssertEqual(pane.cursor.selection, 3)
    }

    func testSearchMovesToTheFirstMatchOnScreenThenStepsAndWraps() {
        var pane = list()
        pane.cursor.move(by: 2, in: pane.layout(rows: 4))
        pane.find("body", rows: 4)
        let search = try? XCTUnwrap(pane.search)
        XCTAssertEqual(search?.count, 5)
        XCTAssertEqual(search?.currentMatch(in: pane.lines)?.line, 3, "the first match at or below the top of the view")
        pane.stepSearch(forward: true, rows: 4)
        XCTAssertEqual(pane.cursor.selection, 2, "the match's item is selected")
        pane.stepSearch(forward: true, rows: 4)
        pane.stepSearch(forward: true, rows: 4)
        pane.stepSearch(forward: true, rows: 4)
        XCTAssertEqual(pane.search?.current, 0, "past the last, the first")
        pane.show("nothing here\n", items: nil)
        XCTAssertEqual(pane.search?.count, 0, "the search is kept over new content")
        pane.find(nil, rows: 4)
        XCTAssertNil(pane.search)
    }

    func testTheFooterOffersTheKeysThatApplyWhereTheUserIs() {
        let list = ScreenKeys.footer(ScreenKeys.Place(hasItems: true, canLoadMore: true, manySources: true, hasHistory: true,
                                                      reloadsOnInterval: true))
        XCTAssertTrue(list.hasPrefix("↑↓ select · Enter open · r reload · > next page · Tab or 1–9 switch · [ ] history · p pause"), list)
        let article = ScreenKeys.footer(ScreenKeys.Place())
        XCTAssertFalse(article.contains("> next page"), "a single article has no next page")
        XCTAssertFalse(article.contains("Enter"), "nor anything to open")
        let detail = ScreenKeys.footer(ScreenKeys.Place(inDetail: true, hasItems: true, canLoadMore: true, hasHistory: true, failed: true))
        XCTAssertTrue(detail.hasPrefix("Esc back · ↑↓ select · Enter show whole · r retry"), "a detail that is a list: \(detail)")
        let page = ScreenKeys.footer(ScreenKeys.Place(inDetail: true, failed: true))
        XCTAssertTrue(page.hasPrefix("Esc back · r retry"), page)
        XCTAssertFalse(detail.contains("history"), "history is the list's")
        XCTAssertTrue(ScreenKeys.footer(ScreenKeys.Place(reloadsOnInterval: true, isPaused: true)).contains("p resume"))
        let help = ScreenKeys.helpLines().joined(separator: "\n")
        for key in ["Enter", "Esc", "n  N", "Ctrl-N", "[  ]", "Space", "Ctrl-D", "g G", ">", "/", "?", "q  Ctrl-C"] {
            XCTAssertTrue(help.contains(key), key)
        }
    }
}
