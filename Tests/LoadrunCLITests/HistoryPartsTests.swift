import Loader
import Store
@testable import LoadrunCLI
import Plugins
import Screen
import XCTest

/// The history's pure parts: what `--unseen` keeps of a rendering or a document, the line
/// diff, what changed between versions, and earlier runs' versions put before this run's.
final class HistoryPartsTests: XCTestCase {
    func testUnseenKeepsTheHeaderTheChosenItemsAndWhatFollows() {
        let rendered = RenderedItems(text: "id  title\n1   one\n    more\n2   two\n3   three\n… 9 more\n", itemLines: [1, 3, 4], end: 5)
        XCTAssertEqual(UnseenItems.text(rendered, keeping: [0, 2]), "id  title\n1   one\n    more\n3   three\n… 9 more\n")
        XCTAssertEqual(UnseenItems.text(rendered, keeping: [7]), "id  title\n… 9 more\n", "a place past the items is none")
    }

    func testUnseenKeepsTheChosenItemsOfAnArrayOrAFeed() {
        XCTAssertEqual(UnseenItems.json(#"[{"id": 1}, {"id": 2}, {"id": 3}]"#, keeping: [1, 2],
                                        keys: .init(kept: ["id:2", "id:3"], all: ["id:1", "id:2", "id:3"]), context: RenderContext()),
                       "[\n  {\n    \"id\": 2\n  },\n  {\n    \"id\": 3\n  }\n]")
        let feed = #"{"title": "f", "items": [{"id": "a"}, {"id": "b"}]}"#
        XCTAssertEqual(UnseenItems.json(feed, keeping: [1], keys: .init(kept: ["id:b"], all: ["id:a", "id:b"]), context: RenderContext()),
                       "{\n  \"title\": \"f\",\n  \"items\": [\n    {\n      \"id\": \"b\"\n    }\n  ]\n}")
        XCTAssertEqual(UnseenItems.json("\"text\"", keeping: [], context: RenderContext()), "\"text\"")
    }

    func testAFeedsItemsAreKeptByIdNotByPlace() {
        // The list is newest first, the JSON in the document's order: place 0 of the list is
        // the last item of the document.
        let feed = #"{"items": [{"id": "old"}, {"id": "mid"}, {"id": "new"}, {"id": "4", "title": "no id"}]}"#
        // The last has JSON Feed's stand-in id, which the list does not know it by: its place decides.
        XCTAssertEqual(UnseenItems.json(feed, keeping: [0, 3], keys: .init(kept: ["id:new"], all: ["id:old", "id:mid", "id:new"]),
                                        context: RenderContext().compacted),
                       #"{"items":[{"id":"new"},{"id":"4","title":"no id"}]}"#)
    }

    func testALineDiffShowsTheChangesWithTheirContext() {
        let old = ["a", "b", "c", "d", "e", "f", "g", "h"]
        let new = ["a", "b", "C", "d", "e", "f", "g", "h", "i"]
        XCTAssertEqual(LineDiff.hunks(LineDiff.lines(from: old, to: new), context: 1),
                       ["  b", "- c", "+ C", "  d", "…", "  h", "+ i"])
        XCTAssertEqual(LineDiff.hunks(LineDiff.lines(from: old, to: old)), [])
    }

    func testWhatChangedBetweenTwoVersionsOfAList() {
        func version(_ items: [(String, String)]?) -> HistoryStore.Version {
            HistoryStore.Version(number: 1, seenAt: 0, lastSeen: 0, status: 200, size: 0,
                                 items: items?.map { HistoryStore.Item(key: $0.0, hash: $0.1) }, fingerprint: 0)
        }
        let change = HistoryChange(version([("id:1", "a"), ("id:2", "b"), ("id:3", "c")]), version([("id:2", "B"), ("id:3", "c"), ("id:4", "d"), ("id:5", "e")]))
        XCTAssertEqual(change.items, HistoryChange.Items(added: 2, removed: 1, changed: 1))
        XCTAssertEqual(change.words, "+2 −1 ~1 items")
        XCTAssertEqual(HistoryChange(version(nil), version([])).words, "changed")
        XCTAssertEqual(HistoryChange(version([("id:1", "a")]), version([("id:1", "a")])).words, "same items")
        // Issue 41: one item added said "+1 items".
        XCTAssertEqual(HistoryChange(version([("id:1", "a")]), version([("id:1", "a"), ("id:2", "b")])).words, "+1 item")
        XCTAssertEqual(HistoryChange(version([("id:1", "a")]), version([("id:2", "b")])).words, "+1 −1 items")
    }

    func testEarlierVersionsGoBeforeThisRunsWithinTheLimits() {
        var history = VersionHistory<Int>(maxCount: 4)
        for version in [10, 11] { history.record(version, bytes: 1, at: WallTime(seconds: version, timeOfDay: "")) }
        XCTAssertTrue(history.stepBack())
        history.prepend(earlier: [1, 2, 3].map { (version: $0, bytes: 1, time: WallTime(seconds: $0, timeOfDay: "day")) })
        XCTAssertEqual(history.count, 4, "room for the newest two of the three")
        XCTAssertEqual(history.current?.version, 10, "the view stays where it was")
        XCTAssertTrue(history.stepBack())
        XCTAssertEqual(history.current?.version, 3)
        XCTAssertTrue(history.stepBack())
        XCTAssertEqual(history.current?.version, 2)
        XCTAssertFalse(history.stepBack())
    }
}
