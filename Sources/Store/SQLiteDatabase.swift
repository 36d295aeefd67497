internal import CSQLite
import Loader

/// One SQLite connection, owned by this object: `deinit` finalizes the statements it keeps and
/// closes it (after the statements handed out, which hold it alive). Confined to the loop's thread, as everything in the core.
final class SQLiteDatabase {
    private let handle: OpaquePointer
    /// Each SQL text's statement, compiled once: the copy store runs the same few for every
    /// source, and compiling them was most of its cost. Raw handles, owned here and finalized
    /// before the connection closes; `inUse` holds those a live `SQLiteStatement` wraps.
    private var compiled: [String: OpaquePointer] = [:]
    private var inUse: Set<String> = []

    /// Opens (and creates, unless `readOnly`) the database at `path`.
    init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        var handle: OpaquePointer?
        // NOMUTEX: one thread only; no SQLite mutexes to pay for.
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(handle)
            throw SQLiteError(code: code & 0xFF, message: message)
        }
        self.handle = handle
        // Extended codes would hide the primary one in `code & 0xFF` arithmetic everywhere.
        sqlite3_extended_result_codes(handle, 0)
    }

    deinit {
        for statement in compiled.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs `sql`, one or more statements without results.
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(code: code & 0xFF, message: text)
        }
    }

    /// Runs `sql` as `execute` does, but a lock held by another connection is no error:
    /// returns whether it ran.
    @discardableResult
    func executeUnlessBusy(_ sql: String) throws(SQLiteError) -> Bool {
        do {
            try execute(sql)
            return true
        } catch {
            if error.isBusy { return false }
            throw error
        }
    }

    /// Runs `body` in one write transaction, taken at once (`BEGIN IMMEDIATE`): a deferred one
    /// would meet another process's commit as `SQLITE_BUSY` with no wait, in WAL mode. Rolled
    /// back if `body` throws.
    func transaction(_ body: () throws(SQLiteError) -> Void) throws(SQLiteError) {
        try prepare("BEGIN IMMEDIATE").run()
        do {
            try body()
            try prepare("COMMIT").run()
        } catch {
            try? prepare("ROLLBACK").run()
            throw error
        }
    }

    /// A prepared statement for `sql`, one statement: compiled on its first use and kept. The
    /// same text asked again while its statement is still held gets one of its own.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if !inUse.contains(sql) {
            if let statement = compiled[sql] {
                inUse.insert(sql)
                return SQLiteStatement(statement, database: self, kept: sql)
            }
            let statement = try compile(sql, flags: UInt32(SQLITE_PREPARE_PERSISTENT))
            compiled[sql] = statement
            inUse.insert(sql)
            return SQLiteStatement(statement, database: self, kept: sql)
        }
        return SQLiteStatement(try compile(sql, flags: 0), database: self, kept: nil)
    }

    private func compile(_ sql: String, flags: UInt32) throws(SQLiteError) -> OpaquePointer {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, flags, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code) }
        return statement
    }

    /// A kept statement's wrapper is gone: the statement is free for the next `prepare`.
    func release(_ sql: String) {
        inUse.remove(sql)
    }

    /// The first column of the first row of `sql`, as an integer; the statement is reset
    /// before this returns, so no read transaction stays open behind it.
    func integer(_ sql: String) throws(SQLiteError) -> Int {
        let statement = try prepare(sql)
        return try statement.step() ? statement.integer(0) : 0
    }

    /// The first column of the first row of `sql`, as text; reset as `integer(_:)` is.
    func text(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.text(0) : nil
    }

    /// Closing leaves the write-ahead log to a later checkpoint (SQLite's automatic one, when
    /// the log passes 1,000 pages) instead of checkpointing it then, which costs two fsyncs.
    func leavesLogOnClose() {
        lr_sqlite_no_checkpoint_on_close(handle)
    }

    /// The rows the last statement changed: without a statement of its own, which the copy
    /// store's and the history's writes would pay for each row.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// How long a write waits for another process's lock before it gives up with `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// The error for `code`, with the connection's message; its statements' errors too.
    func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code & 0xFF, message: String(cString: sqlite3_errmsg(handle)))
    }
}
