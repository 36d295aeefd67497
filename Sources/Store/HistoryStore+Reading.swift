import Loader
/// What `loadrun history` and the views read from the history.
extension HistoryStore {
    /// Every source the history knows, the one seen last first; nil when it cannot be read.
    public func sources() -> [SourceSummary]? {
        file.attempt { (database) throws(SQLiteError) -> [SourceSummary] in
            let select = try database.prepare("""
                SELECT s.id, s.name, s.url, count(v.id), s.first_seen, max(v.last_seen), coalesce(sum(v.size), 0)
                FROM sources s LEFT JOIN versions v ON v.source = s.id GROUP BY s.id HAVING count(v.id) > 0
                ORDER BY max(v.last_seen) DESC, s.name
                """)
            var sources: [SourceSummary] = []
            while try select.step() {
                sources.append(SourceSummary(id: select.integer(0), name: select.text(1) ?? "", url: select.text(2) ?? "",
                                             versions: select.integer(3), firstSeen: select.integer(4), lastSeen: select.integer(5),
                                             bytes: select.integer(6)))
            }
            return sources
        }
    }

    /// Each source's last version, by two index lookups each, all in one read: a load that
    /// finds its content unchanged keeps neither the content nor its items again, and only
    /// moves this version's last-seen time. nil for a source with none; all nil when the
    /// history cannot be read.
    public func lastVersions(of urls: [String]) -> [LastVersion?] {
        file.attempt { (database) throws(SQLiteError) -> [LastVersion?] in
            // One read transaction: each lookup on its own would take and drop the log's
            // locks, two system calls apiece, a thousand times for a thousand sources.
            try database.execute("BEGIN")
            defer { try? database.execute("COMMIT") }
            let select = try database.prepare("""
                SELECT v.id, v.fingerprint FROM versions v WHERE v.source = (SELECT id FROM sources WHERE url = ?)
                ORDER BY v.number DESC LIMIT 1
                """)
            return try urls.map { url throws(SQLiteError) -> LastVersion? in
                try select.bind(.text(url))
                defer { select.reset() }
                guard try select.step() else { return nil }
                return LastVersion(id: select.integer(0), fingerprint: UInt64(bitPattern: Int64(select.integer(1))))
            }
        } ?? urls.map { _ in nil }
    }

    /// The versions of source `id`, newest first.
    public func versions(of id: Int) -> [Version]? {
        file.attempt { (database) throws(SQLiteError) -> [Version] in
            let select = try database.prepare("""
                SELECT v.number, v.seen_at, v.last_seen, v.status, v.size, c.items, v.fingerprint
                FROM versions v LEFT JOIN contents c ON c.version = v.id WHERE v.source = ? ORDER BY v.number DESC
                """)
            try select.bind(.integer(id))
            var versions: [Version] = []
            while try select.step() { versions.append(Self.versionRow(select)) }
            return versions
        }
    }

    /// Version `number` of source `id`, with its content inflated; nil when there is no such
    /// version or its content cannot be read back.
    public func version(_ number: Int, of id: Int) -> StoredVersion? {
        file.attempt { (database) throws(SQLiteError) -> StoredVersion? in
            let select = try database.prepare("""
                SELECT v.number, v.seen_at, v.last_seen, v.status, v.size, c.items, v.fingerprint, s.url, v.content_type, v.plugin, v.program,
                       c.content
                FROM versions v JOIN sources s ON s.id = v.source LEFT JOIN contents c ON c.version = v.id
                WHERE v.source = ? AND v.number = ?
                """)
            try select.bind(.integer(id), .integer(number))
            guard try select.step() else { return nil }
            let version = Self.versionRow(select)
            // No blob: the content was too large to keep (even an empty one compresses to some bytes).
            let packed = select.blob(11)
            var body: [UInt8]?
            if !packed.isEmpty {
                guard let inflated = ZlibCodec.decompress(packed, limit: Self.largestKept) else { return nil }
                body = inflated
            }
            return StoredVersion(version: version, url: select.text(7) ?? "", contentType: select.text(8), plugin: select.text(9) ?? "",
                                 program: select.text(10), body: body)
        } ?? nil
    }

    /// The version of the first seven columns of `select`: number, seen, last seen, status,
    /// size, items and fingerprint.
    private static func versionRow(_ select: SQLiteStatement) -> Version {
        let status = select.text(3).flatMap { Int($0) }
        return Version(number: select.integer(0), seenAt: select.integer(1), lastSeen: select.integer(2), status: status,
                       size: select.integer(4), items: select.text(5).map(items(fromText:)),
                       fingerprint: UInt64(bitPattern: Int64(select.integer(6))))
    }
}
