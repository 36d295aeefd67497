#if canImport(Glibc)
import Glibc
#endif
internal import CGLib
internal import CSQLite

/// The last good copy of each request, kept between runs in one SQLite file
/// (`copies.sqlite` in the cache directory) so that a run's first load can ask the server
/// whether its copy is still current, and show it when the server cannot be reached.
///
/// - WAL mode and a busy timeout: many loadrun processes share it; readers never wait.
/// - One transaction per write: a process killed at any moment leaves the old copy or the new.
/// - A checksum over each copy, checked on every read: a damaged copy is dropped, never shown.
/// - A damaged database is moved aside and a new one started; one that cannot be written
///   leaves the run without a store. Either is told once through `report`, and never fails or
///   hangs a load.
/// - Bounded: past `limit` bytes of bodies, the least recently used copies go.
///
/// Opened on first use, so a run that fetches nothing over HTTP never touches SQLite.
final class CopyStore {
    static let fileName = "copies.sqlite"
    /// The bodies kept in all, by default: 256 MiB.
    static let defaultLimit = 256 << 20
    /// The layout this code reads and writes (`PRAGMA user_version`).
    private static let layout = 1

    let path: String
    private let directory: String
    private let limit: Int
    private let report: (StoreProblem) -> Void
    private enum Connection {
        case unopened
        case open(SQLiteDatabase)
        /// Off for the rest of the run: its problem has been told.
        case off
    }
    private var connection = Connection.unopened
    private var told: Set<String> = []

    init(directory: String, limit: Int = CopyStore.defaultLimit, report: @escaping (StoreProblem) -> Void) {
        self.directory = directory
        path = directory + "/" + Self.fileName
        self.limit = limit
        self.report = report
    }

    // MARK: Reading and writing copies

    /// The copy kept for `key`, checked against its checksum; nil when there is none, or it
    /// was damaged (then it is dropped, and that is told).
    func copy(for key: CopyKey, url: String) -> StoredCopy? {
        attempt { (database) throws(SQLiteError) -> StoredCopy? in
            let select = try database.prepare("SELECT response_url, headers, body, checksum, stored_at, verified_at FROM copies WHERE key = ?")
            try select.bind(.text(key.digest))
            guard try select.step() else { return nil }
            let headers = Array((select.text(1) ?? "").utf8)
            let body = select.blob(2)
            let checksum = select.text(3) ?? ""
            let (responseURL, storedAt, verifiedAt) = (select.text(0), select.integer(4), select.integer(5))
            // Its read snapshot ends here: a write after it would meet another process's
            // commit as SQLITE_BUSY, with no wait.
            select.reset()
            guard Checksum.sha256([headers, body]) == checksum else {
                try database.transaction { () throws(SQLiteError) in
                    try database.prepare("DELETE FROM copies WHERE key = ?").bind(.text(key.digest)).run()
                }
                tell(.damagedCopy(url: URLCredentials.masked(url)))
                return nil
            }
            let info = ResponseInfo(url: responseURL ?? url, headers: Self.headers(from: headers))
            return StoredCopy(response: HTTPResponse(info: info, body: body), storedAt: storedAt, verifiedAt: verifiedAt,
                              checksum: checksum)
        } ?? nil
    }

