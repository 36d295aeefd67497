@testable import LoadrunCLI
import Loader
import Plugins
import Screen
import TerminalText
import XCTest

/// Browse without dead ends: Tab moves into a detail's related lists, Enter shows one of their
/// items whole, and an item with no detail is shown whole rather than not at all.
final class ScreenRecordTests: XCTestCase {
    private let start = ContinuousClock.now
    private let noon = WallTime(seconds: 43_200, timeOfDay: "12:00:00")

    private func model(rows: Int = 30) -> ScreenModel {
        let renderer = PluginScreenRenderer(plugins: .default(), base: RenderContext(width: 70, allowsStyling: false),
                                            selections: [.fixed(AnyContentDecoder(PostsPlugin()))])
        var screen = ScreenModel(sources: [SourceFacts(name: "posts", state: .loading(LoadProgress(), lastGood: nil))], rows: rows,
                                 columns: 70, reloadsOnInterval: false, readsKeys: true, renderer: renderer)
        let posts = AnyContent([Post(id: 1, title: "title 1", body: "body 1"), Post(id: 2, title: "title 2", body: "body 2")],
                               decoder: PostsPlugin())
        _ = screen.updateRendering(.sourceChanged(0, SourceFacts(name: "posts", state: .loaded(posts)), cause: .succeeded, bytes: 10, at: noon, now: .now))
        return screen
    }

    private func comments() throws -> AnyContent {
        let json = """
        [{"id": 7, "email": "a@example.com", "body": "the first comment's whole body, which a table would cut"},
         {"id": 8, "email": "b@example.com", "body": "the second comment"}]
        """
        let plugin = TablePlugin()
        let table = try plugin.decode(Array(json.utf8), response: ResponseInfo(url: "http://127.0.0.1/posts/1/comments", headers: HTTPHeaders()))
        return AnyContent(table, decoder: plugin)
    }

    private func content(_ screen: ScreenModel) -> String { screen.view().content.joined(separator: "\n") }

    func testAListALinkOpenedCanBeSelectedAndItsItemShownWholeAsTheSameURLAsASourceCanBe() throws {
        var screen = model()
        var detail = DetailFacts(id: 3, parent: 0, main: SourceFacts(name: "posts › link", state: .loading(LoadProgress(), lastGood: nil)),
                                 url: "http://127.0.0.1/posts/1/comments")
        _ = screen.updateRendering(.detailOpened(detail))
        XCTAssertFalse(screen.pane.hasItems, "nothing to select while it loads")
        detail.main.state = .loaded(try comments())
        _ = screen.updateRendering(.detailChanged(detail, cause: .succeeded, slot: 0, at: start))
        XCTAssertTrue(screen.pane.hasItems, "the linked list's items can be selected: \(content(screen))")
        XCTAssertTrue(screen.view().content.contains { $0.hasPrefix("▌") && $0.contains("a@example.com") }, content(screen))
        XCTAssertTrue(screen.view().footer.contains("↑↓ select · Enter show whole"), screen.view().footer)
        XCTAssertFalse(screen.updateRendering(.key(.down, at: start)).contains(.startPrefetchTimer(ScreenModel.prefetchDelay)),
                       "no prefetch for a detail's items")
        XCTAssertTrue(screen.view().content.contains { $0.hasPrefix("▌") && $0.contains("b@example.com") }, content(screen))

        XCTAssertEqual(screen.updateRendering(.key(.enter, at: start)), [], "nothing loads: the record is at hand")
        XCTAssertEqual(screen.records.count, 1, screen.view().footer)
        let record = content(screen)
        XCTAssertTrue(record.contains("posts › link › 8"), "a breadcrumb: \(record)")
        XCTAssertTrue(record.contains("the second comment"), record)
        _ = screen.updateRendering(.key(.escape, at: start))
        XCTAssertTrue(screen.records.isEmpty)
        XCTAssertTrue(screen.view().content.contains { $0.hasPrefix("▌") && $0.contains("b@example.com") }, "back as left: \(content(screen))")
        XCTAssertEqual(screen.updateRendering(.key(.escape, at: start)), [.back])
    }

