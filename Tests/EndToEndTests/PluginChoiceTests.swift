import Loader
import SampleSource
import TestSupport
import XCTest

/// Which plugin the binary uses: by --source, by --plugin, or from the response.
final class PluginChoiceTests: XCTestCase {
    private let article = #"{"title":"Hello","body":"One.\n\nTwo."}"#

    func testSourceArticlesPrintsTheSampleArticle() throws {
        let run = try LoadrunProcess(["--source", "articles"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.first, "A loading state for every source")
        XCTAssertEqual(lines[1], "", "a blank line between the title and the body")
        XCTAssertEqual(lines.filter(\.isEmpty).count, 5, "four paragraphs, each after a blank line, and the final newline")
        XCTAssertTrue(run.standardErrorLines.first?.hasSuffix("/articles (embedded sample source)") ?? false)
    }

    func testURLAloneChoosesThePluginFromTheResponse() throws {
        let server = TestServer { [article] server, _ in
            server.route("/a", TestRoutes.fixed(article))
            server.route("/p", TestRoutes.fixed(Fixtures.posts(1)))
        }
        let articleRun = try LoadrunProcess(["--url", server.url("/a")])
        XCTAssertEqual(articleRun.waitForExit(), .exited(0), articleRun.standardError)
        XCTAssertEqual(articleRun.standardOutput, "Hello\n\nOne.\n\nTwo.\n")
        XCTAssertEqual(articleRun.standardErrorLines, ["a: \(server.url("/a"))"])

        let postsRun = try LoadrunProcess(["--url", server.url("/p")])
        XCTAssertEqual(postsRun.waitForExit(), .exited(0), postsRun.standardError)
        XCTAssertTrue(postsRun.standardOutput.hasPrefix("1  Post number 1\n"), postsRun.standardOutput)
    }

    func testNoPluginForTheMediaTypeListsThePlugins() throws {
        let server = TestServer { server, _ in
            server.route("/feed.xml", TestRoutes.fixed(contentType: "application/rss+xml", "<rss/>"))
        }
        let run = try LoadrunProcess(["--url", server.url("/feed.xml")])
        XCTAssertEqual(run.waitForExit(), .exited(2))
        XCTAssertEqual(run.standardOutput, "")
        XCTAssertEqual(run.standardErrorLines.last,
                       "feed.xml: no plugin takes the application/rss+xml response from 127.0.0.1:\(server.port); plugins: posts (application/json), articles (application/json), table (application/json), json (application/json), images (image/*) — name one with --plugin")
    }

    func testPluginOptionForcesAPlugin() throws {
        let server = TestServer { server, _ in
            server.route("/data.txt", TestRoutes.fixed(contentType: "text/plain", Fixtures.posts(2)))
        }
        let auto = try LoadrunProcess(["--url", server.url("/data.txt")])
        XCTAssertEqual(auto.waitForExit(), .exited(2), "text/plain is no plugin's by itself")

        let forced = try LoadrunProcess(["--url", server.url("/data.txt"), "--plugin", "posts"])
        XCTAssertEqual(forced.waitForExit(), .exited(0), forced.standardError)
        XCTAssertTrue(forced.standardOutput.hasPrefix("1  Post number 1\n"), forced.standardOutput)
    }

    func testPluginsListsTheTable() throws {
        let run = try LoadrunProcess(["plugins"])
        XCTAssertEqual(run.waitForExit(), .exited(0))
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.map { $0.prefix(10).trimmingCharacters(in: .whitespaces) },
                       ["NAME", "posts", "articles", "table", "json", "images"], "in the order they are consulted")
        XCTAssertTrue(lines[0].hasPrefix("NAME      TAKES                             RENDERS"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("posts     JSON arrays of {id, title, body}  a JSON array of posts"), lines[1])
        XCTAssertTrue(lines[3].hasPrefix("table     other JSON arrays of objects      a JSON array of objects"), lines[3])
        XCTAssertTrue(lines[4].hasPrefix("json      any other JSON                    any JSON document"), lines[4])
    }
}
