import Loader
/// What goes into the history and what comes out of it, as values.
extension HistoryStore {
    /// One load that brought content, to record.
    public struct Load: Sendable {
        public var source: String
        public var url: String
        /// Milliseconds since the epoch.
        public var at: Int
        public var status: Int?
        public var etag: String?
        public var lastModified: String?
        /// The media type the content is decoded from, with its parameters (`Content-Type`).
        public var contentType: String?
        /// The plugin that decoded it, and the jq program it ran, if one did.
        public var plugin: String
        public var program: String?
        /// The content as it came (one page), or the content's JSON (several pages),
        /// compressed (`HistoryStore.pack`); nil when it was too large to keep.
        public var content: [UInt8]?
        /// The content's size before it was compressed.
        public var size: Int
        /// Tells this content from the last version's (`ContentFingerprint`).
        public var fingerprint: UInt64
        /// For a list: each item's key (its id, or a hash of it) and a hash of its fields.
        public var items: [Item]?
        /// How many versions of the source to keep.
        public var keep: Int
        /// The last version, when the load found its content unchanged from it: only its
        /// last-seen time moves.
        public var sameAs: LastVersion?

        public init(source: String, url: String, at: Int, status: Int?, etag: String?, lastModified: String?, contentType: String?,
                    plugin: String, program: String?, content: [UInt8]?, size: Int, fingerprint: UInt64, items: [Item]?, keep: Int,
                    sameAs: LastVersion? = nil) {
            self.sameAs = sameAs
            self.source = source
            self.url = url
            self.at = at
            self.status = status
            self.etag = etag
            self.lastModified = lastModified
            self.contentType = contentType
            self.plugin = plugin
            self.program = program
            self.content = content
            self.size = size
            self.fingerprint = fingerprint
            self.items = items
            self.keep = keep
        }
    }

    /// A source's last version, as a load compares its content with it.
    public struct LastVersion: Sendable, Equatable {
        /// The version's row, whose last-seen time a load of the same content moves.
        public var id: Int
        public var fingerprint: UInt64

        public init(id: Int, fingerprint: UInt64) {
            self.id = id
            self.fingerprint = fingerprint
        }
    }

    /// An item of a list, as a version keeps it.
    public struct Item: Sendable, Equatable, Hashable {
        /// `id:…` from the item's id, or `hash:…` of its fields when it has none.
        public var key: String
        /// A hash of its fields: the same key with another hash is a changed item.
        public var hash: String

        public init(key: String, hash: String) {
            self.key = key
            self.hash = hash
        }
    }

    /// A source the history knows, as `loadrun history` lists it.
    public struct SourceSummary: Sendable, Equatable {
        public var id: Int
        public var name: String
        public var url: String
        public var versions: Int
        /// Milliseconds since the epoch.
        public var firstSeen: Int
        public var lastSeen: Int
        /// The versions' contents, as they came (not compressed).
        public var bytes: Int
    }

    /// One version of a source, without its content.
    public struct Version: Sendable, Equatable {
        /// Its number among the source's versions, from 1, never reused.
        public var number: Int
        /// When it was first and last loaded, in milliseconds since the epoch.
        public var seenAt: Int
        public var lastSeen: Int
        public var status: Int?
        public var size: Int
        public var items: [Item]?
        /// Tells its content from another version's.
        public var fingerprint: UInt64

        public init(number: Int, seenAt: Int, lastSeen: Int, status: Int?, size: Int, items: [Item]?, fingerprint: UInt64) {
            self.number = number
            self.seenAt = seenAt
            self.lastSeen = lastSeen
            self.status = status
            self.size = size
            self.items = items
            self.fingerprint = fingerprint
        }
    }

    /// A version with its content, to render again.
    public struct StoredVersion: Sendable {
        public var version: Version
        public var url: String
        public var contentType: String?
        public var plugin: String
        public var program: String?
        /// nil when it was too large to keep (`HistoryStore.largestKept`).
        public var body: [UInt8]?
    }
}
