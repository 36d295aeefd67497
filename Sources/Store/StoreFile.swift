#if canImport(Glibc)
import Glibc
#endif
internal import CGLib
internal import CSQLite
import Loader

/// One SQLite file loadrun keeps between runs (the copy store, the history), and everything
/// that can go wrong with it, handled in one place:
///
/// - opened on first use, in a 0700 directory, files 0600; made whole beside its path and
///   linked into place, in WAL mode, with a busy timeout: many processes share it;
/// - its layout (`PRAGMA user_version`) checked, and brought up to this loadrun's by the
///   migrations, one step at a time, under the write lock;
/// - damaged or not a database: moved aside, with its log, and a new one started;
/// - unwritable, not a file, or made by a newer loadrun: off for the rest of the run;
/// - each problem told once through `report`; none fails or hangs a load.
final class StoreFile {
    let path: String
    private let directory: String
    let schema: String
    private let layout: Int
    /// The SQL that brings layout `n` to `n + 1`, by `n`.
    let migrations: [Int: String]
    /// What brings layout `n` to `n + 1` beyond SQL (keys computed anew, say), after
    /// `migrations[n]`, by `n`.
    private let migrationSteps: [Int: (SQLiteDatabase) throws(SQLiteError) -> Void]
    /// Runs before the file is first opened, once its directory is found fit: tidying the
    /// directory of what came before, reading what the migrations need. Its problem turns
    /// the store off, told.
    private let beforeOpening: () throws(StoreProblem) -> Void
    /// The pages the write-ahead log may grow to before SQLite copies it into the file: each
    /// run that is the first to open the file reads the whole log again, so a file every run
    /// writes keeps it short.
    private let logPages: Int
    private let report: (StoreProblem) -> Void
    private enum Connection {
        case unopened
        case open(SQLiteDatabase)
        /// Off for the rest of the run: its problem has been told.
        case off
    }
    private var connection = Connection.unopened
    /// How long a write waits for another process's lock, in milliseconds.
    static let busyTimeout: Int32 = 250
    /// After a lock held past `busyTimeout`, how long writes do not wait for one: a process
    /// stopped mid-write (Ctrl-Z) would otherwise cost the loop a quarter second a write.
    static let busyCooldown = Duration.seconds(2)
    /// Until when writes wait for no lock, after one was held too long.
    private var waitsForNoLockUntil: ContinuousClock.Instant?
    /// Whether the last attempt met a lock held too long: the write may be made again later.
    private(set) var lastAttemptWasBusy = false
    private var told: Set<String> = []

    /// Whether a write waits (`busyTimeout`) for another process's lock.
    enum LockWait {
        /// It waits, unless a lock was held too long a moment ago (`busyCooldown`).
        case unlessCooling
        /// It waits: the last write of a run.
        case always
        /// It does not: a signal is ending the run.
        case never
    }

    /// `schema` makes layout `layout` in an empty file (ending with `PRAGMA user_version`).
    init(directory: String, fileName: String, schema: String, layout: Int, migrations: [Int: String] = [:],
         migrationSteps: [Int: (SQLiteDatabase) throws(SQLiteError) -> Void] = [:], logPages: Int = 1000,
         beforeOpening: @escaping () throws(StoreProblem) -> Void = {}, report: @escaping (StoreProblem) -> Void) {
        self.logPages = logPages
        self.directory = directory
        path = directory + "/" + fileName
        self.schema = schema
        self.layout = layout
        self.migrations = migrations
        self.migrationSteps = migrationSteps
        self.beforeOpening = beforeOpening
        self.report = report
    }

    /// Runs `body` on the open database; a failure is told and handled here, and gives nil.
    /// `lock`: how long another process's lock is waited for.
    @discardableResult
    func attempt<T>(lock: LockWait = .unlessCooling, _ body: (SQLiteDatabase) throws(SQLiteError) -> T) -> T? {
        lastAttemptWasBusy = false
        // After the cooldown, short locks (another run's commit) are waited for again.
        if let until = waitsForNoLockUntil, until <= .now { waitsForNoLockUntil = nil }
        let waits = lock == .always || (lock == .unlessCooling && waitsForNoLockUntil == nil)
        var failure: SQLiteError?
        // In a function of its own, so that no reference to the connection is left here when
        // a damaged file is closed and moved aside.
        func once() -> T? {
            guard let database = database() else { return nil }
            database.setBusyTimeout(milliseconds: waits ? Self.busyTimeout : 0)
            do throws(SQLiteError) {
                return try body(database)
            } catch {
                failure = error
                return nil
            }
        }
        let result = once()
        guard let met = failure else { return result }
        failed(met)
        // Damage met mid-use moved the file aside: the write goes to the new one, once.
        guard met.isDamage else { return nil }
        failure = nil
        let again = once()
        if let failure { failed(failure) }
        return again
    }

