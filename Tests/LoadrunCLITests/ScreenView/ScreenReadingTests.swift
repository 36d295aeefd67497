@testable import LoadrunCLI
import Loader
import Plugins
import Screen
import TerminalText
import XCTest

/// Reading as newsboat and lynx readers expect, on the screen model with the real plugins: a
/// feed entry's own words before its page, a trail back through followed links, read marks,
/// a link cursor, and jumps to an item or a line.
final class ScreenReadingTests: XCTestCase {
    private let start = ContinuousClock.now
    private let noon = WallTime(seconds: 43_200, timeOfDay: "12:00:00")
    private static let base = "http://127.0.0.1:9/"

    private static let feed = """
        <rss version="2.0"><channel><title>Notes</title><link>http://127.0.0.1:9/</link>
        <item><title>First note</title><link>http://127.0.0.1:9/one</link><guid>n-1</guid><pubDate>Mon, 23 Nov 2026 08:00:00 GMT</pubDate>
          <description><![CDATA[<p>The first note's own words, with <a href="/more">more</a>.</p>]]></description></item>
        <item><title>Second note</title><link>http://127.0.0.1:9/two</link><guid>n-2</guid><pubDate>Tue, 24 Nov 2026 08:00:00 GMT</pubDate>
          <description>The second note's own words.</description></item>
        <item><title>Third note</title><link>http://127.0.0.1:9/three</link><guid>n-3</guid><pubDate>Wed, 25 Nov 2026 08:00:00 GMT</pubDate>
          <description>The third note's own words.</description></item>
        </channel></rss>
        """

    private func model(sources: Int = 1, rows: Int = 24) throws -> ScreenModel {
        let renderer = PluginScreenRenderer(plugins: .default(), base: RenderContext(width: 80, allowsStyling: false),
                                            selections: Array(repeating: .fixed(AnyContentDecoder(FeedPlugin())), count: sources))
        var screen = ScreenModel(sources: (0..<sources).map { SourceFacts(name: "notes\($0 == 0 ? "" : "\($0)")", state: .idle) },
                                 rows: rows, columns: 80, reloadsOnInterval: false, readsKeys: true, renderer: renderer)
        let plugin = FeedPlugin()
        let feed = try plugin.decode(Array(Self.feed.utf8), response: ResponseInfo(url: Self.base + "feed", headers: HTTPHeaders()))
        for index in 0..<sources {
            let facts = SourceFacts(name: screen.sources[index].name, state: .loaded(AnyContent(feed, decoder: plugin)))
            _ = screen.updateRendering(.sourceChanged(index, facts, cause: .succeeded, bytes: 100, at: noon, now: start))
        }
        return screen
    }

    private func page(_ title: String, links: [String], paragraphs: Int = 60) -> AnyContent {
        let blocks = [ArticleBlock.paragraph(links.indices.map { "link\($0 + 1)[L\($0 + 1)]" }.joined(separator: " "))]
            + (1...paragraphs).map { ArticleBlock.paragraph("Paragraph \($0) of \(title).") }
        return AnyContent(Article(title: title, body: "", blocks: blocks, links: links), decoder: ArticlesPlugin())
    }

    private func content(_ screen: ScreenModel) -> String { screen.view().content.joined(separator: "\n") }
    private func press(_ screen: inout ScreenModel, _ key: Key) -> [ScreenCommand] { screen.updateRendering(.key(key, at: start)) }

    func testEnterShowsAnEntrysOwnWordsWithNoRequestAndEnterAgainOpensItsPage() throws {
        var screen = try model()
        XCTAssertEqual(press(&screen, .enter), [], "nothing loads for the entry's own words")
        let entry = content(screen)
        XCTAssertTrue(entry.contains("Third note"), entry)
        XCTAssertTrue(entry.contains("The third note's own words."), entry)
        XCTAssertTrue(entry.contains("[L1]"), "its page is its first link: \(entry)")
        XCTAssertTrue(screen.view().status[0].hasPrefix("notes › Third note"), "the breadcrumb by title: \(screen.view().status)")
        let opened = press(&screen, .enter)
        guard case .open(0, let fields)? = opened.last else { return XCTFail("Enter again opens the page: \(opened)") }
        XCTAssertEqual(fields["url"], "http://127.0.0.1:9/three")
        XCTAssertEqual(screen.trail.count, 1, "the entry is kept to come back to")
    }

