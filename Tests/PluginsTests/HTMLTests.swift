import Loader
import Plugins
import TerminalText
import XCTest

/// Web pages read as articles with libxml2, and text shown as it is: as values.
final class HTMLTests: XCTestCase {
    private let plugin = ArticlesPlugin()

    /// A small but real page: a head with styles and scripts, navigation, and a main part
    /// with headings, paragraphs, nested lists, a table, preformatted text and links.
    static let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <title>Loading states, explained</title>
          <style>body { font-family: serif }</style>
          <script>window.tracking = "never shown";</script>
        </head>
        <body>
          <nav><a href="/">Home</a> · <a href="/about">About</a></nav>
          <main>
            <h1>Loading states</h1>
            <p>Every source is <em>idle</em>, <strong>loading</strong>, loaded or failed.
               Read <a href="https://example.test/spec">the spec</a> or <a href="faq.html#states">the FAQ</a>.</p>
            <h2>Why it matters</h2>
            <ul>
              <li>People see progress.</li>
              <li>Errors keep the last good content:
                <ol><li>shown beside it</li><li>retried</li></ol>
              </li>
            </ul>
            <table><tr><th>State</th><th>Shown as</th></tr><tr><td>loading</td><td>a spinner</td></tr></table>
            <pre>  idle → loading
            	loaded</pre>
            <noscript>Turn on JavaScript.</noscript>
            <script>document.write("never shown either")</script>
          </main>
          <footer>© the authors</footer>
        </body>
        </html>
        """

    private func read(_ html: String, type: String? = "text/html; charset=utf-8") throws -> Article {
        let headers = type.map { HTTPHeaders([("Content-Type", $0)]) } ?? HTTPHeaders()
        return try plugin.decode(Array(html.utf8), response: ResponseInfo(url: "http://site.test/guide/states.html", headers: headers))
    }

    func testAPageReadsAsTitleBlocksAndNumberedLinks() throws {
        let article = try read(Self.page)
        XCTAssertEqual(article.title, "Loading states, explained")
        XCTAssertEqual(article.blocks, [
            .heading(level: 1, text: "Loading states"),
            .paragraph("Every source is idle, loading, loaded or failed. Read the spec[L1] or the FAQ[L2]."),
            .heading(level: 2, text: "Why it matters"),
            .item(marker: "•", depth: 0, text: "People see progress."),
            .item(marker: "•", depth: 0, text: "Errors keep the last good content:"),
            .item(marker: "1.", depth: 1, text: "shown beside it"),
            .item(marker: "2.", depth: 1, text: "retried"),
            .paragraph("State Shown as"),
            .paragraph("loading a spinner"),
            .preformatted("  idle → loading\n    \tloaded"),
        ])
        XCTAssertEqual(article.links, ["https://example.test/spec", "http://site.test/guide/faq.html#states"])
        XCTAssertFalse(article.body.contains("never shown"), "scripts are dropped")
        XCTAssertFalse(article.body.contains("Home"), "the main part is the article, not the navigation")
    }

    func testItRendersAsLynxDumpsAndItsJSONIsTitleBodyAndLinks() throws {
        let article = try read(Self.page)
        let text = plugin.render(article, context: RenderContext(width: 60))
        XCTAssertEqual(text, """
            Loading states, explained

            Loading states

            Every source is idle, loading, loaded or failed. Read the
            spec[L1] or the FAQ[L2].

            Why it matters

            • People see progress.
            • Errors keep the last good content:
              1. shown beside it
              2. retried

            State Shown as

            loading a spinner

              idle → loading
                    loaded

            Links
            [L1] https://example.test/spec
            [L2] http://site.test/guide/faq.html#states

            """)
        let json = try JSONParser.parse(Array(plugin.renderJSON(article, context: RenderContext()).utf8))
        guard case .object(let members) = json else { return XCTFail("\(json)") }
        XCTAssertEqual(members.map(\.key), ["title", "body", "links"])
        XCTAssertEqual(json["links"], .array([.string("https://example.test/spec"), .string("http://site.test/guide/faq.html#states")]))
    }

    /// Issue 41: a page saved to a file had 61 of its 504 link URLs cut with `…`.
    func testOnAPipeEveryLinkAndPreformattedLineIsWhole() throws {
        let long = "https://example.test/" + String(repeating: "a-long-path/", count: 12)
        let code = "let x = " + String(repeating: "value + ", count: 20) + "end"
        let page = "<html><head><title>T</title></head><body><p>See <a href=\"\(long)\">it</a>.</p><pre>\(code)</pre></body></html>"
        let article = try read(page)
        let piped = plugin.render(article, context: RenderContext(width: 40, hasScreenWidth: false))
        XCTAssertTrue(piped.contains("[L1] " + long + "\n"), piped)
        XCTAssertTrue(piped.contains(code + "\n"), piped)
        XCTAssertFalse(piped.contains("…"), piped)
        let screen = plugin.render(article, context: RenderContext(width: 40))
        XCTAssertTrue(screen.split(separator: "\n").allSatisfy { TerminalText.displayWidth($0) <= 40 }, "on a screen, cut to fit: \(screen)")
    }

    /// Issue 26: a page's headline, which repeats its title, was shown twice; and a link's
    /// number, `[1]`, could not be told from the page's own footnote mark `[1]`.
    func testAHeadlineThatRepeatsTheTitleIsShownOnceAndLinksAreMarkedApartFromFootnotes() throws {
        let page = try read("""
            <html><head><title>Storm closes roads - BBC News</title><meta property="og:title" content="Storm closes roads"></head>
            <body><main><h1>Storm closes roads</h1><p>Roads shut,<sup>[1]</sup> says <a href="/police">the police</a>.</p>
            <h2>Storm closes roads</h2><ol><li><a href="#cite">^</a> <a href="https://x.test/r">Report</a></li></ol></main></body></html>
            """)
        XCTAssertEqual(page.title, "Storm closes roads - BBC News")
        XCTAssertEqual(plugin.render(page, context: RenderContext()), """
            Storm closes roads - BBC News

