import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import Store
@testable import Loader
import XCTest

/// The history on real SQLite files in a directory of the test's own: what it records, what
/// it keeps, what it gives back, and a file that is damaged.
final class HistoryStoreTests: XCTestCase {
    private var directory: String!
    private var problems: [StoreProblem] = []

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-history-\(UUID().uuidString)").path
        problems = []
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func store(limit: Int = HistoryStore.defaultLimit) -> HistoryStore {
        HistoryStore(directory: directory, limit: limit) { [unowned self] in problems.append($0) }
    }

    private func load(_ body: String, at: Int, keep: Int = 100, items: [String]? = nil, name: String = "posts") -> HistoryStore.Load {
        HistoryStore.Load(source: name, url: "http://a.test/\(name)", at: at, status: 200, etag: "\"\(at)\"", lastModified: nil,
                          contentType: "application/json", plugin: "posts", program: nil, content: ZlibCodec.compress(Array(body.utf8)),
                          size: body.utf8.count,
                          fingerprint: ContentFingerprint.of(Array(body.utf8)), items: items.map { $0.map { .init(key: "id:" + $0, hash: $0) } },
                          keep: keep)
    }

    func testTheSameContentAgainOnlyMovesItsLastSeenTime() throws {
        let history = store()
        history.record([load("[1]", at: 1_000, items: ["1"])])
        history.record([load("[1]", at: 2_000, items: ["1"])])
        history.record([load("[1,2]", at: 3_000, items: ["1", "2"])])
        let source = try XCTUnwrap(store().sources()?.first, "another process reads it")
        XCTAssertEqual(source.name, "posts")
        XCTAssertEqual(source.versions, 2)
        XCTAssertEqual(source.firstSeen, 1_000)
        XCTAssertEqual(source.lastSeen, 3_000)
        let versions = try XCTUnwrap(history.versions(of: source.id))
        XCTAssertEqual(versions.map(\.number), [2, 1], "newest first")
        XCTAssertEqual(versions.map(\.seenAt), [3_000, 1_000])
        XCTAssertEqual(versions[1].lastSeen, 2_000)
        XCTAssertEqual(versions[0].items?.map(\.key), ["id:1", "id:2"])
        let stored = try XCTUnwrap(history.version(1, of: source.id))
        XCTAssertEqual(stored.body, Array("[1]".utf8), "the content comes back as it was")
        XCTAssertEqual(stored.contentType, "application/json")
        XCTAssertTrue(problems.isEmpty, "\(problems)")
    }

    /// Issue 57: `loadrun history bret` said `no history of bret; it has user1.rss` when the
    /// run named bret found the same content as one before it under the URL's file name.
    func testTheSameContentUnderAnotherNameTakesTheNameTheLastRunGave() throws {
        let history = store()
        var first = load("[1]", at: 1_000, name: "user1.rss")
        first.url = "http://a.test/user1.rss"
        history.record([first])
        var again = load("[1]", at: 2_000, name: "bret")
        again.url = first.url
        again.sameAs = try XCTUnwrap(history.lastVersions(of: [first.url]).first ?? nil)
        history.record([again])
        let source = try XCTUnwrap(store().sources()?.first)
        XCTAssertEqual(source.name, "bret")
        XCTAssertEqual(source.versions, 1, "still one version")
        XCTAssertEqual(source.lastSeen, 2_000)
    }

    func testKeepBoundsTheVersionsOfEachSource() throws {
        let history = store()
        for run in 1...6 { history.record([load("[\(run)]", at: run, keep: 4), load("{\"run\": \(run)}", at: run, name: "other")]) }
        let sources = try XCTUnwrap(history.sources())
        let posts = try XCTUnwrap(sources.first { $0.name == "posts" })
        XCTAssertEqual(history.versions(of: posts.id)?.map(\.number), [6, 5, 4, 3], "numbers are never reused")
        XCTAssertEqual(sources.first { $0.name == "other" }?.versions, 6, "another source keeps its own")
    }

    func testTheTotalCapDropsTheOldestVersionsButEachSourcesNewest() throws {
        let history = store(limit: 64 << 10)
        // Random bytes do not compress: each version costs about its size.
        for run in 1...12 {
            let body = (0..<16_384).map { _ in UInt8.random(in: 0...255) }
            var load = load("", at: run)
            load.content = ZlibCodec.compress(body)
            load.fingerprint = ContentFingerprint.of(body)
            history.record([load])
        }
        let posts = try XCTUnwrap(history.sources()?.first)
        let numbers = try XCTUnwrap(history.versions(of: posts.id)).map(\.number)
        XCTAssertLessThan(numbers.count, 5, "\(numbers)")
        XCTAssertEqual(numbers.first, 12, "the newest stays")
    }