    func testTabMovesIntoARelatedListAndEnterShowsItsItemWholeThenEscGoesBackUp() throws {
        var screen = model()
        var detail = DetailFacts(id: 1, parent: 0, main: SourceFacts(name: "posts › 1", state: .loading(LoadProgress(), lastGood: nil)),
                                 related: [SourceFacts(name: "comments", state: .loading(LoadProgress(), lastGood: nil))])
        _ = screen.updateRendering(.detailOpened(detail))
        detail.main.state = .loaded(AnyContent(Article(title: "The first post", body: "its text"), decoder: ArticlesPlugin()))
        detail.related[0].state = .loaded(try comments())
        _ = screen.updateRendering(.detailChanged(detail, cause: .succeeded, slot: 1, at: start))
        XCTAssertFalse(screen.pane.hasItems, "the detail's own text has the focus first")

        XCTAssertTrue(screen.view().footer.contains("Tab related lists"), screen.view().footer)
        let before = screen.view().content.first { $0.contains("its text") }
        _ = screen.updateRendering(.key(.tab, at: start))
        XCTAssertEqual(screen.view().content.first { $0.contains("its text") }, before, "Tab does not shift the detail's text")
        XCTAssertEqual(screen.relatedFocus, 0)
        XCTAssertTrue(screen.view().footer.contains("Enter show whole"), screen.view().footer)
        XCTAssertTrue(screen.pane.hasItems, "the comments can be selected")
        XCTAssertTrue(screen.view().content.contains { $0.hasPrefix("▌") && $0.contains("a@example.com") }, content(screen))
        _ = screen.updateRendering(.key(.down, at: start))
        XCTAssertTrue(screen.view().content.contains { $0.hasPrefix("▌") && $0.contains("b@example.com") }, content(screen))
        _ = screen.updateRendering(.key(.up, at: start))

        XCTAssertEqual(screen.updateRendering(.key(.enter, at: start)), [], "nothing loads: the record is at hand")
        XCTAssertEqual(screen.records.count, 1)
        let record = content(screen)
        XCTAssertTrue(record.contains("posts › 1 › comments › 7"), "a breadcrumb: \(record)")
        XCTAssertTrue(record.contains("the first comment's whole body, which a table would cut"), record)
        XCTAssertTrue(screen.view().footer.contains("Esc back"), screen.view().footer)
        XCTAssertEqual(screen.updateRendering(.key(.tab, at: start)), [], "Tab under a record moves nothing it hides")
        XCTAssertEqual(screen.relatedFocus, 0)

        _ = screen.updateRendering(.key(.escape, at: start))
        XCTAssertTrue(screen.records.isEmpty)
        XCTAssertNotNil(screen.detail, "Esc went back up one level only")
        XCTAssertEqual(screen.relatedFocus, 0, "to the comments, as they were")
        // A double click on a related item shows it whole too.
        let row = (screen.view().status.count + 1) + 1 + (screen.view().content.firstIndex { $0.hasPrefix("▌") } ?? 0)
        _ = screen.updateRendering(.key(.mouse(.init(.click, row: row, column: 5)), at: start))
        _ = screen.updateRendering(.key(.mouse(.init(.click, row: row, column: 5)), at: start + .milliseconds(100)))
        XCTAssertEqual(screen.records.count, 1, "a double click opened it: \(screen.view().content)")
        _ = screen.updateRendering(.key(.escape, at: start))
        _ = screen.updateRendering(.key(.tab, at: start))
        XCTAssertNil(screen.relatedFocus, "Tab goes round to the detail's own text")
        XCTAssertEqual(screen.updateRendering(.key(.escape, at: start)), [.back])
    }

