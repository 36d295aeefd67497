internal import CSQLite

/// An SQLite result code with SQLite's own words for it, and what it means to the store.
struct SQLiteError: Error, CustomStringConvertible {
    /// The primary result code (`SQLITE_CORRUPT`, `SQLITE_BUSY`…), extended bits dropped.
    let code: Int32
    let message: String

    var description: String { message }

    /// The file is damaged or is no database: it should be moved aside.
    var isDamage: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
    /// Another process holds the write lock past the busy timeout.
    var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
}

/// One SQLite connection, owned by this object: `deinit` closes it (after its statements,
/// which hold it alive). Confined to the loop's thread, as everything in the core.
final class SQLiteDatabase {
    private let handle: OpaquePointer

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
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// A prepared statement for `sql`.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code) }
        return SQLiteStatement(statement, database: self)
    }

    /// The first column of the first row of `sql`, as an integer; the statement is finalized
    /// before this returns, so no read transaction stays open behind it.
    func integer(_ sql: String) throws(SQLiteError) -> Int {
        let statement = try prepare(sql)
        return try statement.step() ? statement.integer(0) : 0
    }

    /// The first column of the first row of `sql`, as text; finalized as `integer(_:)` is.
    func text(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.text(0) : nil
    }

    /// How long a write waits for another process's lock before it gives up with `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// The error for `code`, with the connection's message.
    fileprivate func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code & 0xFF, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// A prepared statement: bind, step, read columns. `deinit` finalizes it.
final class SQLiteStatement {
    private let handle: OpaquePointer
    /// Keeps the connection open while the statement lives.
    private let database: SQLiteDatabase

    fileprivate init(_ handle: OpaquePointer, database: SQLiteDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds each value to its parameter, in order from 1: `String`, `Int`, `[UInt8]` or nil.
    @discardableResult
    func bind(_ values: SQLiteValue...) throws(SQLiteError) -> SQLiteStatement {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32 = switch value {
            case .text(let text): sqlite3_bind_text(handle, index, text, -1, lr_sqlite_transient())
            case .integer(let number): sqlite3_bind_int64(handle, index, Int64(number))
            case .blob(let bytes):
                bytes.withUnsafeBytes { sqlite3_bind_blob64(handle, index, $0.baseAddress, sqlite3_uint64($0.count), lr_sqlite_transient()) }
            case .null: sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw database.error(code) }
        }
        return self
    }

    /// Steps once: true while there is a row to read, false when done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = database.error(code)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Ends the statement's run, and with it the read snapshot it holds.
    func reset() {
        sqlite3_reset(handle)
    }

    /// Steps to the end, for a statement that returns no rows.
    func run() throws(SQLiteError) {
        while try step() {}
    }

    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func integer(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}

/// A value bound to a statement's parameter.
enum SQLiteValue {
    case text(String)
    case integer(Int)
    case blob([UInt8])
    case null
}
