/// A feed, whatever its format (RSS 0.9x, 1.0 and 2.0, Atom 0.3 and 1.0, JSON Feed 1.0 and
/// 1.1), in JSON Feed 1.1's terms: loadrun's one normal form for feeds.
public struct Feed: Equatable, Sendable {
    /// The format it came in, as people name it: `RSS 2.0`, `Atom 1.0`, `JSON Feed 1.1`.
    public var format: String
    public var title: String?
    public var homePageURL: String?
    public var feedURL: String?
    public var description: String?
    /// The entries, in the document's order.
    public var items: [FeedItem] {
        didSet { newestFirstOrder = Self.newestFirstOrder(of: items) }
    }
    /// The entries newest first, as places in `items`: by publication, else modification
    /// date; undated ones after the dated ones, in the document's order. Worked out once, since
    /// a list's every item is asked for by its place in the list.
    public private(set) var newestFirstOrder: [Int] = []
    /// The next page of the feed (Atom's `rel="next"`, RFC 5005), resolved.
    public var nextURL: String?
    /// Whether the document needed libxml2's recovery to be read at all.
    public var wellFormed = true

    public init(format: String, title: String? = nil, homePageURL: String? = nil, feedURL: String? = nil,
                description: String? = nil, items: [FeedItem] = [], nextURL: String? = nil) {
        self.format = format
        self.title = title
        self.homePageURL = homePageURL
        self.feedURL = feedURL
        self.description = description
        self.items = items
        self.nextURL = nextURL
        newestFirstOrder = Self.newestFirstOrder(of: items)
    }

    private static func newestFirstOrder(of items: [FeedItem]) -> [Int] {
        // Sorted as (date, place) pairs: reaching into the items from the comparison cost a
        // fifth of the sort. Undated ones sort as older than any date.
        var keys = items.indices.map { (seconds: items[$0].date?.seconds ?? .min, dated: items[$0].date != nil, place: $0) }
        keys.sort { a, b in
            if a.dated != b.dated { return a.dated }
            return a.seconds != b.seconds ? a.seconds > b.seconds : a.place < b.place
        }
        return keys.map { $0.place }
    }
}

/// One entry of a feed. Titles and summaries are plain text; `contentHTML` is markup as the
/// feed gave it.
public struct FeedItem: Equatable, Sendable {
    public var id: String?
    public var url: String?
    public var title: String?
    public var summary: String?
    public var contentHTML: String?
    public var contentText: String?
    public var published: FeedDate?
    public var modified: FeedDate?
    public var authors: [String] = []
    public var tags: [String] = []

    public init(id: String? = nil, url: String? = nil, title: String? = nil, summary: String? = nil) {
        self.id = id
        self.url = url
        self.title = title
        self.summary = summary
    }

    /// When it was published, else last changed.
    public var date: FeedDate? { published ?? modified }

    /// What tells it apart from the other entries across loads: its id, else its link.
    public var key: String? { id ?? url }
}
