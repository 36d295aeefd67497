import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// `--output json`: the decoded model on stdout, with stable keys, for scripts.
final class JSONOutputTests: XCTestCase {
    private func json(_ arguments: [String]) throws -> (Any, String) {
        let run = try LoadrunProcess(arguments + ["--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let text = run.standardOutput
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)), text)
    }

    func testPostsAreAnArrayWithSortedKeys() throws {
        let (value, text) = try json(["--source", "posts"])
        let posts = try XCTUnwrap(value as? [[String: Any]])
        XCTAssertEqual(posts.count, 12)
        XCTAssertEqual(posts[0]["title"] as? String, "Loading states are a contract")
        XCTAssertEqual(posts[0]["id"] as? Int, 1)
        XCTAssertTrue(text.hasPrefix("[\n  {\n    \"body\" : "), "keys sorted: body, id, title, userId")
        XCTAssertFalse(text.contains("\u{1B}"), "no styling in JSON")
    }

    func testArticleIsAnObject() throws {
        let (value, _) = try json(["--source", "articles"])
        let article = try XCTUnwrap(value as? [String: Any])
        XCTAssertEqual(Set(article.keys), ["title", "body"])
        XCTAssertEqual(article["title"] as? String, "A loading state for every source")
    }

    func testEscapesAreEscapedNotEmitted() throws {
        let server = TestServer { server, _ in
            server.route("/posts", TestRoutes.fixed(#"[{"id":1,"title":"\u001b[2Jboom","body":"b"}]"#))
        }
        let (value, text) = try json(["--url", server.url("/posts")])
        XCTAssertFalse(text.contains("\u{1B}"), text)
        XCTAssertTrue(text.contains(#"\u001b[2Jboom"#), text)
        XCTAssertEqual((value as? [[String: Any]])?.first?["title"] as? String, "\u{1B}[2Jboom", "the data itself is kept")
    }

    func testEmptyPostsAreAnEmptyArray() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed("[]")) }
        let (value, _) = try json(["--url", server.url("/posts")])
        XCTAssertEqual((value as? [Any])?.count, 0)
    }
}
