import Foundation
import Loader
import Plugins
import XCTest

/// Feeds read into JSON Feed's form, taken by type or by content, and shown as a list: as
/// values, from the fixtures in `FeedFixtures`.
final class FeedPluginTests: XCTestCase {
    private let plugin = FeedPlugin()
    private let registry = PluginRegistry.default()

    private func response(_ contentType: String?, url: String = "https://feeds.example/feed") -> ResponseInfo {
        var headers = HTTPHeaders()
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        return ResponseInfo(url: url, headers: headers)
    }

    private func feed(_ text: String, _ contentType: String? = "application/rss+xml", url: String = "https://feeds.example/feed") throws -> Feed {
        try plugin.decode(Array(text.utf8), response: response(contentType, url: url))
    }

    private func chosen(_ text: String, _ contentType: String?) -> String? {
        registry.plugin(for: Array(text.utf8), response: response(contentType))
    }

    func testRSS20ReadsTitlesLinksIdsDatesAuthorsAndNamespaces() throws {
        let feed = try feed(FeedFixtures.rss20)
        XCTAssertEqual(feed.format, "RSS 2.0")
        XCTAssertEqual(feed.title, "Example & News")
        XCTAssertEqual(feed.description, "All the news", "markup in a description is read, not shown")
        XCTAssertEqual(feed.homePageURL, "https://example.com/")
        XCTAssertEqual(feed.feedURL, "https://example.com/feed.xml", "atom:link rel=self inside RSS")
        XCTAssertEqual(feed.items.count, 2)
        let first = feed.items[0]
        XCTAssertEqual(first.title, "First post")
        XCTAssertEqual(first.url, "https://example.com/first?a=1&b=2")
        XCTAssertEqual(first.id, "tag:example.com,2026:1")
        XCTAssertEqual(first.summary, "Hello world & friends")
        XCTAssertEqual(first.authors, ["Ana"], "dc:creator")
        XCTAssertEqual(first.tags, ["news"])
        XCTAssertEqual(first.published?.rfc3339, "2026-11-24T10:00:00Z")
        let second = feed.items[1]
        XCTAssertEqual(second.title, "Second, by its media title")
        XCTAssertEqual(second.url, "https://example.com/second", "a guid that is a permalink is the link")
        XCTAssertEqual(second.contentHTML, "<p>Full second body</p>", "content:encoded over description")
        XCTAssertEqual(second.summary, "Second body\n\nmore")
        XCTAssertEqual(second.authors, ["Bo"], "the name after the address")
        XCTAssertEqual(second.published?.rfc3339, "2026-11-25T14:30:00Z", "two-digit year, named zone, no seconds")
    }

    /// Each entry leaves libxml2's tree once read, and the text around it is joined: what the
    /// channel says after its items, and text of every kind between them, is read as before.
    func testTheChannelAfterItsEntriesAndTheTextBetweenThemAreRead() throws {
        let items = (1...40).map { "<item><title>Item \($0)</title><link>/items/\($0)</link></item>" }
        let between = ["\n  ", " loose text ", "<![CDATA[ a CDATA section ]]>", "&amp; a reference &#233;", "<!-- a comment -->", "<other/>"]
        let body = items.enumerated().map { between[$0.offset % between.count] + $0.element }.joined()
        let text = """
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>\(body)
              <title>After the items</title> tail text <link>https://after.example/</link>
              <atom:link rel="next" href="/page/2"/>
            </channel></rss>
            """
        let feed = try feed(text, url: "https://after.example/feed")
        XCTAssertEqual(feed.items.map(\.title), (1...40).map { "Item \($0)" })
        XCTAssertEqual(feed.items.last?.url, "https://after.example/items/40")
        XCTAssertEqual(feed.title, "After the items")
        XCTAssertEqual(feed.homePageURL, "https://after.example/")
        XCTAssertEqual(feed.nextURL, "https://after.example/page/2")
        XCTAssertTrue(feed.wellFormed)
    }

    /// The text between entries goes with them: joined into one node instead, 11 MB of spaces
    /// between 2,000 items would pass libxml2's 10 MB limit on a text node, and the feed would
    /// be read as not well-formed, its items cut short.
    func testTheTextBetweenEntriesNeverAddsUp() throws {
        let spaces = String(repeating: " ", count: 5_500)
        let items = (1...2_000).map { "\(spaces)<item><title>Item \($0)</title></item>" }.joined()
        let feed = try feed("<rss version=\"2.0\"><channel><title>Spaced</title>\(items)</channel></rss>")
        XCTAssertEqual(feed.items.count, 2_000)
        XCTAssertEqual(feed.items.last?.title, "Item 2000")
        XCTAssertTrue(feed.wellFormed)
    }

