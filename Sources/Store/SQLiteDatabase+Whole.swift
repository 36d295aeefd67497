#if canImport(Glibc)
import Glibc
#endif
import Loader

extension SQLiteDatabase {
    /// Makes a new database at `path` with `schema` run on it, in WAL mode, unless one is there
    /// already (perhaps made meanwhile by another process, which is then the one used).
    ///
    /// It is made whole beside `path` and linked into place, so no process ever opens it half
    /// made. Made in place, a new file spends its first moments in rollback mode, where the
    /// exclusive locks taken to set WAL and write the schema stall every other process
    /// opening it; twenty runs started at once then ran past their busy timeout.
    ///
    /// Where hard links are not to be had, it is left to be made in place, as before.
    static func makeWhole(at path: String, schema: String) throws(SQLiteError) {
        guard access(path, F_OK) != 0, errno == ENOENT else { return }
        let scratch = "\(path).new-\(getpid())"
        let files = [scratch, scratch + "-wal", scratch + "-shm", scratch + "-journal"]
        defer { for file in files { unlink(file) } }
        for file in files { unlink(file) }
        // Closed before it is linked: the close checkpoints the WAL into the file, and WAL
        // mode stays written in its header.
        do {
            let database = try SQLiteDatabase(path: scratch)
            // auto_vacuum takes only on an empty file, and only before WAL is set.
            try database.execute("PRAGMA auto_vacuum = INCREMENTAL; PRAGMA journal_mode = WAL")
            try database.transaction { () throws(SQLiteError) in try database.execute(schema) }
        }
        // EEXIST: another process was first, and its file is as whole as this one.
        _ = link(scratch, path)
    }
}
