internal import Loader

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1): an object whose `version` is
/// the spec's URL. Its `content_html` and `summary` are read by the HTML view's rules.
enum JSONFeedReader {
    static let versionPrefix = "https://jsonfeed.org/version/"

    /// The feed `json` is; nil when it is no JSON Feed.
    static func read(_ json: JSON, url: String) -> Feed? {
        guard case .string(let version) = json["version"] ?? .null,
              version.hasPrefix(versionPrefix) || version.hasPrefix("http://jsonfeed.org/version/") else { return nil }
        let number = version.split(separator: "/").last.map(String.init) ?? "1"
        var feed = Feed(format: "JSON Feed \(number)")
        feed.title = json["title"]?.string.map(Whitespace.collapsed)
        feed.homePageURL = json["home_page_url"]?.string.flatMap { URLParts.resolve($0, against: url) }
        feed.feedURL = json["feed_url"]?.string.flatMap { URLParts.resolve($0, against: url) }
        feed.description = json["description"]?.string
        feed.nextURL = json["next_url"]?.string.flatMap { URLParts.resolve($0, against: url) }
        let feedAuthors = authors(of: json)
        if case .array(let items) = json["items"] ?? .null {
            feed.items = items.map { item(from: $0, base: url, feedAuthors: feedAuthors) }
        }
        return feed
    }

    private static func item(from json: JSON, base: String, feedAuthors: [String]) -> FeedItem {
        var item = FeedItem()
        // An id may be a number in feeds written before 1.0 said string.
        item.id = json["id"]?.scalarText.flatMap { $0 == "null" ? nil : $0 }
        item.url = (json["url"]?.string ?? json["external_url"]?.string).flatMap { URLParts.resolve($0, against: base) }
        item.title = json["title"]?.string.map(Whitespace.collapsed).flatMap { $0.isEmpty ? nil : $0 }
        item.contentHTML = json["content_html"]?.string
        item.contentText = json["content_text"]?.string
        // summary and content_text are plain text; only content_html is markup.
        let summary = json["summary"]?.string ?? item.contentText
        item.summary = (summary ?? item.contentHTML.map { HTMLReader.plainText(ofFragment: $0, base: base) })
            .flatMap { $0.isEmpty ? nil : $0 }
        item.published = json["date_published"]?.string.flatMap(FeedDate.init)
        item.modified = json["date_modified"]?.string.flatMap(FeedDate.init)
        let own = authors(of: json)
        item.authors = own.isEmpty ? feedAuthors : own
        if case .array(let tags) = json["tags"] ?? .null { item.tags = tags.compactMap(\.string) }
        return item
    }

    /// `authors` (1.1), or `author` (1.0): each one's name.
    private static func authors(of json: JSON) -> [String] {
        if case .array(let authors) = json["authors"] ?? .null { return authors.compactMap { $0["name"]?.string } }
        return json["author"]?["name"]?.string.map { [$0] } ?? []
    }
}