    /// Empties the write-ahead log into the file, and the log file with it, once it has grown
    /// past `logPages`: for a file that each run writes once. SQLite's own checkpoint, at a
    /// commit, copies the log but cannot start it again until the next write of the same
    /// connection; a run that writes once leaves it to the next process, which cannot either
    /// (its view of what was copied starts empty), so the log grew by each run's write and
    /// every run read it whole (23 MB after a few hundred runs, measured here). A lock held by
    /// another process leaves it to a later run.
    func keepLogShort(_ database: SQLiteDatabase) {
        var info = stat()
        guard stat(path + "-wal", &info) == 0, Int(info.st_size) > logPages * 4096 else { return }
        _ = try? database.executeUnlessBusy("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Tells `problem`, once per kind of problem and file in a run.
    func tell(_ problem: StoreProblem) {
        if told.insert(problem.kind).inserted { report(problem) }
    }

    /// The open database, opened now if need be; nil while the store is off.
    private func database() -> SQLiteDatabase? {
        switch connection {
        case .open(let database): return database
        case .off: return nil
        case .unopened:
            do {
                let database = try open()
                connection = .open(database)
                return database
            } catch let error as SQLiteError {
                // A file damaged from its first page: moved aside, and one new try.
                guard error.isDamage else { failed(error); return nil }
                failed(error)
                guard case .unopened = connection, let database = try? open() else { connection = .off; return nil }
                connection = .open(database)
                return database
            } catch let problem as StoreProblem {
                tell(problem)
                connection = .off
                return nil
            } catch {
                connection = .off
                return nil
            }
        }
    }

    /// Throws unless `path` is the user's own (or does not exist).
    static func checkOwner(of path: String) throws(StoreProblem) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_uid != geteuid() else { return }
        var name = "user \(info.st_uid)"
        if let entry = getpwuid(info.st_uid), let login = entry.pointee.pw_name { name = "\(String(cString: login)) (uid \(info.st_uid))" }
        throw StoreProblem.notOwned(path: path, owner: name)
    }

    private func open() throws -> SQLiteDatabase {
        // 0700 whatever the umask: a directory loadrun makes is its own to write.
        let made = { () -> Int32 in
            let mask = umask(0o077)
            defer { umask(mask) }
            return g_mkdir_with_parents(directory, 0o700)
        }()
        guard made == 0 else {
            throw StoreProblem.unwritable(path: directory, reason: LocalFile.reason(for: errno))
        }
        // What is kept (authenticated responses too) goes only where the user alone reads and
        // writes: a directory or file of another user's is refused, as ssh refuses its files;
        // the user's own lose what group and others could do. What the user took from
        // themselves (a directory made read-only) is theirs to give back: it is said, as any
        // store that cannot be written.
        try Self.checkOwner(of: directory)
        Self.tighten(directory, to: 0o700)
        for file in [path, path + "-wal", path + "-shm"] where access(file, F_OK) == 0 {
            try Self.checkOwner(of: file)
            Self.tighten(file, to: 0o600)
        }
        // SQLite's own word for these is only "unable to open database file", or a read-only
        // database found at the first write.
        guard access(directory, W_OK | X_OK) == 0 else {
            throw StoreProblem.unwritable(path: directory, reason: LocalFile.reason(for: errno))
        }
        for file in [path, path + "-wal", path + "-shm"] where access(file, F_OK) == 0 && access(file, R_OK | W_OK) != 0 {
            throw StoreProblem.unwritable(path: file, reason: LocalFile.reason(for: errno))
        }
        try beforeOpening()
        // SQLite would open a FIFO and wait on it for ever.
        for file in [path, path + "-wal", path + "-shm"] {
            if let kind = LocalFile.nonRegularKind(at: file) { throw StoreProblem.notAFile(path: file, kind: kind) }
        }
        let mask = umask(0o077)
        defer { umask(mask) }
        try SQLiteDatabase.makeWhole(at: path, schema: schema)
        let database = try SQLiteDatabase(path: path)
        // Writes are short: a quarter second is long enough for another process's (20 runs at
        // once), and short enough for the loop.
        database.setBusyTimeout(milliseconds: Self.busyTimeout)
        try database.execute("PRAGMA synchronous = NORMAL; PRAGMA cell_size_check = ON; PRAGMA wal_autocheckpoint = \(logPages)")
        // A file made whole is in WAL mode already. One made otherwise (an empty file, or
        // made in place where links fail) is set here by the first process to get there.
        // Changing it takes a lock SQLite does not wait for, so one that meets another's
        // leaves it to the next.
        if try database.text("PRAGMA journal_mode") != "wal" {
            try database.execute("PRAGMA auto_vacuum = INCREMENTAL")
            try database.executeUnlessBusy("PRAGMA journal_mode = WAL")
        }
        try claim(database)
        if try database.integer("PRAGMA user_version") != layout {
            // Read again under the write lock: another process may have made or migrated it
            // meanwhile, perhaps a newer loadrun with a newer layout.
            try database.transaction { () throws(SQLiteError) in try bringUpToDate(database) }
        }
        let version = try database.integer("PRAGMA user_version")
        guard version == layout else { throw StoreProblem.newerLayout(path: path, version: version) }
        // Each run writes a little; the log is copied in once it has grown, not at every exit.
        database.leavesLogOnClose()
        for file in [path, path + "-wal", path + "-shm"] { Self.tighten(file, to: 0o600) }
        return database
    }

    /// Takes from `path`'s mode what `allowed` does not allow (group and others), and adds
    /// nothing. A link is left as it is, and what it names: that file is the user's to set.
    static func tighten(_ path: String, to allowed: mode_t) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFLNK else { return }
        let mode = info.st_mode & 0o7777
        if mode & ~allowed != 0 { chmod(path, mode & allowed) }
    }

