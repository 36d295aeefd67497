import Loader
import Plugins
import XCTest
import TerminalText

final class PostsPluginTests: XCTestCase {
    private let plugin = PostsPlugin()
    private let response = ResponseInfo(url: "http://127.0.0.1:1/posts",
                                        headers: HTTPHeaders([("Content-Type", "application/json")]))

    private func decode(_ json: String) throws(DecodeFailure) -> [Post] {
        try plugin.decode(Array(json.utf8), response: response)
    }

    private func failure(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let posts = try decode(json)
            XCTFail("decoded \(posts) from \(json)", file: file, line: line)
            return ""
        } catch {
            return error.reason
        }
    }

    func testDecodesJSONPlaceholderShape() throws {
        let posts = try decode(#"[{"userId":1,"id":7,"title":"T","body":"line one\nline two"}]"#)
        XCTAssertEqual(posts.map { Post(id: $0.id, userId: $0.userId, title: $0.title, body: $0.body) },
                       [Post(id: 7, userId: 1, title: "T", body: "line one\nline two")])
        XCTAssertEqual(plugin.renderJSON(posts, context: RenderContext()),
                       "[\n  {\n    \"userId\": 1,\n    \"id\": 7,\n    \"title\": \"T\",\n    \"body\": \"line one\\nline two\"\n  }\n]",
                       "every field as sent, in its order")
    }

    func testWrongShapesAreDescribed() {
        XCTAssertEqual(failure(#"{"id":1}"#), "is a JSON object, not a JSON array of posts ({id, title, body})")
        XCTAssertEqual(failure(#"[{"id":1,"body":"b"}]"#), #"is not a JSON array of posts ({id, title, body}): item 1 has no "title""#)
        XCTAssertEqual(failure(#"[{"id":1,"title":"t","body":"b"},{"id":"two","title":"t","body":"b"}]"#),
                       #"is not a JSON array of posts ({id, title, body}): item 2's "id" is not a number"#)
    }

    func testTruncatedEmptyAndNonUTF8BodiesAreRejected() {
        XCTAssertTrue(failure(#"[{"id":1,"title":"t","bo"#).hasPrefix("is not valid JSON"))
        XCTAssertTrue(failure("").hasPrefix("is empty"))
        XCTAssertTrue(failure("<html>nope</html>").hasPrefix("is not valid JSON"))
        do {
            _ = try plugin.decode([0x5B, 0x22, 0xFF, 0xFE, 0x22, 0x5D], response: response)
            XCTFail("invalid UTF-8 decoded")
        } catch {
            XCTAssertEqual(error.reason, "is not valid UTF-8 (at line 1, column 5)")
        }
    }

    func testRendersIdTitleAndFirstBodyLineWithinTheWidth() {
        let posts = [
            Post(id: 1, title: "A short title", body: "\nfirst real line\nsecond body line"),
            Post(id: 12, title: "A title long enough that it must wrap onto a second line here", body: "x"),
        ]
        let text = plugin.render(posts, context: RenderContext(width: 40, allowsStyling: false))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(Array(lines), [
            " 1  A short title",
            "    first real line",
            "12  A title long enough that it must",
            "    wrap onto a second line here",
            "    x",
        ])
        for line in lines { XCTAssertLessThanOrEqual(TerminalText.displayWidth(line), 40) }
        XCTAssertFalse(text.contains("second body line"), "only the body's first line")
    }

    func testRenderingSanitisesHostileText() {
        let text = plugin.render([Post(id: 1, title: "\u{1B}[31mred\u{1B}[0m", body: "\u{1B}]0;title\u{07}")],
                                 context: RenderContext(width: 80, allowsStyling: false))
        XCTAssertFalse(text.unicodeScalars.contains("\u{1B}"), text)
        XCTAssertTrue(text.contains("␛[31mred"))
    }

    func testStylingOnlyWhenAllowed() {
        let posts = [Post(id: 1, title: "T", body: "b")]
        XCTAssertFalse(plugin.render(posts, context: RenderContext(allowsStyling: false)).contains("\u{1B}"))
        XCTAssertTrue(plugin.render(posts, context: RenderContext(allowsStyling: true)).contains("\u{1B}[1mT"))
    }

    func testEmptyArrayRendersNothing() throws {
        XCTAssertEqual(try decode("[]"), [])
        XCTAssertEqual(plugin.render([], context: RenderContext()), "")
    }

    func testDefaultRegistryListsNamesOnMiss() throws {
        let registry = PluginRegistry.default()
        XCTAssertEqual(try registry.plugin(named: "posts").name, "posts")
        XCTAssertThrowsError(try registry.plugin(named: "nope")) { error in
            XCTAssertEqual(String(describing: error), #"no plugin named "nope"; known: empty, posts, events, lines, feed, articles, table, json, images, text, bytes"#)
        }
    }
}

final class PostsPluginMediaTypeTests: XCTestCase {
    func testNonJSONMediaTypeIsNamedInTheError() {
        let html = ResponseInfo(url: "http://h/", headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8")]))
        XCTAssertThrowsError(try PostsPlugin().decode(Array("<html></html>".utf8), response: html)) { error in
            XCTAssertEqual((error as? DecodeFailure)?.reason, "is text/html, not a JSON array of posts ({id, title, body})")
        }
    }
}

final class SkeletonTests: XCTestCase {
    func testEachBuiltInDrawsADimSkeletonWithinTheWidth() {
        let plain = RenderContext(width: 40, height: 20, allowsStyling: false)
        // The empty state draws nothing, so nothing stands in for it while it loads.
        for plugin in PluginRegistry.default().plugins where plugin.name != NoContentPlugin.pluginName {
            let skeleton = plugin.renderer.skeleton(context: plain)
            XCTAssertTrue(skeleton.contains("▒"), plugin.name)
            for line in skeleton.split(separator: "\n") {
                XCTAssertLessThanOrEqual(TerminalText.displayWidth(line), 40, plugin.name)
            }
            let styled = plugin.renderer.skeleton(context: RenderContext(width: 40, height: 20, allowsStyling: true))
            XCTAssertTrue(styled.contains("\u{1B}[2m▒"), "dimmed: \(plugin.name)")
        }
    }

    func testUnknownPluginsHaveNoSkeleton() {
        let plugins = PluginRegistry.default()
        XCTAssertEqual(plugins.skeleton(for: .fromResponse(plugins.decoders, accept: plugins.acceptHeader), context: RenderContext()), "")
    }
}
