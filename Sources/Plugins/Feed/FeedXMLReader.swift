internal import CLibXML2
internal import Loader

/// RSS 0.9x, 1.0 (RDF) and 2.0, and Atom 0.3 and 1.0, read through libxml2 in its recover
/// mode (`XMLDocument`: no DTD read, no entity expanded), with namespaces as declared: Dublin
/// Core, `content:encoded`, Atom inside RSS, media RSS. Links resolve against `xml:base` and
/// the document's URL.
enum FeedXMLReader {
    static let atom = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let rss10 = "http://purl.org/rss/1.0/"
    static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let media = "http://search.yahoo.com/mrss/"

    /// More tags (each `<`, closing ones too) than loadrun reads into a tree: a million elements,
    /// each about 150 bytes in libxml2's tree with its text; 100,000 entries of six elements fit.
    static let maxTags = 2_000_000

    /// The feed in `body`; nil when its root is no feed's (another plugin's, then).
    static func read(_ body: [UInt8], url: String, charset: String?) throws(DecodeFailure) -> Feed? {
        let tags = body.reduce(0) { $1 == UInt8(ascii: "<") ? $0 + 1 : $0 }
        guard tags <= maxTags else {
            throw DecodeFailure("is a feed with more than \(maxTags) tags, more than loadrun reads", suggestion: "ask the server for fewer entries")
        }
        guard let document = try XMLDocument.read(body, url: url, charset: charset, kind: "a feed") else { return nil }
        return withExtendedLifetime(document) { () -> Feed? in
            guard let root = document.root else { return nil }
            var feed: Feed?
            switch (root.name, root.namespace) {
            case ("rss", _):
                // Some publishers put RSS 2.0 in a namespace of their own (Userland's): its
                // elements are then in the root's.
                feed = rss(root, version: root.attribute("version"))
            case ("RDF", rdf):
                feed = rdfFeed(root)
            case ("feed", atom), ("feed", atom03):
                feed = self.atom(root, version: root.namespace == atom ? "1.0" : "0.3")
            case ("feed", _):
                // No namespace, or one nobody registered: Atom still, as feed readers take it,
                // its elements read in the root's namespace.
                feed = self.atom(root, version: root.attribute("version") == "0.3" ? "0.3" : "1.0")
            default:
                return nil
            }
            feed?.wellFormed = document.wellFormed
            return feed
        }
    }

    // MARK: RSS

    private static func rss(_ root: XMLElement, version: String?) -> Feed? {
        let namespace = root.namespace
        guard let channel = root.child("channel", in: [namespace]) else { return nil }
        let version = version.map { $0.hasPrefix("0.9") ? $0 : $0 == "2.0" || $0 == "2" ? "2.0" : $0 } ?? "2.0"
        var feed = channelFacts(channel, itemNamespace: namespace, format: "RSS \(version)")
        // RSS 0.9x put items beside the channel now and then; 2.0 always inside it.
        let items = channel.children.filter { $0.is("item", in: namespace) } + root.children.filter { $0.is("item", in: namespace) }
        feed.items = items.map { rssItem($0, namespace: namespace) }
        return feed
    }

    private static func rdfFeed(_ root: XMLElement) -> Feed? {
        guard let channel = root.children.first(where: { $0.name == "channel" && ($0.namespace == rss10 || $0.namespace == rss090) }) else {
            return nil
        }
        let namespace = channel.namespace
        var feed = channelFacts(channel, itemNamespace: namespace, format: namespace == rss10 ? "RSS 1.0" : "RSS 0.90")
        feed.items = root.children.filter { $0.is("item", in: namespace) }.map { rssItem($0, namespace: namespace) }
        return feed
    }

    private static func channelFacts(_ channel: XMLElement, itemNamespace namespace: String?, format: String) -> Feed {
        var feed = Feed(format: format)
        feed.title = (channel.child("title", in: [namespace]) ?? channel.child("title", in: [dublinCore]))
            .flatMap { FeedText.plain($0.text, looksLikeMarkup: true, base: $0) }
        feed.homePageURL = channel.child("link", in: [namespace]).flatMap { $0.resolve($0.text) }
        feed.description = (channel.child("description", in: [namespace]) ?? channel.child("description", in: [dublinCore]))
            .flatMap { FeedText.plain($0.text, looksLikeMarkup: true, base: $0) }
        for link in channel.children where link.is("link", in: atom) {
            let href = link.attribute("href").flatMap { link.resolve($0) }
            switch link.attribute("rel") {
            case "self": feed.feedURL = feed.feedURL ?? href
            case "next": feed.nextURL = feed.nextURL ?? href
            default: break
            }
        }
        return feed
    }

