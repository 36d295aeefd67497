import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import Store
@testable import Loader
import XCTest

/// The copy store on real SQLite files in a directory of the test's own: what it keeps, what
/// it drops, and what it does with a file that is damaged, foreign or in the way.
final class CopyStoreTests: XCTestCase {
    private var directory: String!
    private var problems: [StoreProblem] = []

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-store-\(UUID().uuidString)").path
        problems = []
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
        try? FileManager.default.removeItem(atPath: directory + "-state")
    }

    private func store(limit: Int = CopyStore.defaultLimit) -> CopyStore {
        CopyStore(directory: directory, keyDirectory: directory + "-state", limit: limit) { [unowned self] in problems.append($0) }
    }

    private func response(_ body: String, etag: String = "\"1\"") -> HTTPResponse {
        HTTPResponse(info: ResponseInfo(url: "http://a.test/x", headers: HTTPHeaders([
            ("Content-Type", "application/json"), ("ETag", etag), ("Set-Cookie", "session=secret"), ("Content-Length", "9"),
        ])), body: Array(body.utf8))
    }

    private func key(_ url: String) -> CopyKey { CopyKey(url: url, options: FetchOptions()) }

    func testACopyComesBackWithTheHeadersPluginsReadAndNoCookie() throws {
        let store = store()
        store.keep(response("[1,2,3]"), for: key("http://a.test/x"), url: "http://a.test/x")
        let copy = try XCTUnwrap(self.store().copy(for: key("http://a.test/x"), url: "http://a.test/x"), "another process finds it")
        XCTAssertEqual(copy.response.body, Array("[1,2,3]".utf8))
        XCTAssertEqual(copy.response.info.status, 200)
        XCTAssertEqual(copy.response.info.url, "http://a.test/x")
        XCTAssertEqual(copy.validators, CacheValidators(etag: "\"1\""))
        XCTAssertEqual(copy.response.info.headers["Content-Type"], "application/json")
        XCTAssertNil(copy.response.info.headers["Set-Cookie"], "cookies are never kept")
        XCTAssertNil(copy.response.info.headers["Content-Length"], "nor the wire's framing")
        XCTAssertEqual(problems, [])
        XCTAssertEqual(LocalFile.permissions(of: directory), 0o700)
        XCTAssertEqual(LocalFile.permissions(of: store.path), 0o600)
    }

    func testTheKeyIsTheURLAndTheHeadersThatChooseTheRepresentation() {
        let store = store()
        var withToken = FetchOptions()
        withToken.headers = [RequestHeader(name: "Authorization", value: "Bearer a")]
        store.keep(response("for a"), for: CopyKey(url: "http://a.test/x", options: withToken), url: "http://a.test/x")
        XCTAssertNil(store.copy(for: key("http://a.test/x"), url: "http://a.test/x"), "another user's copy is not this one's")
        XCTAssertNotNil(store.copy(for: CopyKey(url: "http://a.test/x", options: withToken), url: "http://a.test/x"))
        // Every file: in WAL mode the newest rows are in copies.sqlite-wal.
        let files = try? FileManager.default.contentsOfDirectory(atPath: directory)
        let text = (files ?? []).compactMap { try? String(contentsOfFile: directory + "/" + $0, encoding: .isoLatin1) }.joined()
        XCTAssertTrue(text.contains("http://a.test/x"), "the files were read")
        XCTAssertFalse(text.contains("Bearer a"), "no credential is written into the store")
    }

    func testTheLeastRecentlyUsedCopiesGoPastTheLimit() throws {
        let store = store(limit: 100)
        let forty = String(repeating: "x", count: 40)
        store.keep(response(forty), for: key("http://a.test/a"), url: "http://a.test/a")
        store.keep(response(forty), for: key("http://a.test/b"), url: "http://a.test/b")
        store.confirm(key("http://a.test/a"), validators: try XCTUnwrap(store.copy(for: key("http://a.test/a"), url: "a")?.validators))
        store.keep(response(forty), for: key("http://a.test/c"), url: "http://a.test/c")
        XCTAssertNotNil(store.copy(for: key("http://a.test/a"), url: "a"), "used most recently but one")
        XCTAssertNil(store.copy(for: key("http://a.test/b"), url: "b"), "used least recently")
        XCTAssertNotNil(store.copy(for: key("http://a.test/c"), url: "c"))
    }

    func testABodyOverTheLimitIsNotKeptAndTheOlderCopyGoes() {
        let store = store(limit: 10)
        store.keep(response("small"), for: key("http://a.test/x"), url: "x")
        store.keep(response("far too large to keep"), for: key("http://a.test/x"), url: "x")
        XCTAssertNil(store.copy(for: key("http://a.test/x"), url: "x"), "the old copy would be a lie offline")
    }

    func testACopyThatFailsItsChecksumIsDroppedAndToldOnce() throws {
        let store = store()
        store.keep(response("[1,2,3]"), for: key("http://a.test/x"), url: "http://user:pw@a.test/x")
        // Damage a body the way a disk does: SQLite's page is intact, the bytes are not.
        let database = try SQLiteDatabase(path: store.path)
        try database.execute("UPDATE copies SET body = CAST('[1,2,4]' AS BLOB)")
        XCTAssertNil(store.copy(for: key("http://a.test/x"), url: "http://user:pw@a.test/x"))
        XCTAssertNil(store.copy(for: key("http://a.test/x"), url: "http://user:pw@a.test/x"), "and it is gone")
        XCTAssertEqual(problems, [.damagedCopy(url: "http://user:***@a.test/x")])
    }

    /// A copy an earlier loadrun kept carries SHA-256's digest: still read, and still dropped
    /// when its bytes do not match it.
    func testACopyKeptWithAnEarlierChecksumIsStillReadAndChecked() throws {
        let store = store()
        store.keep(response("[1,2,3]", etag: "\"1\""), for: key("http://a.test/x"), url: "x")
        let database = try SQLiteDatabase(path: store.path)
        let statement = try database.prepare("SELECT headers, checksum FROM copies")
        XCTAssertTrue(try statement.step())
        let (headers, checksum) = (Array((statement.text(0) ?? "").utf8), statement.text(1) ?? "")
        statement.reset()
        XCTAssertTrue(checksum.hasPrefix("m64:"), checksum)
        let earlier = Checksum.sha256([headers, Array("[1,2,3]".utf8)])
        try database.prepare("UPDATE copies SET checksum = ?").bind(.text(earlier)).run()
        let fresh = self.store()
        XCTAssertEqual(fresh.copy(for: key("http://a.test/x"), url: "x")?.response.body, Array("[1,2,3]".utf8))
        try database.execute("UPDATE copies SET body = CAST('[1,2,4]' AS BLOB)")
        XCTAssertNil(fresh.copy(for: key("http://a.test/x"), url: "x"))
        XCTAssertEqual(problems, [.damagedCopy(url: "x")])
    }

    func testAFileThatIsNoDatabaseIsMovedAsideAndANewOneStarted() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + CopyStore.fileName
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        let store = store()
        XCTAssertNil(store.copy(for: key("http://a.test/x"), url: "x"))
        store.keep(response("[1]"), for: key("http://a.test/x"), url: "x")
        XCTAssertNotNil(store.copy(for: key("http://a.test/x"), url: "x"), "the new store works")
        XCTAssertEqual(problems.count, 1, "\(problems)")
        guard case .damaged(path, path + ".damaged", _)? = problems.first else { return XCTFail("\(problems)") }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path + ".damaged")), Data(repeating: 0x5A, count: 8192))
    }

    func testAFIFOWhereTheStoreBelongsIsRefusedNotOpened() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + CopyStore.fileName
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let store = store()
        XCTAssertNil(store.copy(for: key("http://a.test/x"), url: "x"))
        store.keep(response("[1]"), for: key("http://a.test/x"), url: "x")
        XCTAssertEqual(problems, [.notAFile(path: path, kind: "a FIFO")])
    }

    func testAStoreMadeByANewerLoadrunIsLeftAlone() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + CopyStore.fileName
        try SQLiteDatabase(path: path).execute("PRAGMA user_version = 9")
        XCTAssertNil(store().copy(for: key("http://a.test/x"), url: "x"))
        XCTAssertEqual(problems, [.newerLayout(path: path, version: 9)])
    }

    func testAStoredCopyStandsInOnlyForAServerThatCannotBeReachedOrFailed() {
        XCTAssertTrue(LoadError(.connectionRefused, "").leavesStoredCopyStanding)
        XCTAssertTrue(LoadError(.timedOut, "").leavesStoredCopyStanding)
        XCTAssertTrue(LoadError(.httpStatus, "", httpStatus: 503).leavesStoredCopyStanding)
        XCTAssertFalse(LoadError(.httpStatus, "", httpStatus: 404).leavesStoredCopyStanding, "a 404 is the server's word")
        XCTAssertFalse(LoadError(.tls, "").leavesStoredCopyStanding, "another server may be answering")
        XCTAssertFalse(LoadError.cancelled.leavesStoredCopyStanding)
    }

    func testWhatSoupCacheLeftForAnEarlierLoadrunGoesOnce() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in ["soup.cache2", "lock", "1234567890", "42"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("x".utf8)))
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/notes.txt", contents: Data("mine".utf8)))
        store().keep(response("[1]"), for: key("http://a.test/x"), url: "x")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        XCTAssertTrue(left.isDisjoint(with: ["soup.cache2", "lock", "1234567890", "42"]), "\(left)")
        XCTAssertTrue(left.isSuperset(of: [CopyStore.fileName, "notes.txt"]), "the store, and what is not SoupCache's: \(left)")
    }

    /// A 304 confirms the copy that was sent, not one another process put in its place.
    func testA304ConfirmsOnlyTheCopyItWasAskedAbout() throws {
        let store = store()
        store.keep(response("[1]", etag: "\"1\""), for: key("http://a.test/x"), url: "x")
        let asked = try XCTUnwrap(store.copy(for: key("http://a.test/x"), url: "x"))
        let database = try SQLiteDatabase(path: store.path)
        try database.execute("UPDATE copies SET verified_at = 5")
        store.keep(response("[2]", etag: "\"2\""), for: key("http://a.test/x"), url: "x")
        try database.execute("UPDATE copies SET verified_at = 5")
        store.confirm(key("http://a.test/x"), validators: try XCTUnwrap(asked.validators))
        XCTAssertEqual(try XCTUnwrap(store.copy(for: key("http://a.test/x"), url: "x")).verifiedAt, 5)
        store.confirm(key("http://a.test/x"), validators: try XCTUnwrap(store.copy(for: key("http://a.test/x"), url: "x")?.validators))
        XCTAssertGreaterThan(try XCTUnwrap(store.copy(for: key("http://a.test/x"), url: "x")).verifiedAt, 5)
    }

    /// A watch's 304s: the first is written, the next within `confirmationInterval` wait, the
    /// last of them written as the run ends (or the store goes); a copy another process replaced meanwhile is
    /// never confirmed from what this one knew.
    func testA304WritesItsConfirmationOncePerInterval() throws {
        var store: CopyStore? = store()
        store?.keep(response("[1]", etag: "\"1\""), for: key("http://a.test/x"), url: "x")
        let validators = try XCTUnwrap(store?.copy(for: key("http://a.test/x"), url: "x")?.validators)
        let database = try SQLiteDatabase(path: try XCTUnwrap(store?.path))
        try database.execute("UPDATE copies SET verified_at = 5")
        store?.confirm(key("http://a.test/x"), validators: validators)
        XCTAssertGreaterThan(try database.integer("SELECT verified_at FROM copies"), 5, "the first is written at once")
        try database.execute("UPDATE copies SET verified_at = 5")
        store?.confirm(key("http://a.test/x"), validators: validators)
        XCTAssertEqual(try database.integer("SELECT verified_at FROM copies"), 5, "the next waits")
        store?.writeWaitingConfirmations()
        XCTAssertGreaterThan(try database.integer("SELECT verified_at FROM copies"), 5, "and is written as the run ends, the store still held")
        try database.execute("UPDATE copies SET verified_at = 5")
        store?.writeWaitingConfirmations()
        XCTAssertEqual(try database.integer("SELECT verified_at FROM copies"), 5, "once")
        store?.confirm(key("http://a.test/x"), validators: validators)
        store = nil
        XCTAssertGreaterThan(try database.integer("SELECT verified_at FROM copies"), 5, "or as the store goes")

        let eager = CopyStore(directory: directory, keyDirectory: directory + "-state", confirmationInterval: 0) { [unowned self] in problems.append($0) }
        let known = try XCTUnwrap(eager.copy(for: key("http://a.test/x"), url: "x")?.validators)
        self.store().keep(response("[2]", etag: "\"1\""), for: key("http://a.test/x"), url: "x")
        try database.execute("UPDATE copies SET verified_at = 5")
        eager.confirm(key("http://a.test/x"), validators: known)
        XCTAssertEqual(try database.integer("SELECT verified_at FROM copies"), 5, "other bytes, though the same validators: not the copy known")
        eager.confirm(key("http://a.test/x"), validators: known)
        XCTAssertGreaterThan(try database.integer("SELECT verified_at FROM copies"), 5, "read again, it is confirmed")
        XCTAssertEqual(problems.map(\.description), [])
    }

    /// A large body goes through the log: once the log has grown past its limit, it is
    /// emptied into the file, not left for every later run to copy in again (a 20 MB copy
    /// cost each run that revalidated it 40 MB of writes that way).
    func testALargeBodyLeavesTheLogShort() throws {
        let store = store()
        store.keep(response(String(repeating: "x", count: 5 << 20)), for: key("http://a.test/x"), url: "x")
        let log = try FileManager.default.attributesOfItem(atPath: store.path + "-wal")[.size] as? Int
        XCTAssertLessThan(try XCTUnwrap(log), 1 << 20)
        XCTAssertEqual(self.store().copy(for: key("http://a.test/x"), url: "x")?.response.body.count, 5 << 20)
        XCTAssertEqual(problems, [])
    }

    func testANewStoreReclaimsTheRoomOfCopiesItDrops() throws {
        _ = store().copy(for: key("http://a.test/x"), url: "x")
        XCTAssertEqual(try SQLiteDatabase(path: directory + "/" + CopyStore.fileName).integer("PRAGMA auto_vacuum"), 2, "incremental")
    }
}
