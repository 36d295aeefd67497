import Foundation
@testable import Store
@testable import Loader
import XCTest

/// The connection's kept statements, on a real SQLite file: a statement comes back fresh for
/// each use, and the same SQL asked again while its statement is held gets one of its own.
final class SQLiteDatabaseTests: XCTestCase {
    private var path: String!

    override func setUpWithError() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-sqlite-\(UUID().uuidString)").path
    }

    override func tearDownWithError() throws {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    private func database() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path)
        try database.execute("CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)")
        return database
    }

    func testAKeptStatementComesBackWithNothingBoundAndNoRunUnderWay() throws {
        let database = try database()
        let sql = "SELECT count(*) FROM t WHERE n >= ?"
        var first: SQLiteStatement? = try database.prepare(sql).bind(.integer(2))
        XCTAssertEqual(try first?.step(), true)
        XCTAssertEqual(first?.integer(0), 2)
        first = nil
        // Kept, and handed out again: the old binding is gone (NULL matches nothing).
        let again = try database.prepare(sql)
        XCTAssertEqual(try again.step(), true)
        XCTAssertEqual(again.integer(0), 0)
    }

    func testTheSameSQLWhileItsStatementIsHeldGetsOneOfItsOwn() throws {
        let database = try database()
        let sql = "SELECT n FROM t ORDER BY n"
        let outer = try database.prepare(sql)
        XCTAssertEqual(try outer.step(), true)
        XCTAssertEqual(outer.integer(0), 1)
        let inner = try database.prepare(sql)
        XCTAssertEqual(try inner.step(), true)
        XCTAssertEqual(inner.integer(0), 1, "a run of its own")
        XCTAssertEqual(try outer.step(), true)
        XCTAssertEqual(outer.integer(0), 2, "the outer run goes on where it was")
    }

    func testAHeldReadEndsWhenItsStatementGoesSoAnotherConnectionCanCheckpoint() throws {
        let database = try database()
        try database.execute("PRAGMA journal_mode = WAL")
        try database.transaction { () throws(SQLiteError) in try database.prepare("INSERT INTO t VALUES (4)").run() }
        XCTAssertEqual(try database.integer("SELECT count(*) FROM t"), 4)
        // With no read left open behind `integer`, a full checkpoint empties the log.
        let other = try SQLiteDatabase(path: path)
        let checkpoint = try other.prepare("PRAGMA wal_checkpoint(TRUNCATE)")
        XCTAssertEqual(try checkpoint.step(), true)
        XCTAssertEqual(checkpoint.integer(0), 0, "not blocked by a reader")
    }
}
