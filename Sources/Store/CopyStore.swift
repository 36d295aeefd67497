#if canImport(Glibc)
import Glibc
#endif
internal import CGLib
internal import CSQLite
public import Loader

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
public final class CopyStore: StoredCopies {
    static let fileName = "copies.sqlite"
    /// The bodies kept in all, by default: 256 MiB.
    public static let defaultLimit = 256 << 20
    /// The layout this code reads and writes (`PRAGMA user_version`). Layout 2: keys are the
    /// HMAC of the request's digest under `CopyKeySecret`, where layout 1's were the digest.
    private static let layout = 2

    /// How often a copy's confirmation is written, at most, by one process: a watch's 304s
    /// each second need not each be a commit. See `confirm`.
    public static let confirmationInterval = 60

    /// The file, and what goes wrong with it.
    private let file: StoreFile
    private let limit: Int
    private let confirmationInterval: Int
    /// What this process last read or confirmed of each copy (by key digest), so that a 304
    /// need not read the copy's headers back to compare its validators.
    private var known: [String: KnownCopy] = [:]
    /// The secret the keys are stored under, once read (before the file opens: a layout 1
    /// file is keyed anew with it).
    private let secret: SecretSlot
    var path: String { file.path }

    /// `keyDirectory`: where the keys' secret is kept, outside `directory` (the state
    /// directory, beside the history). `confirmationInterval`: seconds between two writes of
    /// the same copy's confirmation.
    public init(directory: String, keyDirectory: String, limit: Int = CopyStore.defaultLimit,
                confirmationInterval: Int = CopyStore.confirmationInterval, report: @escaping (StoreProblem) -> Void) {
        self.limit = limit
        self.confirmationInterval = confirmationInterval
        let secret = SecretSlot()
        self.secret = secret
        // The secret is read once the cache directory is found fit, before the file opens:
        // a layout 1 file is keyed anew with it, and without it nothing is kept.
        file = StoreFile(directory: directory, fileName: Self.fileName, schema: Self.schema, layout: Self.layout,
                         migrations: [1: ""], migrationSteps: [1: { database throws(SQLiteError) in try Self.keyAnew(database, under: secret.value!) }],
                         beforeOpening: { () throws(StoreProblem) in
                             Self.removeSoupCacheLeftovers(in: directory)
                             if secret.value == nil { secret.value = try CopyKeySecret.load(from: keyDirectory, report: report).get() }
                         }, report: report)
    }

    /// The secret once read: shared with the file's opening, which reads it, and migration.
    private final class SecretSlot {
        var value: CopyKeySecret?
    }

    /// What the store keeps for `digest`: its HMAC under the secret, never the digest itself.
    private func stored(_ digest: String) -> String { secret.value!.storedKey(digest) }

    /// A layout 1 file's keys, which were the digests, keyed anew under `secret`.
    private static func keyAnew(_ database: SQLiteDatabase, under secret: CopyKeySecret) throws(SQLiteError) {
        let select = try database.prepare("SELECT key FROM copies")
        var keys: [String] = []
        while try select.step() { if let key = select.text(0) { keys.append(key) } }
        select.reset()
        let update = try database.prepare("UPDATE copies SET key = ? WHERE key = ?")
        for key in keys { try update.bind(.text(secret.storedKey(key)), .text(key)).run() }
    }

    // MARK: Reading and writing copies