    private static func rssItem(_ element: XMLElement, namespace: String?) -> FeedItem {
        var item = FeedItem()
        let mediaTitle = element.child("title", in: [media])
        item.title = (element.child("title", in: [namespace]) ?? element.child("title", in: [dublinCore]) ?? mediaTitle)
            .flatMap { FeedText.plain($0.text, looksLikeMarkup: true, base: $0) }
        let guid = element.child("guid", in: [namespace])
        let permalink = guid.flatMap { $0.attribute("isPermaLink")?.lowercased() == "false" ? nil : $0.resolve($0.text) }
        item.url = element.child("link", in: [namespace]).flatMap { $0.resolve($0.text) }
            ?? alternateLink(of: element, in: atom) ?? permalink.flatMap { URLParts.isWeb($0) ? $0 : nil }
        item.id = guid.map { $0.text.trimmingCharacters(in: " \t\r\n") }.flatMap(FeedText.nonEmpty) ?? element.attribute("about")
        if let description = element.child("description", in: [namespace]) ?? element.child("description", in: [media]) {
            let html = description.text
            item.summary = FeedText.plain(html, looksLikeMarkup: true, base: description).flatMap(FeedText.nonEmpty)
            item.contentHTML = FeedText.nonEmpty(html)
        }
        if let encoded = element.child("encoded", in: [content]) {
            item.contentHTML = FeedText.nonEmpty(encoded.text) ?? item.contentHTML
            if item.summary == nil { item.summary = FeedText.plain(encoded.text, looksLikeMarkup: true, base: encoded).flatMap(FeedText.nonEmpty) }
        }
        item.published = (element.child("pubDate", in: [namespace]) ?? element.child("date", in: [dublinCore])).flatMap { FeedDate($0.text) }
        item.modified = element.child("updated", in: [atom]).flatMap { FeedDate($0.text) }
        item.authors = (element.children.filter { $0.is("author", in: namespace) || $0.is("creator", in: dublinCore) })
            .compactMap { FeedText.nonEmpty(FeedText.person($0.text)) }
        item.tags = element.children.filter { $0.is("category", in: namespace) || $0.is("subject", in: dublinCore) }
            .compactMap { FeedText.nonEmpty($0.text.trimmingCharacters(in: " \t\r\n")) }
        return item
    }

    // MARK: Atom

    private static func atom(_ root: XMLElement, version: String) -> Feed {
        let namespace = root.namespace
        var feed = Feed(format: "Atom \(version)")
        feed.title = root.child("title", in: [namespace]).flatMap { FeedText.construct($0).plain }
        feed.description = (root.child("subtitle", in: [namespace]) ?? root.child("tagline", in: [namespace])).flatMap { FeedText.construct($0).plain }
        for link in root.children where link.is("link", in: namespace) {
            let href = link.attribute("href").flatMap { link.resolve($0) }
            switch link.attribute("rel") ?? "alternate" {
            case "alternate": feed.homePageURL = feed.homePageURL ?? href
            case "self": feed.feedURL = feed.feedURL ?? href
            case "next": feed.nextURL = feed.nextURL ?? href
            default: break
            }
        }
        feed.items = root.children.filter { $0.is("entry", in: namespace) }.map { atomEntry($0, namespace: namespace) }
        return feed
    }

    private static func atomEntry(_ entry: XMLElement, namespace: String?) -> FeedItem {
        var item = FeedItem()
        item.title = entry.child("title", in: [namespace]).flatMap { FeedText.construct($0).plain }
            ?? entry.child("title", in: [media]).flatMap { FeedText.nonEmpty(Whitespace.collapsed($0.text)) }
        item.url = alternateLink(of: entry, in: namespace)
        item.id = entry.child("id", in: [namespace]).flatMap { FeedText.nonEmpty($0.text.trimmingCharacters(in: " \t\r\n")) }
        let summary = entry.child("summary", in: [namespace]).map(FeedText.construct)
        let content = entry.child("content", in: [namespace]).map(FeedText.construct)
        item.summary = summary?.plain ?? content?.plain
        if let content {
            if content.isHTML { item.contentHTML = content.raw } else { item.contentText = content.plain }
        } else if let summary {
            if summary.isHTML { item.contentHTML = summary.raw } else { item.contentText = summary.plain }
        }
        item.published = (entry.child("published", in: [namespace]) ?? entry.child("issued", in: [namespace])).flatMap { FeedDate($0.text) }
        item.modified = (entry.child("updated", in: [namespace]) ?? entry.child("modified", in: [namespace])).flatMap { FeedDate($0.text) }
        item.authors = entry.children.filter { $0.is("author", in: namespace) }
            .compactMap { $0.child("name", in: [namespace]).flatMap { FeedText.nonEmpty(Whitespace.collapsed($0.text)) } }
        item.tags = entry.children.filter { $0.is("category", in: namespace) }
            .compactMap { ($0.attribute("label") ?? $0.attribute("term")).flatMap { FeedText.nonEmpty(Whitespace.collapsed($0)) } }
        return item
    }

    /// The entry's page: its `link` with `rel="alternate"`, or no `rel`, resolved.
    private static func alternateLink(of element: XMLElement, in namespace: String?) -> String? {
        element.children.first { link in
            link.is("link", in: namespace) && (link.attribute("rel") ?? "alternate") == "alternate" && link.attribute("href") != nil
        }.flatMap { link in link.attribute("href").flatMap { link.resolve($0) } }
    }
}