    func testRSS10AsRDF() throws {
        let feed = try feed(FeedFixtures.rdf, "application/rdf+xml")
        XCTAssertEqual(feed.format, "RSS 1.0")
        XCTAssertEqual(feed.title, "RDF Site")
        XCTAssertEqual(feed.items.map(\.title), ["Item A"])
        XCTAssertEqual(feed.items[0].id, "https://rdf.example/a", "rdf:about")
        XCTAssertEqual(feed.items[0].published?.rfc3339, "2026-11-20T07:00:00Z", "dc:date with its offset")
        XCTAssertEqual(feed.items[0].authors, ["Cy"])
        XCTAssertEqual(feed.items[0].tags, ["rdf"])
    }

    func testAtom10TextConstructsAndXMLBase() throws {
        let feed = try feed(FeedFixtures.atom10, "application/atom+xml")
        XCTAssertEqual(feed.format, "Atom 1.0")
        XCTAssertEqual(feed.title, "Atom Blog", "type=html read as markup")
        XCTAssertEqual(feed.description, "Notes")
        XCTAssertEqual(feed.homePageURL, "https://atom.example/")
        XCTAssertEqual(feed.feedURL, "https://atom.example/blog/feed.atom", "resolved against xml:base")
        XCTAssertEqual(feed.nextURL, "https://atom.example/blog/feed.atom?page=2", "RFC 5005's next")
        let one = feed.items[0]
        XCTAssertEqual(one.title, "Plain & simple")
        XCTAssertEqual(one.url, "https://atom.example/blog/posts/one", "the alternate link, not the enclosure")
        XCTAssertEqual(one.id, "urn:uuid:1")
        XCTAssertEqual(one.published?.rfc3339, "2026-11-26T13:00:00Z", "fractions and offsets")
        XCTAssertEqual(one.modified?.rfc3339, "2026-11-26T09:00:00Z")
        XCTAssertEqual(one.authors, ["Dee"])
        XCTAssertEqual(one.tags, ["Swift"])
        XCTAssertEqual(one.summary, "Just text")
        XCTAssertEqual(one.contentText, "Rich xhtml content")
        let two = feed.items[1]
        XCTAssertEqual(two.title, "An xhtml title")
        XCTAssertEqual(two.url, "https://other.example/x/two", "the entry's own xml:base")
        XCTAssertEqual(two.summary, "Escaped html")
        XCTAssertEqual(two.contentHTML, "<p>Escaped <b>html</b></p>")
    }

    func testAtom03() throws {
        let feed = try feed(FeedFixtures.atom03, "application/atom+xml")
        XCTAssertEqual(feed.format, "Atom 0.3")
        XCTAssertEqual(feed.description, "From 2004", "tagline")
        XCTAssertEqual(feed.items[0].url, "https://old.example/1")
        XCTAssertEqual(feed.items[0].published?.rfc3339, "2004-05-01T12:00:00Z", "issued")
        XCTAssertEqual(feed.items[0].modified?.rfc3339, "2004-05-02T12:00:00Z", "modified")
        XCTAssertEqual(feed.items[0].summary, "Escaped mode")
    }

    func testJSONFeed() throws {
        let feed = try feed(FeedFixtures.jsonFeed, "application/feed+json")
        XCTAssertEqual(feed.format, "JSON Feed 1.1")
        XCTAssertEqual(feed.title, "JSON Blog")
        XCTAssertEqual(feed.items.map(\.id), ["1", "2"], "a number id read as its literal")
        XCTAssertEqual(feed.items[0].summary, "First one")
        XCTAssertEqual(feed.items[0].authors, ["Eve"], "the feed's authors stand for the item's")
        XCTAssertEqual(feed.items[1].published?.rfc3339, "2026-11-22T08:00:00Z")
    }

