internal import CSQLite
import Loader

/// A prepared statement: bind, step, read columns. `deinit` ends its run (and the read
/// snapshot it holds); it finalizes a statement of its own, and hands a kept one back to the
/// database that keeps it.
final class SQLiteStatement {
    private let handle: OpaquePointer
    /// Keeps the connection open while the statement lives.
    private let database: SQLiteDatabase
    /// The SQL under which the database keeps this statement; nil for one of its own.
    private let kept: String?

    /// Wraps `handle`, prepared on `database`: made only by `SQLiteDatabase.prepare(_:)`.
    init(_ handle: OpaquePointer, database: SQLiteDatabase, kept: String?) {
        self.handle = handle
        self.database = database
        self.kept = kept
        // A kept statement comes as a fresh one would: no run under way, nothing bound.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    deinit {
        if let kept {
            sqlite3_reset(handle)
            database.release(kept)
        } else {
            sqlite3_finalize(handle)
        }
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
