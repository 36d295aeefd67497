import Loader
import Plugins
import XCTest
import TerminalText

/// Watch mode's one-cycle highlight: posts by id, other content by line.
final class ChangeHighlightTests: XCTestCase {
    private let styled = RenderContext(width: 60, allowsStyling: true)
    private let plain = RenderContext(width: 60, allowsStyling: false)

    private func post(_ id: Int) -> Post { Post(id: id, title: "title \(id)", body: "body \(id)") }

    func testPostsMarkAddedItemsAndShowRemovedOnesWhereTheyStood() throws {
        let plugin = PostsPlugin()
        let text = try XCTUnwrap(plugin.renderChanges([post(1), post(3), post(4)], since: [post(1), post(2), post(3)], context: styled))
        let lines = text.split(separator: "\n").map(String.init)
        let titles = lines.filter { $0.contains("title") }
        XCTAssertEqual(titles.count, 4, "three posts now, and the one removed: \(lines)")
        XCTAssertTrue(titles[1].contains("title 2") && titles[1].contains("\u{1B}[9;31m"), "2 is struck through after 1: \(titles)")
        XCTAssertTrue(titles[3].contains("title 4") && titles[3].hasPrefix("\u{1B}[7m"), "4 is new: \(titles)")
        XCTAssertFalse(titles[0].contains("\u{1B}[7m") || titles[2].contains("\u{1B}[7m"), "1 and 3 are as they were")
    }

    func testNothingToMarkOrNoStylingLeavesItToThePlainRendering() {
        let plugin = PostsPlugin()
        XCTAssertNil(plugin.renderChanges([post(1)], since: [post(1)], context: styled))
        XCTAssertNil(plugin.renderChanges([post(2)], since: [post(1)], context: plain))
    }

    func testAnyContentOnlyComparesContentOfTheSamePlugin() {
        let plugins = PluginRegistry.default()
        let posts = AnyContent([post(1), post(2)], decoder: PostsPlugin())
        let before = AnyContent([post(1)], decoder: PostsPlugin())
        XCTAssertNotNil(plugins.renderChanges(posts, since: before, context: styled))
        let article = AnyContent(Article(title: "t", body: "p"), decoder: ArticlesPlugin())
        XCTAssertNil(plugins.renderChanges(posts, since: article, context: styled))
    }

    func testChangedLinesAreHighlightedAndTheRestLeftAlone() {
        let old = "title\nfirst paragraph\nsecond paragraph\n"
        let new = "title\nfirst paragraph, edited\nsecond paragraph\nthird paragraph\n"
        let lines = LineChanges.highlighted(new, since: old, context: styled).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["title", "\u{1B}[7mfirst paragraph, edited\u{1B}[27m", "second paragraph", "\u{1B}[7mthird paragraph\u{1B}[27m"])
        XCTAssertEqual(LineChanges.highlighted(new, since: old, context: plain), new, "no styling, no marks")
    }

    func testStyledWidthIgnoresEscapes() {
        XCTAssertEqual(TerminalText.styledWidth("\u{1B}[7m\u{1B}[1mab\u{1B}[22m幅\u{1B}[27m"), 4)
    }
}
