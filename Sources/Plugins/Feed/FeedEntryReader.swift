internal import Loader

/// One entry of an RSS or Atom feed read into a `FeedItem`, in one pass over its children: a
/// 10 MB feed has some 25,000 entries, and looking each field up by name walked them ten times.
/// The first of each field counts, as feed readers take it.
enum FeedEntryReader {
    // MARK: Atom

    /// An Atom `entry`, its elements in `namespace` (1.0's, 0.3's, or the root's).
    static func atom(_ entry: XMLElement, namespace: String?) -> FeedItem {
        var item = FeedItem()
        var title, mediaTitle, id, summary, content, published, issued, updated, modified: XMLElement?
        entry.forEachChild { child in
            guard child.isIn(namespace) else {
                if mediaTitle == nil, child.is("title", in: FeedXMLReader.media) { mediaTitle = child }
                return
            }
            if child.has(name: "title") { title = title ?? child }
            else if child.has(name: "id") { id = id ?? child }
            else if child.has(name: "link") { item.url = item.url ?? alternate(child) }
            else if child.has(name: "summary") { summary = summary ?? child }
            else if child.has(name: "content") { content = content ?? child }
            else if child.has(name: "published") { published = published ?? child }
            else if child.has(name: "issued") { issued = issued ?? child }
            else if child.has(name: "updated") { updated = updated ?? child }
            else if child.has(name: "modified") { modified = modified ?? child }
            else if child.has(name: "author") {
                if let name = child.child("name", in: namespace).flatMap({ FeedText.nonEmpty($0.collapsedText) }) { item.authors.append(name) }
            } else if child.has(name: "category") {
                if let tag = (child.attribute("label") ?? child.attribute("term")).flatMap({ FeedText.nonEmpty(Whitespace.collapsed($0)) }) {
                    item.tags.append(tag)
                }
            }
        }
        item.title = title.flatMap { FeedText.construct($0).plain } ?? mediaTitle.flatMap { FeedText.nonEmpty($0.collapsedText) }
        item.id = id.flatMap { FeedText.nonEmpty($0.trimmedText) }
        let summaryText = summary.map(FeedText.construct)
        let contentText = content.map(FeedText.construct)
        item.summary = summaryText?.plain ?? contentText?.plain
        if let body = contentText ?? summaryText {
            if body.isHTML { item.contentHTML = body.raw } else { item.contentText = body.plain }
        }
        item.published = (published ?? issued).flatMap { $0.date }
        item.modified = (updated ?? modified).flatMap { $0.date }
        return item
    }

    /// The href of a `link` with `rel="alternate"`, or no `rel`, resolved: the entry's page.
    static func alternate(_ link: XMLElement) -> String? {
        link.attribute("rel", is: "alternate") ?? true ? link.resolvedAttribute("href") : nil
    }

    // MARK: RSS

    /// An RSS `item`, its elements in `namespace` (none for 0.9x and 2.0, RSS 1.0's for RDF),
    /// with Dublin Core, `content:encoded`, Atom links and media RSS beside them.
    static func rss(_ element: XMLElement, namespace: String?) -> FeedItem {
        var item = FeedItem()
        var title, dcTitle, mediaTitle, link, guid, description, mediaDescription, encoded, pubDate, dcDate, updated: XMLElement?
        var atomLink: String?
        element.forEachChild { child in
            if child.isIn(namespace) {
                if child.has(name: "title") { title = title ?? child }
                else if child.has(name: "link") { link = link ?? child }
                else if child.has(name: "guid") { guid = guid ?? child }
                else if child.has(name: "description") { description = description ?? child }
                else if child.has(name: "pubDate") { pubDate = pubDate ?? child }
                else if child.has(name: "author") { if let name = FeedText.nonEmpty(FeedText.person(child.text)) { item.authors.append(name) } }
                else if child.has(name: "category") { if let tag = FeedText.nonEmpty(child.trimmedText) { item.tags.append(tag) } }
            } else if child.isIn(FeedXMLReader.dublinCore) {
                if child.has(name: "title") { dcTitle = dcTitle ?? child }
                else if child.has(name: "date") { dcDate = dcDate ?? child }
                else if child.has(name: "creator") { if let name = FeedText.nonEmpty(FeedText.person(child.text)) { item.authors.append(name) } }
                else if child.has(name: "subject") { if let tag = FeedText.nonEmpty(child.trimmedText) { item.tags.append(tag) } }
            } else if child.isIn(FeedXMLReader.media) {
                if child.has(name: "title") { mediaTitle = mediaTitle ?? child }
                else if child.has(name: "description") { mediaDescription = mediaDescription ?? child }
            } else if child.isIn(FeedXMLReader.content) {
                if child.has(name: "encoded") { encoded = encoded ?? child }
            } else if child.isIn(FeedXMLReader.atom) {
                if child.has(name: "link") { atomLink = atomLink ?? alternate(child) }
                else if child.has(name: "updated") { updated = updated ?? child }
            }
        }
        item.title = (title ?? dcTitle ?? mediaTitle).flatMap { FeedText.plain($0.text, looksLikeMarkup: true, base: $0) }
        let permalink = guid.flatMap { $0.attribute("isPermaLink")?.lowercased() == "false" ? nil : $0.resolve($0.text) }
        item.url = link.flatMap { $0.resolve($0.text) } ?? atomLink ?? permalink.flatMap { URLParts.isWeb($0) ? $0 : nil }
        item.id = guid.flatMap { FeedText.nonEmpty($0.trimmedText) } ?? element.attribute("about")
        if let description = description ?? mediaDescription {
            let html = description.text
            item.summary = FeedText.plain(html, looksLikeMarkup: true, base: description).flatMap(FeedText.nonEmpty)
            item.contentHTML = FeedText.nonEmpty(html)
        }
        if let encoded {
            let html = encoded.text
            item.contentHTML = FeedText.nonEmpty(html) ?? item.contentHTML
            if item.summary == nil { item.summary = FeedText.plain(html, looksLikeMarkup: true, base: encoded).flatMap(FeedText.nonEmpty) }
        }
        item.published = (pubDate ?? dcDate).flatMap { $0.date }
        item.modified = updated.flatMap { $0.date }
        return item
    }
}