    func testRealFeedsQuirksReadInRecoverModeAndSaidOnce() throws {
        let old = try feed(FeedFixtures.rss091, "text/xml")
        XCTAssertEqual(old.format, "RSS 0.91")
        XCTAssertEqual(old.title, "Old\u{A0}News", "an HTML entity its DTD declared, never fetched")
        XCTAssertEqual(old.items.first?.title, "Cafe — open")
        XCTAssertFalse(old.wellFormed)
        XCTAssertEqual(plugin.notes(old).count, 1)
        let cut = try feed(FeedFixtures.cutCDATA)
        XCTAssertEqual(cut.items.first?.title, "Whole", "what came before the cut is read")
        XCTAssertFalse(cut.wellFormed)
        XCTAssertEqual(try feed(FeedFixtures.rss20).wellFormed, true)
        XCTAssertEqual(plugin.notes(try feed(FeedFixtures.rss20)), [])
    }

    func testOneBareAmpersandCostsNoOtherTextAndHTMLEntitiesReadWithoutADoctype() throws {
        let feed = try feed("""
            <rss version="2.0"><channel><title>News&nbsp;Site</title>
            <item><title>A &amp; B \u{1}</title><link>https://a.example/?a=1&b=2</link>
            <description>&lt;p&gt;Hello &lt;i&gt;world&lt;/i&gt; &#8212; &copy; fine&lt;/p&gt;</description></item>
            <item><title><![CDATA[Kept & as is]]></title></item>
            </channel></rss>
            """)
        XCTAssertEqual(feed.title, "News\u{A0}Site")
        XCTAssertEqual(feed.items[0].title, "A & B")
        XCTAssertEqual(feed.items[0].url, "https://a.example/?a=1&b=2")
        XCTAssertEqual(feed.items[0].summary, "Hello world — © fine")
        XCTAssertEqual(feed.items[1].title, "Kept & as is", "CDATA is left alone")
        XCTAssertFalse(feed.wellFormed, "mended, so said once")
    }

    /// The repair looks at text eight bytes at a time: a fault at every place in a word, and
    /// after a line break (which looks like a control byte to the word test), is still found.
    func testFaultsAreMendedAtEveryPlaceInAWord() throws {
        for length in 0..<20 {
            let pad = String(repeating: "é", count: length / 3) + String(repeating: "x", count: length - length / 3)
            let title = "\(pad)\n\(pad) & b\u{01}c&nbsp;d"
            let feed = try feed("<rss version=\"2.0\"><channel><title>t</title><item><title>\(title)</title></item></channel></rss>")
            let expected = "\(pad) \(pad) & bc\u{A0}d".trimmingCharacters(in: .whitespaces)
            XCTAssertEqual(feed.items.first?.title, expected, "pad of \(length)")
            XCTAssertFalse(feed.wellFormed, "mended, so said")
        }
    }

    func testHostileDatesAreNoDatesAndNeverTrap() {
        for text in ["Mon, 01 Jan 1000000000000 00:00:00 GMT", "99999-01-01T00:00:00Z", "31 Feb 2026 10:00:00 GMT",
                     "2026-02-30T00:00:00Z", "2026-13-01", "Tue, 24 Nov 2026 25:61:00 GMT", "2026-11-24T10:00:00+99:00"] {
            XCTAssertNil(FeedDate(text), text)
        }
        XCTAssertEqual(FeedDate("29 Feb 2024 12:00:00 GMT")?.rfc3339, "2024-02-29T12:00:00Z", "a leap day")
    }

    func testEntitiesAreNeverExpandedAndABillionLaughsIsRefused() {
        XCTAssertThrowsError(try feed(FeedFixtures.billionLaughs)) { error in
            XCTAssertTrue("\(error)".contains("never expands"), "\(error)")
        }
        XCTAssertThrowsError(try feed(FeedFixtures.externalEntity), "no local file read through an entity")
    }

    func testAFeedOfMoreTagsThanLoadrunReadsIsRefusedBeforeItIsParsed() {
        let tags = 2_000_001
        let body = Array("<feed xmlns=\"http://www.w3.org/2005/Atom\">".utf8) + Array(repeating: Array("<a/>".utf8), count: tags - 2).joined()
            + Array("</feed>".utf8)
        XCTAssertThrowsError(try plugin.decode(body, response: response("application/atom+xml"))) { error in
            XCTAssertEqual((error as? DecodeFailure)?.reason, "is a feed with more than 2000000 tags, more than loadrun reads")
        }
        let fits = Array("<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title><!-- <not> <tags> --></feed>".utf8)
        XCTAssertNoThrow(try plugin.decode(fits, response: response("application/atom+xml")))
    }

