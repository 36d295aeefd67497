import Loader
import Plugins
import XCTest

final class ArticlesPluginTests: XCTestCase {
    private let plugin = ArticlesPlugin()
    private let response = ResponseInfo(url: "http://127.0.0.1:1/articles",
                                        headers: HTTPHeaders([("Content-Type", "application/json")]))

    private func decode(_ json: String) throws(DecodeFailure) -> Article {
        try plugin.decode(Array(json.utf8), response: response)
    }

    func testDecodesTitleAndBodyAndKeepsEveryFieldForJSON() throws {
        let article = try decode(#"{"title":"T","body":"B","author":"x","id":3}"#)
        XCTAssertEqual(article.title, "T")
        XCTAssertEqual(article.body, "B")
        XCTAssertEqual(plugin.renderJSON(article, context: RenderContext()),
                       "{\n  \"title\": \"T\",\n  \"body\": \"B\",\n  \"author\": \"x\",\n  \"id\": 3\n}")
        XCTAssertEqual(plugin.renderJSON(article, context: RenderContext(sortsKeys: true)),
                       "{\n  \"author\": \"x\",\n  \"body\": \"B\",\n  \"id\": 3,\n  \"title\": \"T\"\n}")
    }

    func testWrongShapesAndBadJSONAreDescribed() {
        XCTAssertThrowsError(try decode(#"[{"title":"T","body":"B"}]"#)) { error in
            XCTAssertEqual((error as? DecodeFailure)?.reason, "is a JSON array of something else, not a JSON article ({title, body})")
        }
        XCTAssertThrowsError(try decode(#"{"title":"T"}"#)) { error in
            XCTAssertEqual((error as? DecodeFailure)?.reason, #"is not a JSON article ({title, body}): the top level has no "body""#)
        }
        XCTAssertThrowsError(try decode(#"{"title":"T","body":"#)) { error in
            XCTAssertTrue((error as? DecodeFailure)?.reason.hasPrefix("is not valid JSON") ?? false, "\(error)")
        }
    }

    func testRendersBoldTitleThenWrappedParagraphs() {
        let article = Article(title: "The title", body: "First paragraph that is long enough to wrap here.\nSame paragraph.\n\n\nSecond one.")
        let plain = plugin.render(article, context: RenderContext(width: 24, allowsStyling: false))
        XCTAssertEqual(plain, """
            The title

            First paragraph that is
            long enough to wrap
            here. Same paragraph.

            Second one.

            """)
        let styled = plugin.render(article, context: RenderContext(width: 24, allowsStyling: true))
        XCTAssertTrue(styled.hasPrefix("\u{1B}[1mThe title\u{1B}[22m\n"), styled)
    }

    func testEscapesInTitleAndBodyAreInert() {
        let text = plugin.render(Article(title: "\u{1B}[2Jboom", body: "a\u{1B}]52;c;ZXZpbA==\u{07}b"),
                                 context: RenderContext(width: 80, allowsStyling: false))
        XCTAssertFalse(text.unicodeScalars.contains("\u{1B}"), text)
        XCTAssertTrue(text.contains("␛[2Jboom"))
        XCTAssertTrue(text.contains("a␛]52;c;ZXZpbA==␇b"))
    }
}