            Roads shut,[1] says the police[L1].

            Storm closes roads

            1. ^ Report[L2]

            Links
            [L1] http://site.test/police
            [L2] https://x.test/r

            """, "only the first heading is the headline: a later one stays")
        XCTAssertEqual(try read("<html><head><meta property=\"og:title\" content=\"Storm\"></head><body><h1>Storm</h1><p>T</p></body></html>").title,
                       "Storm", "og:title stands in for a missing <title>")
        let untitled = try read("<html><body><h1>Storm</h1><p>T</p></body></html>")
        XCTAssertEqual(plugin.render(untitled, context: RenderContext()), "Storm\n\nT\n", "a title taken from the headline is said once")
        let tenLinks = try read("<p>" + (1...10).map { "<a href=\"/\($0)\">\($0)</a>" }.joined() + "</p>")
        XCTAssertTrue(plugin.render(tenLinks, context: RenderContext()).hasSuffix(" [L9] http://site.test/9\n[L10] http://site.test/10\n"))
    }

    /// The page's own summary shows under its title, as reader views show their excerpt:
    /// `description`, else `og:description`; JSON carries it too.
    func testAPagesMetaDescriptionShowsUnderItsTitle() throws {
        let described = try read("""
            <html><head><title>States</title><meta property="og:description" content="the social one">
            <meta name="Description" content="  What each loading
            state means.  "></head><body><p>Text.</p></body></html>
            """)
        XCTAssertEqual(described.excerpt, "What each loading state means.")
        XCTAssertEqual(plugin.render(described, context: RenderContext()), "States\nWhat each loading state means.\n\nText.\n")
        XCTAssertTrue(plugin.renderJSON(described, context: RenderContext()).contains(#""description": "What each loading state means.""#))
        let social = try read(#"<html><head><title>S</title><meta property="og:description" content="the social one"></head><body><p>T</p></body></html>"#)
        XCTAssertEqual(social.excerpt, "the social one")
        XCTAssertNil(try read(Self.page).excerpt, "a page without one shows none")
    }

    func testAnUntypedPageIsRecognisedAndAHostileOneStaysInert() throws {
        let article = try read("<!doctype html><title>\u{1B}]0;pwned\u{07}</title><p>a\u{1B}[2Jb</p>", type: nil)
        let text = plugin.render(article, context: RenderContext())
        XCTAssertFalse(text.contains("\u{1B}") || text.contains("\u{07}"), text.debugDescription)
        XCTAssertTrue(text.hasPrefix("]0;pwned"), "libxml2 drops what HTML cannot hold: \(text.debugDescription)")
    }

    func testDeeplyNestedTagsAreReadFlatAndTooManyAreRefused() throws {
        let deep = String(repeating: "<div>", count: 100_000) + "bottom" + String(repeating: "</div>", count: 100_000)
        let article = try read("<html><body><p>before</p>\(deep)</body></html>")
        XCTAssertEqual(article.blocks?.first, .paragraph("before"), "read, without a stack as deep as the page")
        let bomb = String(repeating: "<b>", count: 600_000)
        XCTAssertThrowsError(try read(bomb)) { error in
            XCTAssertEqual((error as? DecodeFailure)?.reason, "is HTML with more than 500000 tags, more than loadrun reads")
        }
    }
}

final class TextViewTests: XCTestCase {
    private let plugin = TextPlugin()

    private func render(_ body: [UInt8], type: String, width: Int = 30) throws -> String {
        let text = try plugin.decode(body, response: ResponseInfo(url: "http://h/x", headers: HTTPHeaders([("Content-Type", type)])))
        return plugin.render(text, context: RenderContext(width: width))
    }

    func testLinesKeepTheirIndentAndWrapUnderIt() throws {
        let body = "short\n\n    an indented line that is much too long for thirty columns\n\tx\r\nend\n"
        XCTAssertEqual(try render(Array(body.utf8), type: "text/plain"), """
            short

                an indented line that is
                much too long for thirty
                columns
                    x
            end

            """)
    }

    func testLatin1IsDecodedByItsCharsetAndControlsMadeSafe() throws {
        XCTAssertEqual(try render([0x63, 0x61, 0x66, 0xE9, 0x1B, 0x5B, 0x32, 0x4A], type: "text/plain; charset=ISO-8859-1"), "café␛[2J\n")
        XCTAssertEqual(try render([0x63, 0x61, 0x66, 0xE9], type: "text/plain"), "caf�\n", "not UTF-8 and not said otherwise")
    }
}