    func testAnItemWithNoDetailIsShownWholeWithWhy() {
        var screen = model()
        _ = screen.updateRendering(.showRecord(0, fields: ["id": "2", "title": "title 2", "body": "body 2"],
                                      note: "no detail to open: give --detail TEMPLATE", at: start))
        let record = content(screen)
        XCTAssertTrue(record.hasPrefix("posts › title 2"), "named by its title: \(record)")
        XCTAssertTrue(record.contains("body   body 2"), record)
        XCTAssertTrue(record.contains("no detail to open"), record)
        XCTAssertEqual(screen.updateRendering(.key(.character("y"), at: start)),
                       [.handOff(.copy, .record(0, fields: ["id": "2", "title": "title 2", "body": "body 2"]))])
        _ = screen.updateRendering(.key(.escape, at: start))
        XCTAssertTrue(content(screen).contains("title 1"), "back on the list")
    }

    private func page(links: [String]) -> AnyContent {
        AnyContent(Article(title: "A page", body: "see [L1] and [L2]", blocks: [], links: links), decoder: ArticlesPlugin())
    }

    func testTypingALinksNumberAndEnterOpensItAsADetail() {
        var screen = model()
        let links = ["http://127.0.0.1/one", "http://127.0.0.1/two"]
        _ = screen.updateRendering(.sourceChanged(0, SourceFacts(name: "posts", state: .loaded(page(links: links))), cause: .succeeded, bytes: 10, at: noon, now: .now))
        XCTAssertTrue(screen.view().footer.contains("open link"), screen.view().footer)
        XCTAssertEqual(screen.updateRendering(.key(.character("2"), at: start)), [])
        XCTAssertTrue(screen.view().footer.hasPrefix("open link L2▏"), screen.view().footer)
        XCTAssertEqual(screen.updateRendering(.key(.enter, at: start)), [.openLink(0, url: "http://127.0.0.1/two")])
        _ = screen.updateRendering(.key(.character("9"), at: start))
        XCTAssertEqual(screen.updateRendering(.key(.enter, at: start)), [])
        XCTAssertTrue(screen.view().footer.contains("no link L9: this page has 2"), screen.view().footer)
        _ = screen.updateRendering(.key(.character("1"), at: start))
        _ = screen.updateRendering(.key(.escape, at: start))
        XCTAssertNil(screen.linkInput, "Esc drops the number")

        // From a detail, the link opens in its place.
        _ = screen.updateRendering(.detailOpened(DetailFacts(id: 3, parent: 0, main: SourceFacts(name: "posts › 1", state: .loaded(page(links: links))))))
        _ = screen.updateRendering(.key(.character("1"), at: start))
        XCTAssertEqual(screen.updateRendering(.key(.enter, at: start)), [.back, .openLink(0, url: "http://127.0.0.1/one")])
        XCTAssertNil(screen.detail)
    }

    func testOnAListDigitsStillPickTheSource() {
        var screen = model()
        XCTAssertEqual(screen.updateRendering(.key(.character("1"), at: start)), [])
        XCTAssertNil(screen.linkInput, "a list numbers no links")
    }

    func testAFailureIsWrappedToTheWidthWithItsAdviceWholeAndNoRowRunsOver() {
        var screen = ScreenModel(sources: [SourceFacts(name: "x", state: .idle)], rows: 20, columns: 40, reloadsOnInterval: true,
                                 readsKeys: true, renderer: PluginScreenRenderer(plugins: .default(), base: RenderContext(width: 40, allowsStyling: true),
                                                                                 selections: [.fixed(AnyContentDecoder(PostsPlugin()))]))
        let error = LoadError(.httpStatus, "HTTP 404 Not Found from 127.0.0.1:18081",
                              suggestion: "check the URL's path, or the detail template that made it")
        _ = screen.updateRendering(.sourceChanged(0, SourceFacts(name: "x", state: .failed(error, lastGood: nil, retry: nil)), cause: .failed,
                                         bytes: 0, at: noon, now: .now))
        let rows = screen.view().content
        XCTAssertTrue(rows.allSatisfy { TerminalText.styledWidth($0) <= 40 }, "\(rows)")
        let plain = rows.map { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "") }.joined(separator: " ")
        XCTAssertTrue(plain.contains("made it"), "the advice is whole, not cut: \(plain)")
        XCTAssertEqual(StyledLine.clipped("\u{1B}[1mabcdef\u{1B}[22m", toWidth: 3), "\u{1B}[1mabc\u{1B}[22m", "styles kept, text cut")
    }
}
