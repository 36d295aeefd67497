@testable import Plugins
import TestSupport
import XCTest
import TerminalText

/// The posts view, written as bytes a piece at a time, gives what the `Character`-wise
/// render gave, styled or not, and stops with its sink.
final class PostsViewTests: XCTestCase {
    private static func posts(seed: UInt64, count: Int) -> [Post] {
        var random = SeededGenerator(seed: seed)
        let words = ["lorem", "ipsum", "幅広", "e\u{301}", "😀", "\u{1B}[1m", "\u{202E}", "\t", "\r\n", "\u{200B}",
                     "\u{600}", "🇺🇸", String(repeating: "z", count: 60), "\n", " \u{301}", "\u{3000}", ""]
        func text(_ count: Int) -> String {
            (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        }
        return (0..<count).map { index in
            let id = [index, -index, index * 1_000_003, 0, Int.max, Int.min][Int.random(in: 0..<6, using: &random)]
            let body = (0..<Int.random(in: 0...3, using: &random)).map { _ in text(Int.random(in: 0...6, using: &random)) }
                .joined(separator: "\n")
            return Post(id: id, title: text(Int.random(in: 0...12, using: &random)), body: body)
        }
    }

    private static func written(_ posts: [Post], context: RenderContext) -> String {
        RenderSink.collect { sink in
            var view = PostsView(context: context)
            view.write(posts[...], to: sink)
        }
    }

    /// Issue 26: `--max-items` cut the table and JSON views but not the posts.
    func testMaxItemsCutsThePostsAndSaysHowManyWereLeftOut() {
        let posts = (1...3).map { Post(id: $0, title: "Title \($0)", body: "Body \($0)") }
        let plugin = PostsPlugin()
        XCTAssertEqual(plugin.render(posts, context: RenderContext(maxItems: 2)),
                       "1  Title 1\n   Body 1\n2  Title 2\n   Body 2\n… 1 more post\n")
        XCTAssertEqual(plugin.render(posts, context: RenderContext(maxItems: 1)), "1  Title 1\n   Body 1\n… 2 more posts\n")
        // Issue 41: a feed's cut said "entrys".
        XCTAssertEqual(["entry", "post", "row", "item", "day"].map(ListCut.plural), ["entries", "posts", "rows", "items", "days"])
        XCTAssertEqual(plugin.render(posts, context: RenderContext(maxItems: 3)), plugin.render(posts, context: RenderContext()))
        XCTAssertEqual(plugin.itemLines(posts, context: RenderContext(maxItems: 2)), [0, 2])
    }

    func testPostsRenderAsTheyDidStyledOrNot() {
        let posts = Self.posts(seed: 1, count: 300)
        for width in [20, 23, 41, 80, 200] {
            for styled in [false, true] {
                let context = RenderContext(width: width, allowsStyling: styled)
                XCTAssertEqual(PostsPlugin().render(posts, context: context),
                               ReferenceText.renderPosts(posts, context: context), "width \(width), styled \(styled)")
            }
        }
    }

    func testPiecesMakeTheWholeAndEndWithLines() {
        let posts = Self.posts(seed: 4, count: 3000)
        var pieces: [String] = []
        let sink = RenderSink(pieceSize: 1000) { pieces.append($0); return true }
        PostsPlugin().write(posts, context: RenderContext(width: 60), to: sink)
        sink.flush()
        XCTAssertGreaterThan(pieces.count, 5)
        XCTAssertTrue(pieces.allSatisfy { $0.hasSuffix("\n") })
        XCTAssertEqual(pieces.joined(), PostsPlugin().render(posts, context: RenderContext(width: 60)))
    }

    func testPostsAsJSONAreWrittenInPiecesThatMakeTheWhole() {
        let posts = Self.posts(seed: 5, count: 2000)
        var pieces: [String] = []
        let sink = RenderSink(pieceSize: 1000) { pieces.append($0); return true }
        PostsPlugin().writeJSON(posts, context: RenderContext(), to: sink)
        sink.flush()
        XCTAssertGreaterThan(pieces.count, 2, "the writer hands on a piece every 64 KiB")
        XCTAssertEqual(pieces.joined(), PostsPlugin().renderJSON(posts, context: RenderContext()))
    }

    func testATakerThatWantsNoMoreStopsTheRender() {
        let posts = (1...200_000).map { Post(id: $0, title: "title \($0)", body: "body") }
        var pieces = 0
        let sink = RenderSink { _ in pieces += 1; return false }
        PostsPlugin().write(posts, context: RenderContext(), to: sink)
        sink.flush()
        XCTAssertEqual(pieces, 1, "one piece, then nothing")
        XCTAssertLessThan(sink.byteCount, (1 << 16) + 4096, "the render stopped at its first piece, not after 200,000 posts")
    }

    func testIdsAreWrittenAsStringWritesThem() {
        for number in [0, 7, -7, 10, 99, 100, -1000, 1_000_003, Int.max, Int.min] {
            var bytes: [UInt8] = []
            PostsView.appendDecimal(number, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(number))
            XCTAssertEqual(PostsView.decimalLength(number), String(number).count)
        }
    }
}