    func testFeedsAreTakenByTypeOrByContentAndOtherXMLIsLeftToOthers() {
        XCTAssertEqual(chosen(FeedFixtures.rss20, "application/rss+xml"), "feed")
        XCTAssertEqual(chosen(FeedFixtures.atom10, "application/xml"), "feed", "by its root")
        XCTAssertEqual(chosen(FeedFixtures.rdf, "text/xml"), "feed")
        XCTAssertEqual(chosen(FeedFixtures.atom03, nil), "feed", "nothing said")
        XCTAssertEqual(chosen(FeedFixtures.rss20, "application/x-rss+xml"), "feed", "the older name, which Debian's mime.types gives .rss")
        XCTAssertEqual(chosen(FeedFixtures.atom10, "application/x-atom+xml"), "feed")
        XCTAssertEqual(chosen(FeedFixtures.jsonFeed, "application/json"), "feed", "JSON Feed's version")
        XCTAssertEqual(chosen(FeedFixtures.jsonFeed, nil), "feed")
        XCTAssertEqual(chosen("<?xml version=\"1.0\"?><note><to>x</to></note>", "application/xml"), "text", "not a feed")
        XCTAssertEqual(chosen(#"{"version": "1.0", "title": "t"}"#, "application/json"), "json")
        XCTAssertEqual(chosen("<!-- a note -->\n" + FeedFixtures.rss20, "text/html"), "feed", "served or guessed as HTML")
        XCTAssertEqual(chosen(FeedFixtures.rss20, "application/xhtml+xml"), "feed", "guessed from an XHTML DOCTYPE")
        XCTAssertEqual(chosen("<!DOCTYPE html><html><head><title>t</title></head><body><p>x</p></body></html>", "text/html"), "articles")
    }

    func testFeedsInNamespacesNobodyRegisteredAreReadInTheirRoots() throws {
        let userland = try feed("""
            <rss version="2.0" xmlns="http://backend.userland.com/rss2" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel><dc:title>Userland</dc:title><item><title>In a namespace</title><link>https://u.example/1</link></item></channel></rss>
            """)
        XCTAssertEqual(userland.title, "Userland", "dc:title for a channel with no title")
        XCTAssertEqual(userland.items.first?.title, "In a namespace")
        XCTAssertEqual(userland.items.first?.url, "https://u.example/1")
        let bare = try feed(#"<feed xmlns="http://example.com/newformat#"><title>Bare</title><entry><id>right</id></entry></feed>"#, nil)
        XCTAssertEqual(bare.title, "Bare")
        XCTAssertEqual(bare.items.first?.id, "right")
    }

    func testAtomBase64TextXHTMLScriptsAndHTMLsCapitalX() throws {
        let feed = try feed("""
            <feed version="0.3" xmlns="http://purl.org/atom/ns#">
            <title mode="base64" type="text/html">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</title>
            <entry><title type="application/xhtml+xml" mode="xml"><div xmlns="http://www.w3.org/1999/xhtml">safe<script>location.href='x';</script> text</div></title></entry>
            <entry><title>&#X41;&#x42;</title></entry>
            </feed>
            """, "application/atom+xml")
        XCTAssertEqual(feed.title, "Example Atom", "base64, then HTML read as text")
        XCTAssertEqual(feed.items.map(\.title), ["safe text", "AB"], "no script's text; &#X41; as HTML reads it")
        let binary = try self.feed("""
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><title type="application/octet-stream">aGk=</title></entry>
            <entry><title type="application/octet-stream">not base64!</title></entry></feed>
            """)
        XCTAssertEqual(binary.items.map(\.title), ["hi", nil], "RFC 4287: a type that is neither text nor XML is base64")
    }

    func testTheTextViewListsEntriesNewestFirstWithAHeadingAndNoMarkup() throws {
        let feed = try feed(FeedFixtures.rss20)
        let text = plugin.render(feed, context: RenderContext(width: 60, height: nil, allowsStyling: false))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "Example & News")
        let second = try XCTUnwrap(lines.firstIndex { $0.contains("Second, by its media title") })
        let first = try XCTUnwrap(lines.firstIndex { $0.contains("First post") })
        XCTAssertLessThan(second, first, "newest first")
        XCTAssertTrue(text.contains("Hello world & friends"))
        XCTAssertFalse(text.contains("<p>") || text.contains("&amp;"), text)
        XCTAssertTrue(text.contains("Bo") && text.contains("Ana"), "the authors tell the entries apart")
        let items = try XCTUnwrap(plugin.renderItems(feed, context: RenderContext(width: 60, height: nil, allowsStyling: false)))
        XCTAssertEqual(items.itemLines.count, 2)
        XCTAssertEqual(plugin.itemFields(feed, at: 0)?["url"], "https://example.com/second", "fields in the list's order")
        XCTAssertEqual(plugin.itemFields(feed, at: 1)?["id"], "tag:example.com,2026:1")
    }

    /// The byline is what tells entries apart: their authors, else their sites, else nothing.
    func testTheBylineIsTheAuthorsElseTheSitesElseNothing() throws {
        func entry(_ title: String, by author: String, at url: String) -> FeedItem {
            var item = FeedItem(id: url, url: url, title: title)
            item.authors = [author]
            return item
        }
        let context = RenderContext(width: 60, height: nil, allowsStyling: false)
        let sites = Feed(format: "rss", title: "T", items: [entry("One", by: "Ana", at: "https://a.example/1"),
                                                            entry("Two", by: "Ana", at: "https://b.example/2")])
        let text = plugin.render(sites, context: context)
        XCTAssertTrue(text.contains("a.example") && text.contains("b.example"), text)
        XCTAssertFalse(text.contains("Ana"), "one author tells nothing apart: \(text)")
        let same = Feed(format: "rss", title: "T", items: [entry("One", by: "Ana", at: "https://a.example/1"),
                                                           entry("Two", by: "Ana", at: "https://a.example/2")])
        let plain = plugin.render(same, context: context)
        XCTAssertFalse(plain.contains("a.example") || plain.contains("Ana"), plain)
        let authors = Feed(format: "rss", title: "T", items: [entry("One", by: "Ana", at: "https://a.example/1"),
                                                              entry("Two", by: "Bo", at: "https://a.example/2")])
        let byAuthors = plugin.render(authors, context: context)
        XCTAssertTrue(byAuthors.contains("Ana") && byAuthors.contains("Bo") && !byAuthors.contains("a.example"), byAuthors)
    }

    /// Issue 41: on a pipe an entry's summary is whole; a screen shows two lines of it.
    func testOnAPipeAnEntrysSummaryIsWhole() throws {
        let summary = String(repeating: "a summary that goes on ", count: 30)
        let feed = try feed("""
            <rss version="2.0"><channel><title>T</title><item><title>Entry</title><description>\(summary)</description></item></channel></rss>
            """)
        let piped = plugin.render(feed, context: RenderContext(width: 60, hasScreenWidth: false))
        XCTAssertFalse(piped.contains("…"), piped)
        let words = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        XCTAssertTrue(words(piped).hasSuffix(words(summary)), piped)
        XCTAssertTrue(plugin.render(feed, context: RenderContext(width: 60)).contains("…"), "two lines on a screen")
    }

    func testAFeedWithNoEntriesIsTheEmptyStateNamingIt() throws {
        XCTAssertEqual(plugin.emptyState(try feed(FeedFixtures.empty)), "no entries in Quiet Feed")
    }

    func testJSONOutputIsJSONFeed11WhateverTheInput() throws {
        for fixture in [FeedFixtures.rss20, FeedFixtures.rdf, FeedFixtures.atom10, FeedFixtures.atom03, FeedFixtures.jsonFeed] {
            let json = plugin.renderJSON(try feed(fixture), context: RenderContext(width: 80, height: nil, allowsStyling: false))
            let parsed = try JSONParser.parse(Array(json.utf8))
            XCTAssertEqual(parsed["version"], .string("https://jsonfeed.org/version/1.1"))
            XCTAssertNotNil(parsed["title"]?.string)
            guard case .array(let items) = parsed["items"] ?? .null, !items.isEmpty else { return XCTFail(json) }
            for item in items {
                XCTAssertNotNil(item["id"]?.string, json)
                XCTAssertTrue(item["content_html"]?.string != nil || item["content_text"]?.string != nil, "one of the two: \(json)")
                for key in ["date_published", "date_modified"] {
                    if let date = item[key]?.string { XCTAssertNotNil(FeedDate(date), date) }
                }
            }
        }
    }
}
