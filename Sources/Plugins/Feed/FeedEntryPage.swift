internal import Loader

/// A feed entry's own words as a page, as newsboat shows an entry before its web page: its
/// title, a line of its date and authors, its link as `[L1]`, then its content (HTML read as a
/// page's text is, its links numbered from `[L2]`), or its plain text or summary. Nothing loads.
enum FeedEntryPage {
    /// The entry at `place` of `feed` as an article of the articles plugin, whose renderer
    /// draws it and numbers its links.
    static func article(_ feed: Feed, place: Int) -> Article {
        let item = feed.items[place]
        let title = item.title ?? item.summary.flatMap(FeedView.firstLine) ?? "(no title)"
        let byline = [item.date?.local, item.authors.isEmpty ? nil : item.authors.joined(separator: ", ")]
            .compactMap { $0 }.joined(separator: " · ")
        var links: [String] = []
        var blocks: [ArticleBlock] = []
        if let url = item.url {
            links.append(url)
            blocks.append(.paragraph("Page: \(url) \(ArticlePage.linkMark(1)) — Enter opens it"))
        }
        // Relative links in the content are the entry's page's, as a browser would read them there.
        let base = item.url ?? feed.homePageURL ?? feed.feedURL ?? ""
        if let html = item.contentHTML {
            let read = HTMLReader.fragment(html, base: base, after: links)
            blocks += read.blocks
            links = read.links
        } else if let text = item.contentText ?? item.summary {
            blocks += ArticlesPlugin.paragraphs(of: text).map(ArticleBlock.paragraph)
        }
        if blocks.count == (item.url == nil ? 0 : 1) { blocks.append(.paragraph("(the feed gives no words of this entry)")) }
        return Article(title: title, body: blocks.map(\.plainText).joined(separator: "\n\n"), blocks: blocks, links: links,
                       excerpt: byline.isEmpty ? nil : byline)
    }
}