    func testAnEntrysPageThatCannotOpenLeavesTheEntryOnScreenAndSaysWhy() throws {
        var screen = try model()
        _ = press(&screen, .enter)
        guard case .open(0, let fields)? = press(&screen, .enter).last else { return XCTFail("Enter again asks for the page") }
        _ = screen.updateRendering(.showRecord(0, fields: fields, note: "no detail: the template needs {slug}", at: start))
        XCTAssertNotNil(screen.entry, "still on the entry")
        XCTAssertTrue(screen.trail.isEmpty, "nothing left on the trail to go back to")
        XCTAssertTrue(screen.records.isEmpty)
        XCTAssertTrue(screen.view().footer.contains("the template needs {slug}"), screen.view().footer)
        XCTAssertEqual(press(&screen, .escape), [])
        XCTAssertNil(screen.entry, "Esc: the list")
    }

    func testALinkFollowedFromAPageComesBackToThatPageScrolledAsLeftThenToTheEntryAndTheList() throws {
        var screen = try model(rows: 20)
        _ = press(&screen, .down)
        _ = press(&screen, .down)
        _ = press(&screen, .enter)
        XCTAssertTrue(content(screen).contains("[L2]"), "the content's link follows the page's: \(content(screen))")
        _ = press(&screen, .enter)
        let pageURL = "http://127.0.0.1:9/one"
        let first = DetailFacts(id: 1, parent: 0, main: SourceFacts(name: "notes › First note", state: .loaded(page("One", links: ["http://127.0.0.1:9/deeper"]))),
                                url: pageURL)
        _ = screen.updateRendering(.detailOpened(first))
        _ = press(&screen, .pageDown)
        _ = press(&screen, .pageDown)
        let scrolled = screen.pane.cursor.scroll
        XCTAssertGreaterThan(scrolled, 0)
        _ = press(&screen, .character("1"))
        XCTAssertEqual(press(&screen, .enter), [.back, .openLink(0, url: "http://127.0.0.1:9/deeper")])
        _ = screen.updateRendering(.detailOpened(DetailFacts(id: 2, parent: 0, main: SourceFacts(name: "deeper", state: .loaded(page("Deeper", links: []))),
                                                             url: "http://127.0.0.1:9/deeper")))
        XCTAssertEqual(screen.breadcrumb, "notes › First note › One › Deeper", "the path by titles")
        XCTAssertEqual(press(&screen, .escape), [.back, .revisit(0, url: pageURL)], "back to the page, not the list")
        _ = screen.updateRendering(.detailOpened(first))
        XCTAssertEqual(screen.pane.cursor.scroll, scrolled, "scrolled as it was left")
        XCTAssertEqual(press(&screen, .character("h")), [.back])
        XCTAssertTrue(content(screen).contains("The first note's own words"), "then the entry: \(content(screen))")
        XCTAssertEqual(press(&screen, .backspace), [])
        XCTAssertNil(screen.entry)
        XCTAssertEqual(screen.pane.cursor.selection, 2, "then the list, as it was")
    }

    func testReadMarksShowOnAFeedAndMKeysChangeThem() throws {
        var screen = try model()
        XCTAssertNil(screen.unreadCount(of: 0), "no history told: no read state")
        XCTAssertFalse(content(screen).contains("•"))
        _ = screen.updateRendering(.readState(0, ["id:n-2"]))
        var board = StatusBoard()
        board.sources[0] = SourceStatus(name: "notes", phase: .loaded(unchanged: false), wait: .manual, lastSuccess: noon)
        _ = screen.updateRendering(.statuses(board))
        XCTAssertEqual(screen.unreadCount(of: 0), 2)
        XCTAssertTrue(screen.view().status[0].contains("2 unread"), screen.view().status[0])
        let rows = screen.view().content
        XCTAssertEqual(rows.filter { $0.contains("•") }.count, 2, "the unread entries are marked: \(rows)")
        XCTAssertFalse(rows.first { $0.contains("Second note") }?.contains("•") ?? true, "the read one apart: \(rows)")
        XCTAssertEqual(press(&screen, .enter), [.markRead(0, keys: ["id:n-3"], read: true)], "opened is read")
        _ = press(&screen, .escape)
        XCTAssertEqual(screen.unreadCount(of: 0), 1)
        XCTAssertEqual(press(&screen, .character("m")), [.markRead(0, keys: ["id:n-3"], read: false)], "m: unread again")
        XCTAssertEqual(press(&screen, .character("M")), [.markRead(0, keys: ["id:n-3", "id:n-1"], read: true)])
        XCTAssertEqual(screen.unreadCount(of: 0), 0)
    }

