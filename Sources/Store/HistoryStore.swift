import Loader
/// Each source's versions across runs, in one SQLite file (`history.sqlite` in
/// `$XDG_STATE_HOME/loadrun`): state, not cache, so kept apart from the copy store.
///
/// - Sources are known by URL; the name is the one the last run gave.
/// - A load that brings content records a version, unless its content is the source's last
///   version's, which then only has its last-seen time moved.
/// - Each version keeps its content compressed (zlib), its status, validators and size, and
///   for a list its items' keys, which `--unseen` and the diffs read.
/// - Bounded: `keep` versions per source, and `limit` bytes of compressed content in all, the
///   oldest dropped first.
/// - Shared by many processes, damaged or unwritable files handled as `StoreFile` handles
///   them: a history problem never fails a load.
public final class HistoryStore {
    public static let fileName = "history.sqlite"
    /// The compressed contents kept in all: 256 MiB.
    public static let defaultLimit = 256 << 20
    /// The largest content a version keeps: the history compresses on the loop, and a
    /// larger one would hold its first view back. Above it, a version keeps all but its content.
    public static let largestKept = 8 << 20
    private static let layout = 3

    let file: StoreFile
    private let limit: Int
    private lazy var compressor = ZlibCodec.Compressor()
    public var path: String { file.path }

    /// A history in `directory` (made 0700 on first use), told problems through `report`.
    public init(directory: String, limit: Int = HistoryStore.defaultLimit, report: @escaping (StoreProblem) -> Void) {
        self.limit = limit
        // Every run that loads writes the history (a last-seen time at least): its log is
        // kept to 64 pages, a quarter megabyte for the next run to read.
        file = StoreFile(directory: directory, fileName: Self.fileName, schema: Self.schema, layout: Self.layout,
                         migrations: [1: Self.readsTable, 2: Self.filtersTable], logPages: 64,
                         report: { report(.history($0)) })
    }

    // MARK: Recording

    /// `body` as a version keeps it: compressed; nil when it is larger than a version keeps.
    public func pack(_ body: [UInt8]) -> [UInt8]? {
        body.count <= Self.largestKept ? compressor.compress(body) : nil
    }

    /// How long after a lock held too long a batch is best tried again.
    public static let retryDelay = StoreFile.busyCooldown