    func testTheItemsShownAreThoseOfTheVersionsBeforeTheRunAndASourceIsItsURL() throws {
        let history = store()
        XCTAssertEqual(history.itemsShown(by: "http://a.test/posts", before: 10_000)?.keys, [])
        history.record([load("[1,2]", at: 1_000, items: ["1", "2"])])
        history.record([load("[1,2]", at: 2_000, items: ["1", "2"])])
        history.record([load("[2,3]", at: 3_000, items: ["2", "3"])])
        let shown = try XCTUnwrap(store().itemsShown(by: "http://a.test/posts", before: 2_500))
        XCTAssertEqual(shown.keys, ["id:1", "id:2"], "the version first seen at 3,000 is the run's own")
        XCTAssertEqual(shown.lastRun, 2_000, "the last run that loaded those")
        XCTAssertEqual(history.itemsShown(by: "http://a.test/posts", before: 9_000)?.keys, ["id:1", "id:2", "id:3"])
        var renamed = load("[2,3]", at: 4_000, items: ["2", "3"])
        renamed.source = "posts-2"
        history.record([renamed])
        XCTAssertEqual(history.sources()?.map(\.name), ["posts-2"], "one source by its URL, under the name it was last given")
        XCTAssertEqual(history.sources()?.first?.versions, 2)
    }

    func testABatchALockKeptOutIsToldAndTheStoreTakesTheNextOne() throws {
        let history = store()
        XCTAssertTrue(history.record([load("[1]", at: 1_000)]))
        let other = try SQLiteDatabase(path: history.path)
        try other.execute("BEGIN IMMEDIATE")
        XCTAssertFalse(history.record([load("[2]", at: 2_000)]), "held past the busy timeout: to be tried again")
        XCTAssertEqual(problems.last, .history(.busy(path: history.path)))
        try other.execute("COMMIT")
        XCTAssertTrue(history.record([load("[2]", at: 2_000)]), "once the lock is gone, the same batch goes in")
        XCTAssertTrue(history.record([load("[3]", at: 3_000)]), "and the writes after it: the store was not given up")
        XCTAssertEqual(history.sources()?.first?.versions, 3)
    }

    func testAKeyWithALineBreakOrATabIsOneKeyOnEveryRun() throws {
        let history = store()
        let keys = ["guid:https://a.test/1\n      ", "guid:a\tb", "guid:back\\slash\\n", "guid:crlf\r\nend", "id:2"]
        var first = load("[1]", at: 1_000)
        first.items = keys.map { .init(key: $0, hash: "h") }
        history.record([first])
        XCTAssertEqual(try XCTUnwrap(store().itemsShown(by: "http://a.test/posts", before: 2_000)).keys, Set(keys))
        XCTAssertEqual(HistoryStore.items(fromText: HistoryStore.itemsText(first.items!)).map(\.key), keys)
    }