    func testTabMovesALinkCursorAndEnterOpensItsLink() throws {
        var screen = try model()
        _ = press(&screen, .character("G"))
        _ = press(&screen, .enter)
        _ = press(&screen, .tab)
        _ = press(&screen, .tab)
        XCTAssertEqual(screen.linkCursor, 1)
        XCTAssertTrue(screen.view().footer.hasPrefix("L2 http://127.0.0.1:9/more"), screen.view().footer)
        XCTAssertTrue(content(screen).contains(">[L2]<"), "the link under the cursor is marked: \(content(screen))")
        XCTAssertEqual(press(&screen, .enter), [.openLink(0, url: "http://127.0.0.1:9/more")])
        XCTAssertEqual(screen.trail.count, 1)
    }

    func testTabStartsFromTheFirstLinkOnScreen() throws {
        var screen = try model(rows: 12)
        _ = press(&screen, .enter)
        _ = press(&screen, .enter)
        let links = (1...30).map { "http://127.0.0.1:9/l\($0)" }
        let blocks = (1...30).map { ArticleBlock.paragraph("Paragraph \($0), link[L\($0)].") }
        let page = AnyContent(Article(title: "Many", body: "", blocks: blocks, links: links), decoder: ArticlesPlugin())
        _ = screen.updateRendering(.detailOpened(DetailFacts(id: 1, parent: 0, main: SourceFacts(name: "many", state: .loaded(page)),
                                                             url: "http://127.0.0.1:9/three")))
        _ = press(&screen, .pageDown)
        _ = press(&screen, .pageDown)
        let top = screen.pane.lines[screen.pane.cursor.scroll...].first { $0.contains("[L") } ?? ""
        _ = press(&screen, .tab)
        XCTAssertEqual(screen.linkCursor.map { "[L\($0 + 1)]" }.map(top.contains), true, "the first link in view, \(top), not L1")
    }

    func testABreadcrumbKeepsItsEnds() {
        XCTAssertEqual(ScreenModel.crumbs(["feed", "Entry", "Page", "Next", "Last"]), "feed › … › Next › Last")
        XCTAssertEqual(ScreenModel.crumbs(["feed", String(repeating: "long ", count: 20)]).count, "feed › ".count + 30)
    }

    func testColonOrACountBeforeGGoesToAnItem() throws {
        var screen = try model()
        _ = press(&screen, .character(":"))
        _ = press(&screen, .character("3"))
        XCTAssertTrue(screen.view().footer.hasPrefix(":3"), screen.view().footer)
        _ = press(&screen, .enter)
        XCTAssertEqual(screen.pane.cursor.selection, 2)
        _ = press(&screen, .character("2"))
        _ = press(&screen, .character("g"))
        XCTAssertEqual(screen.pane.cursor.selection, 1, "2g, as less goes to a line")
        _ = press(&screen, .character(":"))
        _ = press(&screen, .character("9"))
        _ = press(&screen, .enter)
        XCTAssertEqual(screen.pane.cursor.selection, 2, "past the end: the last")
        XCTAssertTrue(screen.view().footer.contains("no item 9"), screen.view().footer)
    }

    func testSeveralSourcesLinesKeepTheirColumnsAtSixtyColumns() throws {
        var screen = try model(sources: 3)
        _ = screen.updateRendering(.resized(rows: 24, columns: 60))
        var board = StatusBoard()
        board.sources[0] = SourceStatus(name: "notes", phase: .loaded(unchanged: false), wait: .manual, lastSuccess: noon)
        board.sources[1] = SourceStatus(name: "a-source-with-a-much-longer-name", phase: .loaded(unchanged: false), wait: .manual, lastSuccess: noon)
        board.sources[1]?.items = .init(count: 3, pages: 2, more: true)
        board.sources[2] = SourceStatus(name: "third", phase: .failed, wait: .retry(in: "4 s"), lastSuccess: noon)
        _ = screen.updateRendering(.statuses(board))
        let lines = screen.view().status
        XCTAssertEqual(lines.count, 3, "\(lines)")
        let columns = lines.map { line in line.firstIndex(of: "·").map { line.distance(from: line.startIndex, to: $0) } }
        XCTAssertTrue(columns.allSatisfy { $0 != nil } && Set(columns).count == 1, "the names end in one column: \(lines)")
        // The second line has no room for `last success 12:00:00`: every line says `ok 12:00:00`.
        XCTAssertTrue(lines.allSatisfy { $0.contains("· ok 12:00:00") }, "each says the time in the same form: \(lines)")
    }
}