    /// Keeps `response` (a 200, whole) as the copy for `key`, in one transaction with the
    /// evictions it makes necessary. The same bytes as the copy kept are only marked verified.
    func keep(_ response: HTTPResponse, for key: CopyKey, url: String) {
        let headers = Self.headerText(response.info.headers)
        let checksum = Checksum.sha256([Array(headers.utf8), response.body])
        let now = Int(time(nil))
        attempt { (database) throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                let same = try database.prepare("UPDATE copies SET verified_at = ?, used_at = \(Self.nextUse) WHERE key = ? AND checksum = ?")
                try same.bind(.integer(now), .text(key.digest), .text(checksum)).run()
                if try database.integer("SELECT changes()") > 0 { return }
                if response.body.count > limit {
                    // Too large to keep: an older copy would now be a lie offline.
                    try database.prepare("DELETE FROM copies WHERE key = ?").bind(.text(key.digest)).run()
                    return
                }
                // Delete, then insert: the triggers that keep the total see both.
                try database.prepare("DELETE FROM copies WHERE key = ?").bind(.text(key.digest)).run()
                try database.prepare("""
                    INSERT INTO copies (key, url, response_url, headers, body, size, checksum, stored_at, verified_at, used_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, \(Self.nextUse))
                    """).bind(.text(key.digest), .text(URLCredentials.masked(url)),
                              response.info.url == url ? .null : .text(URLCredentials.masked(response.info.url)), .text(headers),
                              .blob(response.body), .integer(response.body.count), .text(checksum),
                              .integer(now), .integer(now)).run()
                try evict(database, keeping: key)
            }
        }
    }

    /// The server said `copy`, kept for `key`, is current (304): it was verified now, unless
    /// another process has put another copy in its place meanwhile.
    func verified(_ copy: StoredCopy, for key: CopyKey) {
        let now = Int(time(nil))
        attempt { (database) throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                try database.prepare("UPDATE copies SET verified_at = ?, used_at = \(Self.nextUse) WHERE key = ? AND checksum = ?")
                    .bind(.integer(now), .text(key.digest), .text(copy.checksum)).run()
            }
        }
    }

    /// A copy's place in the order of use, for least-recently-used eviction: a sequence, not a
    /// time, so that uses within one second keep their order.
    private static let nextUse = "(SELECT coalesce(max(used_at), 0) + 1 FROM copies)"

    /// Drops the least recently used copies, `kept` aside, once the bodies pass the limit,
    /// down to nine tenths of it, so that the next copies need not evict again. The total
    /// is the triggers' (`totals`): asking it costs nothing, where summing the sizes was a
    /// scan of the table on every write.
    private func evict(_ database: SQLiteDatabase, keeping kept: CopyKey) throws(SQLiteError) {
        guard try database.integer("SELECT bytes FROM totals") > limit else { return }
        let oldest = try database.prepare("DELETE FROM copies WHERE key = (SELECT key FROM copies WHERE key != ? ORDER BY used_at LIMIT 1)")
        while try database.integer("SELECT bytes FROM totals") > limit / 10 * 9 {
            try oldest.bind(.text(kept.digest)).run()
            if try database.integer("SELECT changes()") == 0 { break }
        }
        try database.execute("PRAGMA incremental_vacuum")
    }

    // MARK: Opening, and what goes wrong

    /// Runs `body` on the open database; a failure is told and handled here, and gives nil.
    @discardableResult
    private func attempt<T>(_ body: (SQLiteDatabase) throws(SQLiteError) -> T) -> T? {
        var failure: SQLiteError?
        // In a closure of its own, so that no reference to the connection is left here when
        // a damaged file is closed and moved aside.
        let result: T? = { () -> T? in
            guard let database = database() else { return nil }
            do throws(SQLiteError) {
                return try body(database)
            } catch {
                failure = error
                return nil
            }
        }()
        if let failure { failed(failure) }
        return result
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

    private func open() throws -> SQLiteDatabase {
        guard g_mkdir_with_parents(directory, 0o700) == 0 else {
            throw StoreProblem.unwritable(path: directory, reason: LocalFile.reason(for: errno))
        }
        // An existing directory keeps the mode it was made with: copies are the user's alone.
        chmod(directory, 0o700)
        // SQLite's own word for this case is only "unable to open database file".
        guard access(directory, W_OK | X_OK) == 0 else {
            throw StoreProblem.unwritable(path: directory, reason: LocalFile.reason(for: errno))
        }
        removeSoupCacheLeftovers()
        // SQLite would open a FIFO and wait on it for ever.
        for file in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            if stat(file, &info) == 0, let kind = LocalFile.notRegular(info) { throw StoreProblem.notAFile(path: file, kind: kind) }
        }
        let mask = umask(0o077)
        defer { umask(mask) }
        try SQLiteDatabase.makeWhole(at: path, schema: Self.schema)
        let database = try SQLiteDatabase(path: path)
        // Writes are short: a quarter second is long enough for another process's (20 runs at
        // once), and short enough for the loop.
        database.setBusyTimeout(milliseconds: 250)
        try database.execute("PRAGMA synchronous = NORMAL; PRAGMA cell_size_check = ON")
        // A file made whole is in WAL mode already. One made otherwise (an empty file, or
        // made in place where links fail) is set here by the first process to get there.
        // Changing it takes a lock SQLite does not wait for, so one that meets another's
        // leaves it to the next.
        if try database.text("PRAGMA journal_mode") != "wal" {
            try database.execute("PRAGMA auto_vacuum = INCREMENTAL")
            try database.executeUnlessBusy("PRAGMA journal_mode = WAL")
        }
        var version = try database.integer("PRAGMA user_version")
        if version == 0 {
            // Read again under the write lock: another process may have made it meanwhile,
            // perhaps a newer loadrun with a newer layout.
            try database.transaction { () throws(SQLiteError) in
                version = try database.integer("PRAGMA user_version")
                guard version == 0 else { return }
                try database.execute(Self.schema)
                version = Self.layout
            }
        }
        guard version == Self.layout else { throw StoreProblem.newerLayout(path: path, version: version) }
        // Each run writes a little; the log is copied in once it has grown, not at every exit.
        database.leavesLogOnClose()
        for file in [path, path + "-wal", path + "-shm"] { chmod(file, 0o600) }
        return database
    }

    /// Layout 1: the copies, the index that orders them by use, and the bodies' total kept by
    /// triggers, so that eviction need not sum the table.
    private static let schema = """
        CREATE TABLE IF NOT EXISTS copies (
            key TEXT PRIMARY KEY, url TEXT NOT NULL, response_url TEXT, headers TEXT NOT NULL,
            body BLOB NOT NULL, size INTEGER NOT NULL, checksum TEXT NOT NULL,
            stored_at INTEGER NOT NULL, verified_at INTEGER NOT NULL, used_at INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS copies_by_use ON copies (used_at);
        CREATE TABLE IF NOT EXISTS totals (bytes INTEGER NOT NULL);
        INSERT INTO totals SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM totals);
        CREATE TRIGGER IF NOT EXISTS copies_added AFTER INSERT ON copies
            BEGIN UPDATE totals SET bytes = bytes + NEW.size; END;
        CREATE TRIGGER IF NOT EXISTS copies_dropped AFTER DELETE ON copies
            BEGIN UPDATE totals SET bytes = bytes - OLD.size; END;
        PRAGMA user_version = \(CopyStore.layout);
        """

    /// What libsoup's SoupCache left here for a loadrun before the store: its index
    /// (`soup.cache2`), a body per entry (named by a number) and loadrun's lock file. Gone
    /// once, the first time a store opens beside them.
    private func removeSoupCacheLeftovers() {
        guard unlink(directory + "/soup.cache2") == 0, let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        unlink(directory + "/lock")
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.isEmpty, name.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { continue }
            var info = stat()
            if lstat(directory + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG { unlink(directory + "/" + name) }
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
            rename(path, aside)
            rename(path + "-wal", aside + "-wal")
            rename(path + "-shm", aside + "-shm")
            tell(.damaged(path: path, movedTo: aside, reason: error.message))
        } else if error.isBusy {
            // A process that holds the lock this long may hold it for ever (stopped with
            // Ctrl-Z mid-write): the rest of the run does not wait for it again.
            if case .open(let database) = connection { database.setBusyTimeout(milliseconds: 0) }
            tell(.busy(path: path))
        } else {
            connection = .off
            tell(.unwritable(path: path, reason: error.message))
        }
    }

    /// Tells `problem`, once per kind of problem and file in a run.
    private func tell(_ problem: StoreProblem) {
        if told.insert(Self.kind(of: problem)).inserted { report(problem) }
    }

    private static func kind(of problem: StoreProblem) -> String {
        switch problem {
        case .damaged: "damaged"
        case .unwritable, .notAFile, .newerLayout: "off"
        case .damagedCopy(let url): "copy " + url
        case .busy: "busy"
        }
    }

    // MARK: Headers as text

    private static func headerText(_ headers: HTTPHeaders) -> String {
        let kept = Set(StoredCopy.keptHeaders.map { $0.lowercased() })
        return headers.filter { kept.contains($0.name.lowercased()) }
            .map { "\($0.name): \($0.value)\n" }.joined()
    }

    private static func headers(from text: [UInt8]) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(name: String(line[..<colon]), value: String(line[line.index(after: colon)...].dropFirst()))
        }
        return headers
    }
}
