/// The jq filters typed in the full-screen view (`|`), kept per source as a shell keeps its
/// history: by the source's URL (the history's identity of a request), the newest first, so
/// that the next run's prompt offers them with ↑. Bounded per source.
extension HistoryStore {
    /// The filters a source keeps, the most recent.
    public static let filtersKept = 50

    /// Layout 3 added the filters typed in the view, by the source's URL.
    static let filtersTable = """
        CREATE TABLE IF NOT EXISTS filters (
            url TEXT NOT NULL, program TEXT NOT NULL, used_at INTEGER NOT NULL, PRIMARY KEY (url, program)) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS filters_by_age ON filters (url, used_at);
        """

    /// Keeps `program` as the filter last used (at `at`, milliseconds since the epoch) on the
    /// source at `url`, the oldest past `filtersKept` going. Returns false when the history
    /// could not be written.
    @discardableResult
    public func keepFilter(_ program: String, of url: String, at: Int) -> Bool {
        file.attempt(lock: .unlessCooling) { (database) throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                try database.prepare("""
                    INSERT INTO filters (url, program, used_at) VALUES (?, ?, ?)
                        ON CONFLICT (url, program) DO UPDATE SET used_at = excluded.used_at
                    """).bind(.text(url), .text(program), .integer(at)).run()
                try database.prepare("""
                    DELETE FROM filters WHERE url = ? AND program IN (SELECT program FROM filters WHERE url = ?
                        ORDER BY used_at DESC, program DESC LIMIT -1 OFFSET \(Self.filtersKept))
                    """).bind(.text(url), .text(url)).run()
            }
        } != nil
    }

    /// The filters kept for each of the sources at `urls`, the newest first; nil when the
    /// history cannot be read.
    public func filters(of urls: Set<String>) -> [String: [String]]? {
        file.attempt { (database) throws(SQLiteError) -> [String: [String]] in
            var kept: [String: [String]] = [:]
            let select = try database.prepare("SELECT program FROM filters WHERE url = ? ORDER BY used_at DESC, program DESC")
            for url in urls {
                try select.bind(.text(url))
                while try select.step() { if let program = select.text(0) { kept[url, default: []].append(program) } }
            }
            return kept
        }
    }
}
