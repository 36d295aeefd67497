import XCTest
@testable import Screen

/// The browse view's cursor as a value: selection, scrolling and paging over a list's items.
final class ListCursorTests: XCTestCase {
    /// Ten items of three lines each (30 lines), on a screen of 8 rows.
    private let list = ListCursor.PaneLayout(lineCount: 30, itemLines: Array(stride(from: 0, to: 30, by: 3)), rows: 8)

    func testTheFirstItemIsSelectedOnceAListShows() {
        var cursor = ListCursor()
        cursor.clamp(to: list)
        XCTAssertEqual(cursor.selection, 0)
        XCTAssertEqual(cursor.scroll, 0)
    }

    func testArrowsMoveTheSelectionAndScrollOnlyToKeepItInView() {
        var cursor = ListCursor(scroll: 0, selection: 0)
        cursor.move(by: 1, in: list)
        XCTAssertEqual(cursor, ListCursor(scroll: 0, selection: 1), "item 1 (lines 3–5) is on screen: no scroll")
        cursor.move(by: 1, in: list)
        XCTAssertEqual(cursor.selection, 2)
        XCTAssertEqual(cursor.scroll, 1, "item 2 ends at line 9: the view moves just enough to show it whole")
        cursor.move(by: -2, in: list)
        XCTAssertEqual(cursor, ListCursor(scroll: 0, selection: 0))
        cursor.move(by: -1, in: list)
        XCTAssertEqual(cursor.selection, 0, "the selection stops at the first item")
        cursor.move(by: 100, in: list)
        XCTAssertEqual(cursor.selection, 9, "and at the last")
        XCTAssertEqual(cursor.scroll, 22, "the last screen")
    }

    func testPagingScrollsByAScreenAndTakesTheSelectionAlongOnlyWhenItWouldLeave() {
        var cursor = ListCursor(scroll: 0, selection: 1)
        cursor.page(by: 1, in: list)
        XCTAssertEqual(cursor.scroll, 7, "a screen less a line of overlap")
        XCTAssertEqual(cursor.selection, 3, "the selection left the screen: the first item whole on it")
        cursor.page(by: -1, in: list)
        XCTAssertEqual(cursor.scroll, 0)
        XCTAssertEqual(cursor.selection, 1, "going up, the last item whole on screen (item 2 ends below row 8)")
        var staying = ListCursor(scroll: 0, selection: 2)
        staying.page(by: 1, in: ListCursor.PaneLayout(lineCount: 30, itemLines: list.itemLines, rows: 20))
        XCTAssertEqual(staying.selection, 4, "item 2 scrolled off at scroll 10, and item 3 starts above the top")
    }

    func testHomeAndEnd() {
        var cursor = ListCursor(scroll: 5, selection: 4)
        cursor.jump(toEnd: true, in: list)
        XCTAssertEqual(cursor, ListCursor(scroll: 22, selection: 9))
        cursor.jump(toEnd: false, in: list)
        XCTAssertEqual(cursor, ListCursor(scroll: 0, selection: 0))
    }

    func testContentThatIsNotAListScrollsLineByLine() {
        let article = ListCursor.PaneLayout(lineCount: 20, itemLines: nil, rows: 8)
        var cursor = ListCursor()
        cursor.move(by: 1, in: article)
        XCTAssertEqual(cursor, ListCursor(scroll: 1, selection: nil))
        cursor.move(by: 100, in: article)
        XCTAssertEqual(cursor.scroll, 12, "no further than the last screen")
        cursor.page(by: -1, in: article)
        XCTAssertEqual(cursor.scroll, 5)
    }

    func testNewContentKeepsTheSelectionInsideTheListAndOnScreen() {
        var cursor = ListCursor(scroll: 22, selection: 9)
        let shorter = ListCursor.PaneLayout(lineCount: 12, itemLines: [0, 3, 6, 9], rows: 8)
        cursor.clamp(to: shorter)
        XCTAssertEqual(cursor, ListCursor(scroll: 4, selection: 3))
    }

    func testAnItemTallerThanTheScreenShowsFromItsFirstLine() {
        let tall = ListCursor.PaneLayout(lineCount: 40, itemLines: [0, 2, 30], rows: 8)
        var cursor = ListCursor(scroll: 0, selection: 0)
        cursor.move(by: 1, in: tall)
        XCTAssertEqual(cursor.scroll, 2, "its first line at the top, not its last lines")
        cursor.page(by: 1, in: tall)
        XCTAssertEqual(cursor, ListCursor(scroll: 9, selection: 1), "paging reads on through the tall item")
        cursor.clamp(to: tall)
        XCTAssertEqual(cursor.scroll, 9, "and a redraw leaves it there")
    }

    func testRevealingASearchMatchSelectsItsItem() {
        var cursor = ListCursor(scroll: 0, selection: 0)
        cursor.reveal(line: 25, in: list)
        XCTAssertEqual(cursor.selection, 8, "line 25 is in item 8 (lines 24–26)")
        XCTAssertTrue((cursor.scroll..<(cursor.scroll + 8)).contains(25), "and it is on screen")
        XCTAssertEqual(list.item(atLine: 0), 0)
        XCTAssertEqual(list.item(atLine: 29), 9)
        XCTAssertNil(ListCursor.PaneLayout(lineCount: 5, itemLines: [2, 4], rows: 8).item(atLine: 1), "a header line is no item's")
    }
}
