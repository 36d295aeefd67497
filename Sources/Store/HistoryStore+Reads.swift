/// The items of each source's list that the user opened, as a feed reader keeps them: by the
/// source's URL (the history's identity of a request) and the item's key, across runs. They
/// outlive the versions that held the items, and are bounded per source.
extension HistoryStore {
    /// The read marks a source keeps, the most recent: a feed read for years stays small.
    public static let readsKept = 10_000

    /// Marks the items with `keys` of the source at `url` read (at `at`, milliseconds since the
    /// epoch) or unread, in one transaction. Returns false when the history could not be
    /// written; `isBusy` then says whether another process's lock kept it out, and the marks
    /// may be written again later. `waitsForLock`, `last`: as `record`'s.
    @discardableResult
    public func mark(_ keys: [String], of url: String, read: Bool, at: Int, waitsForLock: Bool = true, last: Bool = false) -> Bool {
        guard !keys.isEmpty else { return true }
        return file.attempt(lock: !waitsForLock ? .never : last ? .always : .unlessCooling) { (database) throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                let change = try database.prepare(read
                    ? "INSERT INTO reads (url, item, read_at) VALUES (?, ?, ?) ON CONFLICT (url, item) DO UPDATE SET read_at = excluded.read_at"
                    : "DELETE FROM reads WHERE url = ? AND item = ?")
                for key in keys {
                    if read { try change.bind(.text(url), .text(key), .integer(at)).run() } else { try change.bind(.text(url), .text(key)).run() }
                }
                guard read else { return }
                // Exactly the surplus, the oldest first: marks made together share their time.
                try database.prepare("""
                    DELETE FROM reads WHERE url = ? AND item IN (SELECT item FROM reads WHERE url = ?
                        ORDER BY read_at DESC, item DESC LIMIT -1 OFFSET \(Self.readsKept))
                    """).bind(.text(url), .text(url)).run()
            }
        } != nil
    }
}

extension HistoryStore {
    /// Whether the last write met another process's lock held too long.
    public var isBusy: Bool { file.lastAttemptWasBusy }

    /// The keys of the items marked read of each of the sources at `urls`, from one query;
    /// nil when the history cannot be read.
    public func readItems(of urls: Set<String>) -> [String: Set<String>]? {
        file.attempt { (database) throws(SQLiteError) -> [String: Set<String>] in
            var keys: [String: Set<String>] = [:]
            // A few sources by their key; many (a full-screen watch of thousands) in one pass
            // over the marks, rather than a query each.
            if urls.count <= Self.sourcesLookedUpOneByOne {
                let select = try database.prepare("SELECT item FROM reads WHERE url = ?")
                for url in urls {
                    try select.bind(.text(url))
                    while try select.step() { if let key = select.text(0) { keys[url, default: []].insert(key) } }
                }
                return keys
            }
            let select = try database.prepare("SELECT url, item FROM reads")
            try select.bind()
            while try select.step() {
                guard let url = select.text(0), urls.contains(url), let key = select.text(1) else { continue }
                keys[url, default: []].insert(key)
            }
            return keys
        }
    }

    /// Up to how many sources `readItems` asks for one by one.
    static let sourcesLookedUpOneByOne = 64
}
