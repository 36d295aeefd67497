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

        // The posts view, asked for: on a pipe, posts would go out as the JSON (issue 59).
        let postsRun = try LoadrunProcess(["--output", "text", "--url", server.url("/p")])
        XCTAssertEqual(postsRun.waitForExit(), .exited(0), postsRun.standardError)
        XCTAssertTrue(postsRun.standardOutput.hasPrefix("1  Post number 1\n"), postsRun.standardOutput)
    }

    func testEveryResponseGetsAViewAndAnEmptyOneIsTheEmptyState() throws {
        let server = TestServer { server, _ in
            server.route("/feed.xml", TestRoutes.fixed(contentType: "application/rss+xml", "<rss>\n  <channel/>\n</rss>\n"))
            server.route("/blob", TestRoutes.fixed(contentType: "application/octet-stream", "\u{0}\u{1}ABC"))
            server.route("/empty", TestRoutes.fixed(contentType: "application/octet-stream", ""))
        }
        let feed = try LoadrunProcess(["--url", server.url("/feed.xml")])
        XCTAssertEqual(feed.waitForExit(), .exited(0), feed.standardError)
        XCTAssertEqual(feed.standardOutput, "", "a feed with no entries is the empty state")
        XCTAssertEqual(feed.standardErrorLines.last, "feed.xml: no entries in the feed")

        // The dump is the view (--output text); on a pipe the bytes are otherwise the bytes.
        let blob = try LoadrunProcess(["--url", server.url("/blob"), "--output", "text"])
        XCTAssertEqual(blob.waitForExit(), .exited(0), blob.standardError)
        XCTAssertEqual(blob.standardOutput, "application/octet-stream, 5 bytes\n00000000: 0001 4142 43                             ..ABC\n", "as xxd shows it")

        let empty = try LoadrunProcess(["--url", server.url("/empty")])
        XCTAssertEqual(empty.waitForExit(), .exited(0), empty.standardError)
        XCTAssertEqual(empty.standardOutput, "")
        XCTAssertEqual(empty.standardErrorLines.last, "empty: no content (200)")
    }

    func testPluginOptionForcesAPlugin() throws {
        let server = TestServer { server, _ in
            server.route("/data.txt", TestRoutes.fixed(contentType: "text/plain", Fixtures.posts(2)))
        }
        let auto = try LoadrunProcess(["--url", server.url("/data.txt")])
        XCTAssertEqual(auto.waitForExit(), .exited(0), auto.standardError)
        XCTAssertTrue(auto.standardOutput.hasPrefix("[{"), "text/plain by itself is text: \(auto.standardOutput)")

        let forced = try LoadrunProcess(["--url", server.url("/data.txt"), "--plugin", "posts"])
        XCTAssertEqual(forced.waitForExit(), .exited(0), forced.standardError)
        XCTAssertTrue(forced.standardOutput.hasPrefix("1  Post number 1\n"), forced.standardOutput)
    }

    /// Issue 26: `--source posts --url …/todos` said only that item 1 has no "body".
    func testAPluginThatRefusesTheContentNamesThePluginsThatTakeIt() throws {
        let todos = #"[{"userId":1,"id":1,"title":"delectus aut autem","completed":false}]"#
        let server = TestServer { server, _ in server.route("/todos", TestRoutes.fixed(todos)) }
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/todos")])
        XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
        XCTAssertEqual(run.standardErrorLines.last, "posts: the response from 127.0.0.1:\(server.port) is not a JSON array of posts "
            + #"({id, title, body}): item 1 has no "body" — check that the URL serves posts; --plugin table takes it (so do json), "#
            + "or drop --source and --plugin so that the plugin is chosen by the content")
        let table = try LoadrunProcess(["--plugin", "table", "--url", server.url("/todos")])
        XCTAssertEqual(table.waitForExit(), .exited(0), table.standardError)
        XCTAssertTrue(table.standardOutput.hasPrefix("userId  id  title"), "the advice works: \(table.standardOutput)")
    }

    func testPluginsListsTheTable() throws {
        let run = try LoadrunProcess(["plugins"])
        XCTAssertEqual(run.waitForExit(), .exited(0))
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        // On a pipe, cells are separated by a tab and never padded.
        let columns = lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(columns.map(\.first), ["NAME", "empty", "posts", "events", "lines", "feed", "articles", "table", "json", "images", "text", "bytes"],
                       "in the order they are consulted")
        XCTAssertEqual(columns[0], ["NAME", "TAKES", "RENDERS"])
        XCTAssertEqual(columns.dropFirst().map { $0[1] }, [
            "a success with no body (204, or an empty 200)", "JSON arrays of {id, title, body}", "text/event-stream", "JSON Lines streams", "RSS, Atom, RDF and JSON Feed, by type or by content",
            "JSON objects with title and body; HTML", "other JSON arrays of objects", "any other JSON",
            "image/*", "text/* but HTML, XML, and untyped UTF-8", "anything else",
        ])
    }
}