    /// The copy kept for `key`, checked against its checksum; nil when there is none, or it
    /// was damaged (then it is dropped, and that is told).
    public func copy(for key: CopyKey, url: String) -> StoredCopy? {
        file.attempt { (database) throws(SQLiteError) -> StoredCopy? in
            let storedKey = stored(key.digest)
            let select = try database.prepare("SELECT response_url, headers, body, checksum, stored_at, verified_at FROM copies WHERE key = ?")
            try select.bind(.text(storedKey))
            guard try select.step() else { return nil }
            let headers = Array((select.text(1) ?? "").utf8)
            let body = select.blob(2)
            let checksum = select.text(3) ?? ""
            let (responseURL, storedAt, verifiedAt) = (select.text(0), select.integer(4), select.integer(5))
            // Its read snapshot ends here: a write after it would meet another process's
            // commit as SQLITE_BUSY, with no wait.
            select.reset()
            guard CopyChecksum.matches(checksum, headers: headers, body: body) else {
                try database.transaction { () throws(SQLiteError) in
                    try database.prepare("DELETE FROM copies WHERE key = ?").bind(.text(storedKey)).run()
                }
                file.tell(.damagedCopy(url: URLCredentials.masked(url)))
                return nil
            }
            let info = ResponseInfo(url: responseURL ?? url, headers: Self.headers(from: headers))
            // The same bytes read again keep the time their confirmation was last written.
            let same = known[key.digest].flatMap { $0.checksum == checksum ? $0 : nil }
            known[key.digest] = KnownCopy(checksum: checksum, validators: info.validators, confirmedAt: same?.confirmedAt, unwritten: same?.unwritten)
            return StoredCopy(response: HTTPResponse(info: info, body: body), storedAt: storedAt, verifiedAt: verifiedAt)
        } ?? nil
    }

    /// Keeps `response` (a 200, whole) as the copy for `key`, in one transaction with the
    /// evictions it makes necessary. The same bytes as the copy kept are only marked verified.
    public func keep(_ response: HTTPResponse, for key: CopyKey, url: String) {
        let headers = Self.headerText(response.info.headers)
        let checksum = CopyChecksum.of(headers: Array(headers.utf8), body: response.body)
        let now = Int(time(nil))
        // Read again at the next 304: what this process knew of the copy may no longer be so.
        known[key.digest] = nil
        file.attempt { (database) throws(SQLiteError) in
            // Made once: the HMAC is the same for every statement of the write.
            let storedKey = stored(key.digest)
            try database.transaction { () throws(SQLiteError) in
                let same = try database.prepare("UPDATE copies SET verified_at = ?, used_at = \(Self.nextUse) WHERE key = ? AND checksum = ?")
                try same.bind(.integer(now), .text(storedKey), .text(checksum)).run()
                if database.changes > 0 { return }
                if response.body.count > limit {
                    // Too large to keep: an older copy would now be a lie offline.
                    try database.prepare("DELETE FROM copies WHERE key = ?").bind(.text(storedKey)).run()
                    return
                }
                // Delete, then insert: the triggers that keep the total see both.
                try database.prepare("DELETE FROM copies WHERE key = ?").bind(.text(storedKey)).run()
                try database.prepare("""
                    INSERT INTO copies (key, url, response_url, headers, body, size, checksum, stored_at, verified_at, used_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, \(Self.nextUse))
                    """).bind(.text(storedKey), .text(URLCredentials.masked(url)),
                              response.info.url == url ? .null : .text(URLCredentials.masked(response.info.url)), .text(headers),
                              .blob(response.body), .integer(response.body.count), .text(checksum),
                              .integer(now), .integer(now)).run()
                try evict(database, keeping: storedKey)
            }
            file.keepLogShort(database)
        }
    }

