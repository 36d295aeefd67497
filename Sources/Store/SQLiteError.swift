internal import CSQLite
import Loader

/// An SQLite result code with SQLite's own words for it, and what it means to the store.
struct SQLiteError: Error, CustomStringConvertible {
    /// The primary result code (`SQLITE_CORRUPT`, `SQLITE_BUSY`…), extended bits dropped.
    let code: Int32
    let message: String
    /// Whether it is loadrun's own finding that the file is another program's database
    /// (`SQLITE_NOTADB`, as SQLite says of a file that is no database at all).
    var isForeign = false

    var description: String { message }

    /// The file is damaged or is no database: it should be moved aside.
    var isDamage: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB || isSchemaMismatch }
    /// A statement of loadrun's met tables that are not its own (a column or table missing):
    /// another program's database that an earlier loadrun took for its own by the names of
    /// its tables, and marked. Moved aside as damage is, never written into.
    var isSchemaMismatch: Bool {
        code == SQLITE_ERROR && (message.hasPrefix("no such column") || message.hasPrefix("no such table") || message.contains("has no column named"))
    }
    /// Another process holds the write lock past the busy timeout.
    var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
}