    func testAFileOfGarbageIsMovedAsideNamedAndANewHistoryStarted() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + HistoryStore.fileName
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        let history = store()
        history.record([load("[1]", at: 1)])
        XCTAssertEqual(problems.count, 1, "\(problems)")
        guard case .history(.damaged(path, path + ".damaged", _))? = problems.first else { return XCTFail("\(problems)") }
        XCTAssertTrue(problems[0].description.hasPrefix("the history \(path) is damaged"), problems[0].description)
        history.record([load("[2]", at: 2)])
        XCTAssertEqual(history.sources()?.first?.versions, 2, "the load that met the damage is in the new history, and so is the next")
        XCTAssertEqual(problems.count, 1, "told once")
    }

    func testAnotherProgramsDatabaseIsMovedAsideNeverWrittenInto() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + HistoryStore.fileName
        do {
            let foreign = try SQLiteDatabase(path: path)
            try foreign.execute("CREATE TABLE notes (text); INSERT INTO notes VALUES ('mine')")
        }
        let history = store()
        history.record([load("[1]", at: 1)])
        guard case .history(.notLoadruns(path, path + ".damaged", let reason, nil))? = problems.first else { return XCTFail("\(problems)") }
        XCTAssertEqual(reason, "it is another program's database")
        XCTAssertEqual(try SQLiteDatabase(path: path + ".damaged").integer("SELECT count(*) FROM sqlite_master WHERE name = 'versions'"), 0,
                       "no table of loadrun's written into it")
        XCTAssertEqual(history.sources()?.first?.versions, 1, "a new history took the load")
        XCTAssertEqual(try SQLiteDatabase(path: path).integer("PRAGMA application_id"), StoreFile.applicationID, "marked as loadrun's")
    }

    /// Tables of loadrun's names are not enough: their columns must be loadrun's too. A file
    /// an earlier loadrun marked by the names alone is looked at again: with no layout yet, at
    /// its opening; with one (stamped by that loadrun's migration), at its first statement.
    func testAnotherProgramsDatabaseWithTheSameTableNamesIsMovedAsideMarkedOrNot() throws {
        for (marked, layout) in [(false, 0), (true, 0), (true, 2)] {
            try? FileManager.default.removeItem(atPath: directory)
            problems = []
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let path = directory + "/" + HistoryStore.fileName
            do {
                let foreign = try SQLiteDatabase(path: path)
                try foreign.execute("CREATE TABLE sources (a); CREATE TABLE versions (b); CREATE TABLE contents (c); CREATE TABLE totals (d);"
                                    + "CREATE TABLE reads (e); INSERT INTO sources VALUES ('mine')")
                if marked { try foreign.execute("PRAGMA application_id = \(StoreFile.applicationID); PRAGMA user_version = \(layout)") }
            }
            let history = store()
            history.record([load("[1]", at: 1)])
            guard case .history(.notLoadruns(path, path + ".damaged", let reason, nil))? = problems.first else { return XCTFail("\(problems)") }
            if layout == 0 {
                XCTAssertEqual(reason, "it is another program's database, with tables of the same names")
            } else {
                XCTAssertTrue(reason.hasPrefix("no such column"), reason)
            }
            XCTAssertEqual(try SQLiteDatabase(path: path + ".damaged").integer("SELECT count(*) FROM sources WHERE a = 'mine'"), 1, "left whole")
            XCTAssertEqual(history.sources()?.first?.versions, 1, "a new history took the load (marked: \(marked))")
            XCTAssertEqual(problems.count, 1, "\(problems)")
            store().record([load("[2]", at: 2)])
            XCTAssertEqual(problems.count, 1, "the next run's history is the new one: \(problems)")
        }
    }

    /// A history kept elsewhere through a link is the user's choice; a link to a file of theirs
    /// that is no database is moved aside, the file left as it is, and said as such.
    func testALinkToTheUsersOwnTextFileIsSaidAsALinkAndTheFileKept() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let notes = directory + "/notes.txt"
        try String(repeating: "my own notes, not a database\n", count: 200).write(toFile: notes, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(notes, 0o644), 0)
        let path = directory + "/" + HistoryStore.fileName
        XCTAssertEqual(symlink(notes, path), 0)
        let history = store()
        history.record([load("[1]", at: 1)])
        guard case .history(.notLoadruns(path, path + ".damaged", _, notes))? = problems.first else { return XCTFail("\(problems)") }
        let words = problems[0].description
        XCTAssertTrue(words.contains("is a link to \(notes), which SQLite cannot read as loadrun's"), words)
        XCTAssertTrue(words.contains("\(notes) is left as it is"), words)
        XCTAssertFalse(words.contains("damaged ("), words)
        XCTAssertTrue(try String(contentsOfFile: notes, encoding: .utf8).hasPrefix("my own notes"), "the user's file untouched")
        var info = stat()
        XCTAssertEqual(stat(notes, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o644, "its mode too")
        XCTAssertEqual(history.sources()?.first?.versions, 1, "a new history took the load")
    }

    func testAnOlderLayoutIsMigratedStepByStep() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let old = StoreFile(directory: directory, fileName: "t.sqlite", schema: "CREATE TABLE t (a); PRAGMA user_version = 1;", layout: 1,
                            report: { XCTFail("\($0)") })
        old.attempt { (database) throws(SQLiteError) in try database.execute("INSERT INTO t VALUES (1)") }
        let new = StoreFile(directory: directory, fileName: "t.sqlite", schema: "CREATE TABLE t (a, b, c); PRAGMA user_version = 3;",
                            layout: 3, migrations: [1: "ALTER TABLE t ADD b", 2: "ALTER TABLE t ADD c"], report: { XCTFail("\($0)") })
        let row = new.attempt { (database) throws(SQLiteError) -> Int in
            try database.integer("SELECT count(*) FROM t WHERE b IS NULL AND c IS NULL")
        }
        XCTAssertEqual(row, 1, "the old row, in the new layout")
        XCTAssertEqual(new.attempt { (database) throws(SQLiteError) -> Int in try database.integer("PRAGMA user_version") }, 3)
    }

    func testZlibRoundTrips() {
        let text = Array(String(repeating: "loading states are a contract ", count: 1_000).utf8)
        let packed = ZlibCodec.compress(text) ?? []
        XCTAssertLessThan(packed.count, text.count / 10)
        XCTAssertEqual(ZlibCodec.decompress(packed, limit: 1 << 20), text)
        XCTAssertNil(ZlibCodec.decompress(packed, limit: 100), "past the limit")
        XCTAssertNil(ZlibCodec.decompress(Array("not zlib".utf8), limit: 1 << 20))
        XCTAssertEqual(ZlibCodec.decompress(ZlibCodec.compress([]) ?? [1], limit: 10), [])
    }
}