    /// Makes the layout in an empty file, or migrates an older one step by step; a newer one
    /// is left as it is, for `open` to refuse.
    private func bringUpToDate(_ database: SQLiteDatabase) throws(SQLiteError) {
        var version = try database.integer("PRAGMA user_version")
        if version == 0 {
            try database.execute(schema)
            return
        }
        while version < layout, let migration = migrations[version] {
            if !migration.isEmpty { try database.execute(migration) }
            try migrationSteps[version]?(database)
            version += 1
            try database.execute("PRAGMA user_version = \(version)")
        }
    }

    /// What an SQLite failure means for the run: a damaged file is moved aside (the next use
    /// starts a new one), a lock held too long costs this write only, and anything else (a
    /// read-only directory, a full disk) turns the store off.
    private func failed(_ error: SQLiteError) {
        if error.isDamage {
            // Closed first (the last reference goes), then all three files moved together:
            // another process opening the path meanwhile must not meet the old WAL.
            connection = .unopened
            let aside = path + ".damaged"
            // A link is moved, not what it names: a file of the user's that is no database
            // is theirs to keep, and no damage of loadrun's.
            let link = error.code == SQLITE_NOTADB ? LocalFile.linkTarget(of: path) : nil
            rename(path, aside)
            rename(path + "-wal", aside + "-wal")
            rename(path + "-shm", aside + "-shm")
            tell(error.isForeign || error.isSchemaMismatch || link != nil ? .notLoadruns(path: path, movedTo: aside, reason: error.message, link: link)
                : .damaged(path: path, movedTo: aside, reason: error.message))
        } else if error.isBusy {
            // A process that holds the lock this long may hold it for ever (stopped with
            // Ctrl-Z mid-write): for a while, writes do not wait for it; the caller may make
            // this one again later.
            waitsForNoLockUntil = .now + Self.busyCooldown
            lastAttemptWasBusy = true
            tell(.busy(path: path))
        } else {
            connection = .off
            tell(.unwritable(path: path, reason: error.message))
        }
    }
}
