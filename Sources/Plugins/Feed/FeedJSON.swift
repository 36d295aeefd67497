internal import Loader

/// A feed as JSON Feed 1.1 (https://jsonfeed.org/version/1.1), whatever format it came in:
/// one normal form for scripts and jq. Dates are RFC 3339 in UTC; absent fields are left out,
/// as the spec has it.
enum FeedJSON {
    static let version = "https://jsonfeed.org/version/1.1"

    static func json(_ feed: Feed) -> JSON {
        var members = [JSON.Member("version", .string(version))]
        members.append(JSON.Member("title", .string(feed.title ?? "")))
        if let url = feed.homePageURL { members.append(JSON.Member("home_page_url", .string(url))) }
        if let url = feed.feedURL { members.append(JSON.Member("feed_url", .string(url))) }
        if let description = feed.description { members.append(JSON.Member("description", .string(description))) }
        if let next = feed.nextURL { members.append(JSON.Member("next_url", .string(next))) }
        members.append(JSON.Member("items", .array(feed.items.enumerated().map { item(at: $0.offset, $0.element) })))
        return .object(members)
    }

    /// An entry; JSON Feed requires an id, so one with neither id nor link gets its position.
    private static func item(at index: Int, _ item: FeedItem) -> JSON {
        var members = [JSON.Member("id", .string(item.key ?? "\(index + 1)"))]
        func add(_ key: String, _ value: String?) {
            if let value { members.append(JSON.Member(key, .string(value))) }
        }
        add("url", item.url)
        add("title", item.title)
        add("summary", item.summary)
        add("content_html", item.contentHTML)
        // JSON Feed wants one of the two: text when there is no markup.
        add("content_text", item.contentText ?? (item.contentHTML == nil ? item.summary ?? item.title ?? "" : nil))
        add("date_published", item.published?.rfc3339)
        add("date_modified", item.modified?.rfc3339)
        if !item.authors.isEmpty {
            members.append(JSON.Member("authors", .array(item.authors.map { .object([JSON.Member("name", .string($0))]) })))
        }
        if !item.tags.isEmpty { members.append(JSON.Member("tags", .array(item.tags.map(JSON.string)))) }
        return .object(members)
    }
}
