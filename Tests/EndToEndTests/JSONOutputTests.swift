import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// `--output json`: the content on stdout as the server sent it, re-indented, for scripts.
final class JSONOutputTests: XCTestCase {
    private func json(_ arguments: [String]) throws -> (Any, String) {
        let run = try LoadrunProcess(arguments + ["--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let text = run.standardOutput
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)), text)
    }

    func testPostsAreAnArrayWithTheServersKeysInItsOrderOrSorted() throws {
        let (value, text) = try json(["--source", "posts"])
        let posts = try XCTUnwrap(value as? [[String: Any]])
        XCTAssertEqual(posts.count, 12)
        XCTAssertEqual(posts[0]["title"] as? String, "Loading states are a contract")
        XCTAssertEqual(posts[0]["id"] as? Int, 1)
        XCTAssertTrue(text.hasPrefix("[\n  {\n    \"userId\": 1,\n    \"id\": 1,\n    \"title\": "), "the server's order, as jq writes it: \(text.prefix(80))")
        XCTAssertFalse(text.contains("\u{1B}"), "no styling in JSON")
        let (_, sorted) = try json(["--source", "posts", "--sort-keys"])
        XCTAssertTrue(sorted.hasPrefix("[\n  {\n    \"body\": "), "keys sorted: body, id, title, userId")
    }

    func testAnArticleKeepsEveryFieldTheServerSent() throws {
        let server = TestServer { server, _ in
            server.route("/posts/1", TestRoutes.fixed(#"{"userId":1,"id":1,"title":"T","body":"B","tags":["a"]}"#))
        }
        let (value, text) = try json(["--url", server.url("/posts/1"), "--plugin", "articles"])
        let article = try XCTUnwrap(value as? [String: Any])
        XCTAssertEqual(Set(article.keys), ["userId", "id", "title", "body", "tags"])
        XCTAssertEqual(text, "{\n  \"userId\": 1,\n  \"id\": 1,\n  \"title\": \"T\",\n  \"body\": \"B\",\n  \"tags\": [\n    \"a\"\n  ]\n}\n")
    }

    func testAnyJSONDocumentPassesThroughWithItsNumbersAsSent() throws {
        let document = #"{"big":12345678901234567890,"pi":3.14159265358979323846,"e":1E+2,"nested":{"empty":[],"none":{}}}"#
        let server = TestServer { server, _ in server.route("/doc", TestRoutes.fixed(document)) }
        let (_, text) = try json(["--url", server.url("/doc")])
        XCTAssertEqual(text, """
            {
              "big": 12345678901234567890,
              "pi": 3.14159265358979323846,
              "e": 1E+2,
              "nested": {
                "empty": [],
                "none": {}
              }
            }

            """)
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

    /// Both views are written to stdout a piece at a time (about 64 KiB each): a document many
    /// pieces long comes out whole, in order, with no character split between pieces.
    func testADocumentManyPiecesLongComesOutWholeAndInOrder() throws {
        let records = (1...3000).map { id in
            #"{"id":\#(id),"name":"récord \#(id) 🙂","tags":["a","\u00e9"],"ok":\#(id % 2 == 0)}"#
        }
        let document = "[" + records.joined(separator: ",") + "]"
        let server = TestServer { server, _ in server.route("/records", TestRoutes.fixed(document)) }
        let (value, json) = try json(["--url", server.url("/records"), "--plugin", "json"])
        let parsed = try XCTUnwrap(value as? [[String: Any]])
        XCTAssertEqual(parsed.map { $0["id"] as? Int }, (1...3000).map { $0 })
        XCTAssertEqual(parsed[2999]["name"] as? String, "récord 3000 🙂")
        XCTAssertGreaterThan(json.utf8.count, 5 * 65_536, "long enough to be written in several pieces")

        // Off a terminal, with nothing long enough to wrap, the view is the same text.
        let view = try LoadrunProcess(["--url", server.url("/records"), "--plugin", "json"])
        XCTAssertEqual(view.waitForExit(), .exited(0), view.standardError)
        XCTAssertEqual(view.standardOutput, json)
    }

    func testSeveralSourcesPrintOneLabelledLinePerValueNeverDocumentsBackToBack() throws {
        let server = TestServer { server, _ in
            server.route("/a", TestRoutes.fixed(#"{"version": 1, "tags": ["x y", "}\n{"]}"#))
            server.route("/b", TestRoutes.fixed(#"[1, 2]"#))
        }
        func lines(_ extra: [String]) throws -> [[String: Any]] {
            let run = try LoadrunProcess(["--url", server.url("/a"), "--url", server.url("/b"), "--output", "json"] + extra)
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
            XCTAssertTrue(run.standardOutput.hasSuffix("}\n"), run.standardOutput)
            return try run.standardOutput.split(separator: "\n").map {
                try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "each line is one object: \($0)")
            }
        }
        let plain = try lines([])
        XCTAssertEqual(plain.map { $0["source"] as? String }, ["a", "b"])
        XCTAssertEqual(plain.map { $0["url"] as? String }, [server.url("/a"), server.url("/b")])
        XCTAssertEqual((plain[0]["content"] as? [String: Any])?["tags"] as? [String], ["x y", "}\n{"], "strings kept as they were")
        XCTAssertEqual(plain[1]["content"] as? [Int], [1, 2])
        let filtered = try lines(["--jq", #"if type == "array" then .[] else .version end"#])
        XCTAssertEqual(filtered.map { $0["source"] as? String }, ["a", "b", "b"], "a line per result")
        XCTAssertEqual(filtered.map { $0["content"] as? Int }, [1, 1, 2])
    }

    func testEveryPluginsContentGoesOnOneLabelledLine() throws {
        // Each plugin renders its JSON compact for a labelled line: one that wrote it indented
        // would break the line into pieces that are no JSON.
        let feed = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>News</title>
            <item><title>First</title><link>http://example.com/1</link><description>one\ntwo</description></item>
            </channel></rss>
            """
        let server = TestServer { server, _ in
            server.route("/feed", TestRoutes.fixed(contentType: "application/rss+xml", feed))
            server.route("/text", TestRoutes.fixed(contentType: "text/plain", "line one\nline two\n"))
            server.route("/csv", TestRoutes.fixed(contentType: "text/csv", "a,b\n1,2\n3,4\n"))
            server.route("/posts", TestRoutes.fixed(#"[{"id": 1, "title": "t", "body": "b\nc"}]"#))
        }
        let paths = ["/feed", "/text", "/csv", "/posts"]
        let run = try LoadrunProcess(paths.flatMap { ["--url", server.url($0)] } + ["--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let lines = run.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, paths.count, run.standardOutput)
        for (line, path) in zip(lines, paths) {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "one object a line: \(line)")
            XCTAssertEqual(object["url"] as? String, server.url(path))
            XCTAssertNotNil(object["content"], String(line))
        }
    }
}
