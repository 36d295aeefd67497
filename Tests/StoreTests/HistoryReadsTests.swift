import Foundation
@testable import Store
@testable import Loader
import XCTest

/// The history's read marks on real SQLite files: kept across stores (runs), by source URL and
/// item key, taken back, bounded per source, and added to a history of the layout before them.
final class HistoryReadsTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-reads-\(UUID().uuidString)").path
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func store() -> HistoryStore {
        HistoryStore(directory: directory) { XCTFail("\($0)") }
    }

    func testMarksOutliveTheRunAndAreKeptPerSource() {
        XCTAssertTrue(store().mark(["id:1", "id:2"], of: "http://a.test/feed", read: true, at: 1_000))
        XCTAssertTrue(store().mark(["id:1"], of: "http://a.test/other", read: true, at: 1_000))
        let reads = store().readItems(of: ["http://a.test/feed", "http://a.test/none"])
        XCTAssertEqual(reads, ["http://a.test/feed": ["id:1", "id:2"]], "the next run reads them, this source's only")
        XCTAssertTrue(store().mark(["id:2"], of: "http://a.test/feed", read: false, at: 2_000))
        XCTAssertEqual(store().readItems(of: ["http://a.test/feed"])?["http://a.test/feed"], ["id:1"], "marked unread again")
    }

    func testFiltersOutliveTheRunNewestFirstAndBounded() {
        XCTAssertTrue(store().keepFilter(".a", of: "http://a.test/doc", at: 1))
        XCTAssertTrue(store().keepFilter(".b", of: "http://a.test/doc", at: 2))
        XCTAssertTrue(store().keepFilter(".a", of: "http://a.test/doc", at: 3))
        XCTAssertTrue(store().keepFilter(".c", of: "http://a.test/other", at: 4))
        XCTAssertEqual(store().filters(of: ["http://a.test/doc"]), ["http://a.test/doc": [".a", ".b"]], "used again, first again")
        let history = store()
        for number in 0..<(HistoryStore.filtersKept + 3) { XCTAssertTrue(history.keepFilter(".n\(number)", of: "http://a.test/many", at: 10 + number)) }
        let kept = history.filters(of: ["http://a.test/many"])?["http://a.test/many"] ?? []
        XCTAssertEqual(kept.count, HistoryStore.filtersKept)
        XCTAssertEqual(kept.first, ".n\(HistoryStore.filtersKept + 2)")
    }

    func testASourceKeepsItsNewestMarks() {
        let history = store()
        let keys = (0..<(HistoryStore.readsKept + 5)).map { "id:\($0)" }
        for (offset, chunk) in stride(from: 0, to: keys.count, by: 1000).enumerated() {
            XCTAssertTrue(history.mark(Array(keys[chunk..<min(chunk + 1000, keys.count)]), of: "http://a.test/feed", read: true, at: offset))
        }
        let kept = history.readItems(of: ["http://a.test/feed"])?["http://a.test/feed"] ?? []
        XCTAssertLessThanOrEqual(kept.count, HistoryStore.readsKept)
        XCTAssertTrue(kept.contains("id:\(keys.count - 1)"), "the newest stay")
        XCTAssertFalse(kept.contains("id:0"), "the oldest went")
    }

    func testAHistoryOfTheLayoutBeforeGetsItsReadMarksAndKeepsItsVersions() throws {
        try historyOfTheLayoutBefore(marked: true)
    }

    /// A file of the layout before that a loadrun older still made unmarked (no
    /// `application_id`): its tables are those of layout 1, and it is loadrun's all the same.
    func testAnUnmarkedHistoryOfTheLayoutBeforeIsMigratedNotMovedAside() throws {
        try historyOfTheLayoutBefore(marked: false)
    }

    private func historyOfTheLayoutBefore(marked: Bool) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + HistoryStore.fileName
        do {
            let old = try SQLiteDatabase(path: path)
            try old.execute("""
                CREATE TABLE sources (id INTEGER PRIMARY KEY, name TEXT NOT NULL, url TEXT NOT NULL,
                    first_seen INTEGER NOT NULL, last_seen INTEGER NOT NULL, UNIQUE (url));
                CREATE TABLE versions (id INTEGER PRIMARY KEY, source INTEGER NOT NULL, number INTEGER NOT NULL,
                    seen_at INTEGER NOT NULL, last_seen INTEGER NOT NULL, status INTEGER, etag TEXT, last_modified TEXT,
                    content_type TEXT, plugin TEXT NOT NULL, program TEXT, size INTEGER NOT NULL,
                    fingerprint INTEGER NOT NULL, UNIQUE (source, number));
                CREATE TABLE contents (version INTEGER PRIMARY KEY, stored INTEGER NOT NULL, content BLOB, items TEXT);
                CREATE TABLE totals (bytes INTEGER NOT NULL);
                INSERT INTO totals VALUES (0);
                INSERT INTO sources VALUES (1, 'feed', 'http://a.test/feed', 1, 1);
                PRAGMA application_id = \(marked ? StoreFile.applicationID : 0);
                PRAGMA user_version = 1;
                """)
        }
        let history = store()
        XCTAssertTrue(history.mark(["id:1"], of: "http://a.test/feed", read: true, at: 5))
        XCTAssertEqual(history.readItems(of: ["http://a.test/feed"])?["http://a.test/feed"], ["id:1"])
        XCTAssertEqual(try SQLiteDatabase(path: path).integer("SELECT count(*) FROM sources"), 1, "the file was migrated, not replaced")
        XCTAssertTrue(history.keepFilter(".title", of: "http://a.test/feed", at: 6), "and its filters (layout 3)")
        XCTAssertEqual(try SQLiteDatabase(path: path).integer("PRAGMA user_version"), 3)
    }
}
