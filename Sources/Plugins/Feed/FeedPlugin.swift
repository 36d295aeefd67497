public import Loader
internal import TerminalText

/// Feeds: RSS, Atom and JSON Feed, read into one form (JSON Feed 1.1's) and shown as a list of
/// entries, newest first. Taken by their media types, or by content when the server says only
/// XML or JSON, or nothing: the root element, or JSON Feed's `version`. In browse mode an
/// entry opens its link; `--output json` is JSON Feed 1.1.
public struct FeedPlugin: ContentPlugin {
    public let name = "feed"
    public let mediaTypes = ["application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/feed+json"]
    public let summary = "RSS, Atom and JSON Feed: the entries newest first, with date, title and summary; JSON Feed 1.1 as JSON"
    public let takes = "RSS, Atom, RDF and JSON Feed, by type or by content"
    static let expected = "a feed (RSS, Atom or JSON Feed)"

    public init() {}

    public func offer(_ body: ResponseBody) -> Offer<Feed> {
        let type = body.info.mediaType?.lowercased()
        if type == "application/feed+json" || (JSONBody.mayBeJSON(body.bytes, response: body.info) && Self.mentionsJSONFeed(body.bytes)) {
            guard case .success(let json) = JSONBody.parsed(body), let feed = JSONFeedReader.read(json, url: body.info.url) else {
                return .declined
            }
            return .taken(feed)
        }
        guard Self.mayBeXMLFeed(body.bytes, type: type) else { return .declined }
        do {
            guard let feed = try FeedXMLReader.read(body.bytes, url: body.info.url, charset: body.info.charset) else { return .declined }
            return .taken(feed)
        } catch {
            return .failed(error)
        }
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> Feed {
        if let json = try? JSONBody.parse(body, response: response, expected: Self.expected), let feed = JSONFeedReader.read(json, url: response.url) {
            return feed
        }
        guard let feed = try FeedXMLReader.read(body, url: response.url, charset: response.charset) else {
            throw DecodeFailure("is not \(Self.expected): its root is no rss, RDF or feed element, nor a JSON Feed")
        }
        return feed
    }

    /// A feed's XML by its type, or XML (or nothing said) whose root element is a feed's.
    static func mayBeXMLFeed(_ body: [UInt8], type: String?) -> Bool {
        switch type {
        // The x- forms are older names still served: Debian's mime.types gives `.rss` that one.
        case "application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/x-rss+xml", "application/x-atom+xml": return true
        // Servers send feeds as text/html now and then, and GIO guesses it for a file that
        // starts with a comment: the root element tells (an HTML page's is `html`).
        case nil, "text/xml", "application/xml", "text/plain", "text/html", "application/xhtml+xml": return FeedSniffer.rootIsFeed(body)
        default: return false
        }
    }

    /// Whether the start of a JSON body names JSON Feed's version URL: a look before a parse.
    static func mentionsJSONFeed(_ body: [UInt8]) -> Bool {
        let head = body.prefix(4096)
        let needle = Array("jsonfeed.org/version".utf8)
        guard head.count >= needle.count else { return false }
        return (0...(head.count - needle.count)).contains { offset in head[(head.startIndex + offset)...].starts(with: needle) }
    }

    /// Pages of a feed (RFC 5005's `next`) are appended.
    public func merge(_ existing: Feed, _ next: Feed) -> Feed? {
        var merged = existing
        merged.items += next.items
        merged.nextURL = next.nextURL
        merged.wellFormed = existing.wellFormed && next.wellFormed
        return merged
    }

    public func itemCount(_ model: Feed) -> Int? { model.items.count }

    /// Atom's `rel="next"` (RFC 5005), or JSON Feed's `next_url`: `--pages` follows it.
    public func nextPage(_ model: Feed) -> String? { model.nextURL }

    public func notes(_ model: Feed) -> [String] {
        model.wellFormed ? [] : ["the feed is not well-formed XML; read in libxml2's recover mode, so entries may be missing or cut"]
    }

    public func emptyState(_ model: Feed) -> String? {
        model.items.isEmpty ? "no entries in \(UntrustedText.forTerminalLine(model.title ?? "the feed"))" : nil
    }

    public func renderJSON(_ model: Feed, context: RenderContext) -> String {
        JSONWriter(context: context).write(FeedJSON.json(model))
    }

    public func writeJSON(_ model: Feed, context: RenderContext, to sink: RenderSink) {
        JSONWriter(context: context).write(FeedJSON.json(model), to: sink)
    }

    /// A heading over three entries' date, title and summary bars.
    public func skeleton(context: RenderContext) -> String {
        Skeleton.bars([0.4, 0, 0.8, 0.6, 0, 0.7, 0.5, 0, 0.75, 0.55], context: context)
    }

    public func render(_ feed: Feed, context: RenderContext) -> String {
        RenderSink.collect { write(feed, context: context, to: $0) }
    }

    public func write(_ feed: Feed, context: RenderContext, to sink: RenderSink) {
        FeedView(context: context).write(feed, to: sink)
    }

    public func renderItems(_ feed: Feed, context: RenderContext) -> RenderedItems? {
        ItemLineRecorder.record { FeedView(context: context).write(feed, to: $0.sink, recorder: $0) }
    }

    public let itemsHaveEntries = true

    /// An entry's own words, before its web page (see `FeedEntryPage`), in the list's order.
    public func entry(_ feed: Feed, at index: Int) -> AnyContent? {
        guard feed.newestFirstOrder.indices.contains(index) else { return nil }
        return AnyContent(FeedEntryPage.article(feed, place: feed.newestFirstOrder[index]), decoder: ArticlesPlugin())
    }

    public let noDetailNote: String? = "this entry has no link: it is shown whole, as the feed gives it"

    /// An entry's fields, in the order the list shows them (newest first): its id (or link),
    /// which marks it across reloads, and its url, which browse mode opens.
    public func itemFields(_ feed: Feed, at index: Int) -> [String: String]? {
        guard feed.newestFirstOrder.indices.contains(index) else { return nil }
        let item = feed.items[feed.newestFirstOrder[index]]
        var fields: [String: String] = [:]
        fields["id"] = item.key
        fields["url"] = item.url
        fields["title"] = item.title
        fields["summary"] = item.summary
        fields["date_published"] = item.published?.rfc3339
        fields["date_modified"] = item.modified?.rfc3339
        if !item.authors.isEmpty { fields["authors"] = item.authors.joined(separator: ", ") }
        if !item.tags.isEmpty { fields["tags"] = item.tags.joined(separator: ", ") }
        return fields
    }
}
