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

    /// More tags (each `<` of markup, closing ones too) than loadrun reads. Entries are freed as
    /// they are read, but what is no entry stays in libxml2's tree (about 150 bytes an element
    /// with its text), and the entries' model grows with them; 100,000 entries of six elements fit.
    static let maxTags = 2_000_000

    /// The feed in `body`; nil when its root is no feed's (another plugin's, then).
    static func read(_ body: [UInt8], url: String, charset: String?) throws(DecodeFailure) -> Feed? {
        // Entries are read as they end and then freed: the tree holds one at a time.
        var items: [FeedItem] = []
        let reader: XMLDocument.ElementReader = { element, depth in
            guard lr_xml_declares_entities(element.document) == 0, let item = entry(element, depth: depth) else { return false }
            items.append(item)
            return true
        }
        guard let document = try XMLDocument.read(body, url: url, charset: charset, kind: "a feed", maxTags: maxTags, handing: 2, to: reader) else {
            return nil
        }
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
            case ("feed", _):
                // No namespace, or one nobody registered: Atom still, as feed readers take it,
                // its elements read in the root's namespace.
                feed = self.atom(root, version: root.namespace == atom03 || root.attribute("version") == "0.3" ? "0.3" : "1.0")
            default:
                return nil
            }
            feed?.items = items
            feed?.wellFormed = document.wellFormed
            return feed
        }
    }

    /// The entry or item that `element`, at `depth` under the root, is, read; nil when it is
    /// none: an Atom `entry` under the root, an RSS `item` in the channel (or beside it, as
    /// RSS 0.9x had them), an RSS 1.0 `item` under `rdf:RDF`.
    private static func entry(_ element: XMLElement, depth: Int) -> FeedItem? {
        guard let parent = element.parent, let root = depth == 1 ? parent : parent.parent else { return nil }
        if root.has(name: "feed") {
            return depth == 1 && element.is("entry", in: root.namespace) ? FeedEntryReader.atom(element, namespace: root.namespace) : nil
        }
        if root.has(name: "rss") {
            let namespace = root.namespace
            guard element.is("item", in: namespace), depth == 1 || parent.is("channel", in: namespace) else { return nil }
            return FeedEntryReader.rss(element, namespace: namespace)
        }
        if depth == 1, root.is("RDF", in: rdf), element.is("item", in: rss10) || element.is("item", in: rss090) {
            return FeedEntryReader.rss(element, namespace: element.namespace)
        }
        return nil
    }

    // MARK: RSS

    private static func rss(_ root: XMLElement, version: String?) -> Feed? {
        let namespace = root.namespace
        guard let channel = root.child("channel", in: namespace) else { return nil }
        let version = version.map { $0.hasPrefix("0.9") ? $0 : $0 == "2.0" || $0 == "2" ? "2.0" : $0 } ?? "2.0"
        return channelFacts(channel, itemNamespace: namespace, format: "RSS \(version)")
    }

    private static func rdfFeed(_ root: XMLElement) -> Feed? {
        guard let channel = root.child("channel", in: rss10) ?? root.child("channel", in: rss090) else { return nil }
        let namespace = channel.namespace
        return channelFacts(channel, itemNamespace: namespace, format: namespace == rss10 ? "RSS 1.0" : "RSS 0.90")
    }

    private static func channelFacts(_ channel: XMLElement, itemNamespace namespace: String?, format: String) -> Feed {
        var feed = Feed(format: format)
        feed.title = (channel.child("title", in: namespace) ?? channel.child("title", in: dublinCore))
            .flatMap { FeedText.plain($0.text, looksLikeMarkup: true, base: $0) }
        feed.homePageURL = channel.child("link", in: namespace).flatMap { $0.resolve($0.text) }
        feed.description = (channel.child("description", in: namespace) ?? channel.child("description", in: dublinCore))
            .flatMap { FeedText.plain($0.text, looksLikeMarkup: true, base: $0) }
        channel.forEachChild { link in
            guard link.is("link", in: atom) else { return }
            let href = link.resolvedAttribute("href")
            switch link.attribute("rel") {
            case "self": feed.feedURL = feed.feedURL ?? href
            case "next": feed.nextURL = feed.nextURL ?? href
            default: break
            }
        }
        return feed
    }

    // MARK: Atom

    private static func atom(_ root: XMLElement, version: String) -> Feed {
        let namespace = root.namespace
        var feed = Feed(format: "Atom \(version)")
        // One walk over the root's children: the feed's own elements, the entries having
        // left the tree as they were read.
        var title, subtitle, tagline: XMLElement?
        var links: [XMLElement] = []
        root.forEachChild { child in
            guard child.isIn(namespace) else { return }
            if child.has(name: "title") { title = title ?? child }
            else if child.has(name: "subtitle") { subtitle = subtitle ?? child }
            else if child.has(name: "tagline") { tagline = tagline ?? child }
            else if child.has(name: "link") { links.append(child) }
        }
        feed.title = title.flatMap { FeedText.construct($0).plain }
        feed.description = (subtitle ?? tagline).flatMap { FeedText.construct($0).plain }
        for link in links {
            let href = link.resolvedAttribute("href")
            switch link.attribute("rel") ?? "alternate" {
            case "alternate": feed.homePageURL = feed.homePageURL ?? href
            case "self": feed.feedURL = feed.feedURL ?? href
            case "next": feed.nextURL = feed.nextURL ?? href
            default: break
            }
        }
        return feed
    }
}
