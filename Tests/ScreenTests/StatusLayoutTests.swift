import XCTest
@testable import Screen

/// Status parts laid out for a width: the least useful words give way first, what must stay
/// stays, and a name is cut last.
final class StatusLayoutTests: XCTestCase {
    private let posts = StatusPart.cut("posts")
    private let success = StatusPart(("last success 12:02:34", 20), ("ok 12:02:34", 60))
    private let countdown = StatusPart.kept("next in 3 s")
    private let items = StatusPart(("12 items, > for more", 30), ("12 items", 40))

    func testEverythingWhenItFits() {
        let line = StatusLayout.fit([posts, .kept("loaded"), success, countdown, items], width: 200)
        XCTAssertEqual(line, "posts · loaded · last success 12:02:34 · next in 3 s · 12 items, > for more")
    }

    func testTheLowestPriorityGivesWayFirstWhicheverPartItIsIn() {
        let parts = [posts, .kept("loaded"), success, countdown, items]
        let full = StatusLayout.fit(parts, width: 200)
        // Each width one column short of the richer line gets the next step down.
        let steps = [
            "posts · loaded · ok 12:02:34 · next in 3 s · 12 items, > for more",
            "posts · loaded · ok 12:02:34 · next in 3 s · 12 items",
            "posts · loaded · ok 12:02:34 · next in 3 s",
            "posts · loaded · next in 3 s",
        ]
        var previous = full
        for step in steps {
            XCTAssertEqual(StatusLayout.fit(parts, width: previous.count - 1), step)
            XCTAssertEqual(StatusLayout.fit(parts, width: step.count), step, "exactly the width fits")
            previous = step
        }
    }

    func testWhatMustStayStaysAndTheNameIsCutLast() {
        let parts = [posts, .kept("loaded"), success, countdown]
        XCTAssertEqual(StatusLayout.fit(parts, width: 28), "posts · loaded · next in 3 s")
        XCTAssertEqual(StatusLayout.fit(parts, width: 27), "pos… · loaded · next in 3 s")
        XCTAssertEqual(StatusLayout.fit(parts, width: 24), "… · loaded · next in 3 s", "the ellipsis says a name was there")
        XCTAssertEqual(StatusLayout.fit(parts, width: 10), "… · loade…", "past that, the line itself is cut")
        XCTAssertEqual(StatusLayout.fit(parts, width: 0), "")
    }

    func testNarrowerNeverSaysMore() {
        // Shortening the As is not enough at 20 columns, dropping the Bs is; the As, less
        // useful than the Bs, do not come back whole in the room that leaves.
        let parts = [StatusPart.kept("N"), StatusPart(("AAAAA", 10), ("AAAA", .max), last: .kept), StatusPart(("BBBBBBBBBB", 20))]
        XCTAssertEqual(StatusLayout.fit(parts, width: 22), "N · AAAAA · BBBBBBBBBB")
        XCTAssertEqual(StatusLayout.fit(parts, width: 21), "N · AAAA · BBBBBBBBBB")
        XCTAssertEqual(StatusLayout.fit(parts, width: 20), "N · AAAA")
    }

    func testAPartCutAtItsPriorityKeepsItsMinimumUntilTheLastResort() {
        let parts = [StatusPart.kept("failed"), .cut("abcdefghij klmnop", priority: 5, minimum: 8, separator: " — "),
                     StatusPart(("extra", 10)), .kept("end")]
        XCTAssertEqual(StatusLayout.fit(parts, width: 38, separator: "; "), "failed — abcdefghij klmnop; extra; end")
        XCTAssertEqual(StatusLayout.fit(parts, width: 36, separator: "; "), "failed — abcdefghij…; extra; end", "cut first, to fit")
        XCTAssertEqual(StatusLayout.fit(parts, width: 28, separator: "; "), "failed — abcdefghij…; end",
                       "under 8 columns it would be, so extra goes, and the cut part takes the room left")
        XCTAssertEqual(StatusLayout.fit(parts, width: 26, separator: "; "), "failed — abcdefghij…; end", "no space before the …")
        XCTAssertEqual(StatusLayout.fit(parts, width: 15, separator: "; "), "failed — …; end", "under its minimum as a last resort")
    }

    func testOnATieTheLaterPartGivesWayFirst() {
        let parts = [StatusPart.kept("x"), StatusPart(("first", 5)), StatusPart(("second", 5))]
        XCTAssertEqual(StatusLayout.fit(parts, width: 9), "x · first")
    }

    func testAPartsOwnSeparatorAndNoneBeforeTheFirstPartShown() {
        let parts = [StatusPart(("lead", 1)), .kept("failed 12:03:04"), .cut("HTTP 503", separator: " — "), .kept("retry in 4 s")]
        XCTAssertEqual(StatusLayout.fit(parts, width: 200, separator: "; "), "lead; failed 12:03:04 — HTTP 503; retry in 4 s")
        XCTAssertEqual(StatusLayout.fit(parts, width: 40, separator: "; "), "failed 12:03:04 — HTTP 503; retry in 4 s")
    }

    func testWideCharactersCountTwoColumns() {
        let parts = [StatusPart.cut("日本語のソース"), .kept("loaded")]
        XCTAssertEqual(StatusLayout.fit(parts, width: 15), "日本… · loaded", "語 would take the 5th and 6th columns")
    }
}