    /// The server said the copy kept for `key` with `validators` is current (304): it was
    /// verified now, and used now; not when the copy there is another (another process put a
    /// newer one in its place meanwhile, or none was kept).
    ///
    /// A copy this process read or confirmed is known by its checksum: the write alone tells,
    /// by `checksum = ?`, whether it is still the one there, with no headers read back. Its
    /// confirmation is written at most once per `confirmationInterval` (the first at once), and
    /// the last one waiting when the store goes: a watch's 304 every second was a commit every
    /// second. What waits is only a time: another process sees the copy confirmed up to that
    /// long before it was, and its place in the order of use as of then, still among the most
    /// recent for eviction (which frees a tenth of the limit, oldest first); a copy evicted or
    /// replaced meanwhile makes the write change nothing.
    public func confirm(_ key: CopyKey, validators: CacheValidators) {
        let now = Int(time(nil))
        guard var copy = known[key.digest], copy.validators == validators else {
            confirmUnknown(key, validators: validators, now: now)
            return
        }
        if let at = copy.confirmedAt, now - at < confirmationInterval, now >= at {
            copy.unwritten = now
            known[key.digest] = copy
            return
        }
        var written = false
        file.attempt { (database) throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                written = try Self.markConfirmed(database, key: stored(key.digest), checksum: copy.checksum, now: now)
            }
            file.keepLogShort(database)
        }
        // Not there (another process replaced or dropped it): the next 304 reads it again.
        known[key.digest] = written ? KnownCopy(checksum: copy.checksum, validators: validators, confirmedAt: now) : nil
    }

    /// `confirm` for a copy this process has not read: its headers read back, its validators
    /// compared.
    private func confirmUnknown(_ key: CopyKey, validators: CacheValidators, now: Int) {
        file.attempt { (database) throws(SQLiteError) in
            let storedKey = stored(key.digest)
            try database.transaction { () throws(SQLiteError) in
                let select = try database.prepare("SELECT headers, checksum FROM copies WHERE key = ?")
                try select.bind(.text(storedKey))
                guard try select.step() else { return }
                let headers = Self.headers(from: Array((select.text(0) ?? "").utf8))
                let checksum = select.text(1) ?? ""
                select.reset()
                guard ResponseInfo(url: "", headers: headers).validators == validators else { return }
                if try Self.markConfirmed(database, key: storedKey, checksum: checksum, now: now) {
                    known[key.digest] = KnownCopy(checksum: checksum, validators: validators, confirmedAt: now)
                }
            }
        }
    }

    /// The confirmations that wait, written now: as the run ends, whether or not the store
    /// goes with it (a watch ended by a signal quits its loop with requests in flight, whose
    /// callbacks still hold the client, and so the store, when the process exits). Without
    /// waiting for another process's lock, which must not hold up the end of a run; one lost
    /// to it is a time up to `confirmationInterval` behind.
    public func writeWaitingConfirmations() {
        let waiting = known.compactMap { digest, copy in copy.unwritten.map { (digest, copy.checksum, $0) } }
        guard !waiting.isEmpty else { return }
        file.attempt(lock: .never) { (database) throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                for (digest, checksum, at) in waiting { _ = try Self.markConfirmed(database, key: stored(digest), checksum: checksum, now: at) }
            }
        }
        // Written or lost to a lock: either way, not written twice.
        for (digest, _, _) in waiting { known[digest]?.unwritten = nil }
    }

    /// What still waits when the store goes without being told the run ended.
    deinit {
        writeWaitingConfirmations()
    }

    /// Marks the copy kept under `key` (as stored) verified and used at `now`, if it is still the one
    /// with `checksum`: returns whether it was.
    private static func markConfirmed(_ database: SQLiteDatabase, key: String, checksum: String, now: Int) throws(SQLiteError) -> Bool {
        try database.prepare("UPDATE copies SET verified_at = ?, used_at = \(Self.nextUse) WHERE key = ? AND checksum = ?")
            .bind(.integer(now), .text(key), .text(checksum)).run()
        return database.changes > 0
    }

    /// A copy as this process last saw it: which bytes (`checksum`), what they say of
    /// themselves, when this process last wrote its confirmation, and the latest 304 since
    /// then not written yet (Unix seconds).
    private struct KnownCopy {
        let checksum: String
        let validators: CacheValidators?
        let confirmedAt: Int?
        var unwritten: Int?
    }

    /// A copy's place in the order of use, for least-recently-used eviction: a sequence, not a
    /// time, so that uses within one second keep their order.
    private static let nextUse = "(SELECT coalesce(max(used_at), 0) + 1 FROM copies)"

    /// Drops the least recently used copies, `kept` (a stored key) aside, once the bodies pass the limit,
    /// down to nine tenths of it, so that the next copies need not evict again. The total
    /// is the triggers' (`totals`): asking it costs nothing, where summing the sizes was a
    /// scan of the table on every write.
    private func evict(_ database: SQLiteDatabase, keeping kept: String) throws(SQLiteError) {
        guard try database.integer("SELECT bytes FROM totals") > limit else { return }
        let oldest = try database.prepare("DELETE FROM copies WHERE key = (SELECT key FROM copies WHERE key != ? ORDER BY used_at LIMIT 1)")
        while try database.integer("SELECT bytes FROM totals") > limit / 10 * 9 {
            try oldest.bind(.text(kept)).run()
            if database.changes == 0 { break }
        }
        try database.execute("PRAGMA incremental_vacuum")
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
    private static func removeSoupCacheLeftovers(in directory: String) {
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