    /// Records `loads`, in one transaction: a batch of a run's loads costs one commit.
    /// `waitsForLock` false: another process's lock is not waited for (a run a signal ends
    /// leaves at once), and the batch is then left unrecorded; `last`: the run's last batch,
    /// which waits for a lock even just after one was held too long. Returns false when
    /// another process's lock kept the batch out: it may be recorded again later.
    @discardableResult
    public func record(_ loads: [Load], waitsForLock: Bool = true, last: Bool = false) -> Bool {
        guard !loads.isEmpty else { return true }
        file.attempt(lock: !waitsForLock ? .never : last ? .always : .unlessCooling) { (database) throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                // Prepared once for the batch: a thousand sources found unchanged cost a
                // thousand runs of one statement, and nothing more.
                // Only while it is the source's newest: another process may have recorded a
                // newer one since this run looked.
                let touch = try database.prepare("""
                    UPDATE versions SET last_seen = ? WHERE id = ? AND fingerprint = ?
                        AND number = (SELECT max(number) FROM versions w WHERE w.source = versions.source)
                    """)
                // The name the last run gave goes with the touch: `loadrun bret` after the same
                // URL was loaded as user1.rss finds it as bret.
                let rename = try database.prepare("""
                    UPDATE sources SET name = ?, last_seen = max(last_seen, ?)
                        WHERE id = (SELECT source FROM versions WHERE id = ?) AND (name != ? OR last_seen < ?)
                    """)
                for load in loads {
                    if let same = load.sameAs {
                        try touch.bind(.integer(load.at), .integer(same.id), .integer(Int(truncatingIfNeeded: same.fingerprint))).run()
                        if database.changes > 0 {
                            try rename.bind(.text(load.source), .integer(load.at), .integer(same.id), .text(load.source), .integer(load.at)).run()
                            continue
                        }
                        // Gone meanwhile (trimmed by another process): recorded as any load is.
                    }
                    try record(load, in: database)
                }
                try evict(database)
            }
            file.keepLogShort(database)
        }
        return !file.lastAttemptWasBusy
    }

    private func record(_ load: Load, in database: SQLiteDatabase) throws(SQLiteError) {
        let source = try sourceID(load.source, url: load.url, at: load.at, in: database)
        let last = try database.prepare("SELECT number, fingerprint FROM versions WHERE source = ? ORDER BY number DESC LIMIT 1")
        try last.bind(.integer(source))
        let previous: (number: Int, fingerprint: Int)? = try last.step() ? (last.integer(0), last.integer(1)) : nil
        last.reset()
        let fingerprint = Int(truncatingIfNeeded: load.fingerprint)
        if let previous, previous.fingerprint == fingerprint {
            try database.prepare("UPDATE versions SET last_seen = ? WHERE source = ? AND number = ?")
                .bind(.integer(load.at), .integer(source), .integer(previous.number)).run()
            return
        }
        let number = (previous?.number ?? 0) + 1
        try database.prepare("""
            INSERT INTO versions (source, number, seen_at, last_seen, status, etag, last_modified, content_type, plugin, program,
                                  size, fingerprint)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).bind(.integer(source), .integer(number), .integer(load.at), .integer(load.at), load.status.map { .integer($0) } ?? .null,
                      load.etag.map { .text($0) } ?? .null, load.lastModified.map { .text($0) } ?? .null,
                      load.contentType.map { .text($0) } ?? .null, .text(load.plugin), load.program.map { .text($0) } ?? .null,
                      .integer(load.size), .integer(fingerprint)).run()
        try database.prepare("INSERT INTO contents (version, stored, content, items) VALUES (last_insert_rowid(), ?, ?, ?)")
            .bind(.integer(load.content?.count ?? 0), load.content.map { .blob($0) } ?? .null,
                  load.items.map { .text(Self.itemsText($0)) } ?? .null).run()
        try database.prepare("DELETE FROM versions WHERE source = ? AND number <= ?")
            .bind(.integer(source), .integer(number - max(load.keep, 1))).run()
    }

    /// The source's row, made now if it is new; its last-seen time moved to `at`.
    private func sourceID(_ name: String, url: String, at: Int, in database: SQLiteDatabase) throws(SQLiteError) -> Int {
        try database.prepare("""
            INSERT INTO sources (name, url, first_seen, last_seen) VALUES (?, ?, ?, ?)
            ON CONFLICT (url) DO UPDATE SET name = excluded.name, last_seen = max(last_seen, excluded.last_seen)
            """).bind(.text(name), .text(url), .integer(at), .integer(at)).run()
        let select = try database.prepare("SELECT id FROM sources WHERE url = ?")
        try select.bind(.text(url))
        return try select.step() ? select.integer(0) : 0
    }

    /// Drops the oldest versions of any source once the compressed contents pass the limit,
    /// down to nine tenths of it, keeping each source's newest.
    private func evict(_ database: SQLiteDatabase) throws(SQLiteError) {
        guard try database.integer("SELECT bytes FROM totals") > limit else { return }
        let oldest = try database.prepare("""
            DELETE FROM versions WHERE id = (SELECT v.id FROM versions v
                WHERE v.number < (SELECT max(number) FROM versions w WHERE w.source = v.source) ORDER BY v.seen_at LIMIT 1)
            """)
        while try database.integer("SELECT bytes FROM totals") > limit / 10 * 9 {
            try oldest.run()
            if database.changes == 0 { break }
        }
        try database.execute("PRAGMA incremental_vacuum")
    }

    // MARK: Items shown, for --unseen

    /// The items the source's versions first seen before `before` (milliseconds since the
    /// epoch) held, which is every item an earlier run showed, as far as `keep` reaches; and
    /// when the last of those runs loaded it. nil when the history cannot be read.
    public func itemsShown(by url: String, before: Int) -> (keys: Set<String>, lastRun: Int?)? {
        file.attempt { (database) throws(SQLiteError) -> (keys: Set<String>, lastRun: Int?) in
            let select = try database.prepare("""
                SELECT c.items, v.last_seen FROM versions v LEFT JOIN contents c ON c.version = v.id
                WHERE v.source = (SELECT id FROM sources WHERE url = ?) AND v.seen_at < ?
                """)
            try select.bind(.text(url), .integer(before))
            var keys = Set<String>()
            var lastRun: Int?
            while try select.step() {
                for item in select.text(0).map(Self.items(fromText:)) ?? [] { keys.insert(item.key) }
                lastRun = max(lastRun ?? 0, select.integer(1))
            }
            return (keys, lastRun)
        }
    }

    // MARK: Layout

    /// The items as lines of `key<TAB>hash`, a key's backslashes, tabs and line breaks
    /// escaped (`\\`, `\t`, `\n`, `\r`): an RSS guid wrapped over two lines is one key, the
    /// same on every run.
    static func itemsText(_ items: [Item]) -> String { items.map { escaped($0.key) + "\t" + $0.hash }.joined(separator: "\n") }

    static func items(fromText text: String) -> [Item] {
        text.split(separator: "\n").map { line in
            // The hash has no tab: the last one ends the key.
            guard let tab = line.lastIndex(of: "\t") else { return Item(key: unescaped(line), hash: "") }
            return Item(key: unescaped(line[..<tab]), hash: String(line[line.index(after: tab)...]))
        }
    }

    private static func escaped(_ key: String) -> String {
        guard key.contains(where: { $0 == "\\" || $0 == "\t" || $0.isNewline }) else { return key }
        var out = ""
        for character in key {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\r\n": out += "\\r\\n"
            default: out.append(character)
            }
        }
        return out
    }

    private static func unescaped(_ key: Substring) -> String {
        guard key.contains("\\") else { return String(key) }
        var out = ""
        var escaping = false
        for character in key {
            if escaping {
                switch character {
                case "t": out.append("\t")
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: out.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// Layout 2 added the items read (`HistoryStore+Reads`), by the source's URL and the
    /// item's key: a list's read marks outlive its versions.
    static let readsTable = """
        CREATE TABLE IF NOT EXISTS reads (
            url TEXT NOT NULL, item TEXT NOT NULL, read_at INTEGER NOT NULL, PRIMARY KEY (url, item)) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS reads_by_age ON reads (url, read_at);
        """

    /// Layout 1: the sources, known by URL (a URL's name may change with the URLs beside it),
    /// their versions (numbered per source), each version's content and items apart (a run
    /// that finds a thousand sources unchanged moves a thousand last-seen times, which then
    /// fill a few pages, not every page the contents take), and the compressed contents'
    /// total, kept by triggers.
    private static let schema = """
        CREATE TABLE IF NOT EXISTS sources (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, url TEXT NOT NULL,
            first_seen INTEGER NOT NULL, last_seen INTEGER NOT NULL, UNIQUE (url));
        CREATE TABLE IF NOT EXISTS versions (
            id INTEGER PRIMARY KEY, source INTEGER NOT NULL, number INTEGER NOT NULL,
            seen_at INTEGER NOT NULL, last_seen INTEGER NOT NULL, status INTEGER, etag TEXT, last_modified TEXT,
            content_type TEXT, plugin TEXT NOT NULL, program TEXT, size INTEGER NOT NULL,
            fingerprint INTEGER NOT NULL, UNIQUE (source, number));
        CREATE TABLE IF NOT EXISTS contents (
            version INTEGER PRIMARY KEY, stored INTEGER NOT NULL, content BLOB, items TEXT);
        CREATE INDEX IF NOT EXISTS versions_by_age ON versions (seen_at);
        CREATE TABLE IF NOT EXISTS totals (bytes INTEGER NOT NULL);
        INSERT INTO totals SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM totals);
        CREATE TRIGGER IF NOT EXISTS contents_added AFTER INSERT ON contents
            BEGIN UPDATE totals SET bytes = bytes + NEW.stored; END;
        CREATE TRIGGER IF NOT EXISTS contents_dropped AFTER DELETE ON contents
            BEGIN UPDATE totals SET bytes = bytes - OLD.stored; END;
        CREATE TRIGGER IF NOT EXISTS versions_dropped AFTER DELETE ON versions
            BEGIN DELETE FROM contents WHERE version = OLD.id; END;
        \(readsTable)
        \(filtersTable)
        PRAGMA user_version = \(HistoryStore.layout);
        """
}
