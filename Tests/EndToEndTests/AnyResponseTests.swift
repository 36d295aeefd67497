import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// Every JSON API shape gets a view: the six JSONPlaceholder resources, one item and the list,
/// as text, as a table, and as JSON that keeps every field.
final class AnyResponseTests: XCTestCase {
    private func server() -> TestServer {
        TestServer { server, _ in
            for resource in ResourceFixtures.resources {
                server.route("/\(resource.path)", TestRoutes.fixed(resource.list))
                server.route("/\(resource.path)/1", TestRoutes.fixed(resource.first))
            }
        }
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> LoadrunProcess {
        // The views, as a terminal shows them: on a pipe JSON is otherwise written as JSON.
        let view = arguments.contains("--output") ? [] : ["--output", "text"]
        let run = try LoadrunProcess(arguments + ["--no-retry"] + view, environment: environment)
        XCTAssertEqual(run.waitForExit(), .exited(0), "\(arguments): \(run.standardError)")
        return run
    }

    private func object(_ text: String) throws -> NSObject {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? NSObject)
    }

    /// JSON Lines, NDJSON and json-seq are lists: a table when the values are records, and
    /// `--output json` gives them back a value a line. httpbin's `/stream/N` sends them as
    /// application/json.
    func testJSONLinesAreAListAndComeBackAsJSONLines() throws {
        let lines = (1...3).map { #"{"id":\#($0),"url":"http://h/\#($0)","args":{}}"# }.joined(separator: "\n") + "\n"
        let server = TestServer { server, _ in
            server.route("/stream", TestRoutes.fixed(lines))
            server.route("/ndjson", TestRoutes.fixed(contentType: "application/x-ndjson", "1\n\"two\"\n[3]\n"))
            server.route("/seq", TestRoutes.fixed(contentType: "application/json-seq", "\u{1E}{\"id\":1}\n\u{1E}{\"id\":2}\n"))
            server.route("/glued", TestRoutes.fixed(#"{"id":1} {"id":2}"#))
        }
        let table = try run(["--url", server.url("/stream")])
        XCTAssertEqual(table.standardOutput.split(separator: "\n").first.map(String.init), "id  url         args", table.standardOutput)
        XCTAssertTrue(table.standardErrorLines.contains { $0.hasSuffix("shown as a table (JSON Lines of 3 objects; no plugin named for it)") }, table.standardError)
        let json = try run(["--url", server.url("/stream"), "--output", "json"])
        XCTAssertEqual(json.standardOutput, lines, "a value a line, as they came")
        let scalars = try run(["--url", server.url("/ndjson"), "--output", "json"])
        XCTAssertEqual(scalars.standardOutput, "1\n\"two\"\n[3]\n")
        let sequence = try run(["--url", server.url("/seq")])
        XCTAssertTrue(sequence.standardOutput.hasPrefix("id\n"), sequence.standardOutput)
        let glued = try LoadrunProcess(["--url", server.url("/glued"), "--no-retry"])
        XCTAssertEqual(glued.waitForExit(), .exited(2), "two values on one line are no sequence: \(glued.standardError)")
        XCTAssertTrue(glued.standardError.contains("text after the value"), glued.standardError)
    }

    /// On a pipe there is no width to fit: every column stays, so `grep` finds an email.
    /// COLUMNS still sets one.
    func testATableOnAPipeKeepsEveryColumnUnlessColumnsIsSet() throws {
        let server = server()
        let piped = try run(["--url", server.url("/users")])
        let header = piped.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(header.hasSuffix("company.bs"), "every column: \(header)")
        XCTAssertTrue(piped.standardOutput.contains("ada@example.test"), piped.standardOutput)
        XCTAssertFalse(piped.standardOutput.contains("more column"), piped.standardOutput)
        let narrow = try run(["--url", server.url("/users")], environment: ["COLUMNS": "60"])
        XCTAssertTrue(narrow.standardOutput.contains("more columns"), narrow.standardOutput)
    }

    func testEveryListIsATableAndEveryItemIsJSONOrAnArticle() throws {
        let server = server()
        for resource in ResourceFixtures.resources where resource.path != "posts" {
            let list = try run(["--url", server.url("/\(resource.path)")])
            let header = list.standardOutput.split(separator: "\n").first ?? ""
            XCTAssertTrue(header.hasPrefix("id") || header.hasPrefix("userId") || header.hasPrefix("postId") || header.hasPrefix("albumId"),
                          "\(resource.path) as a table: \(list.standardOutput)")
            XCTAssertEqual(list.standardOutput.split(separator: "\n").count, 3 + (list.standardOutput.contains("more column") ? 1 : 0),
                           "a header and two rows: \(list.standardOutput)")
            XCTAssertTrue(list.standardErrorLines.contains { $0.hasSuffix("shown as a table (a JSON array of 2 objects; no plugin named for it)") },
                          list.standardError)

            let item = try run(["--url", server.url("/\(resource.path)/1")])
            XCTAssertTrue(item.standardOutput.hasPrefix("{\n  \""), "\(resource.path)/1 as JSON: \(item.standardOutput)")
            XCTAssertEqual(try object(item.standardOutput), try object(resource.first), "the text view holds every field")
        }
        let posts = try run(["--url", server.url("/posts")])
        XCTAssertTrue(posts.standardOutput.hasPrefix("1  first post\n   one\n"), "posts keep their own view: \(posts.standardOutput)")
        let post = try run(["--url", server.url("/posts/1")])
        XCTAssertTrue(post.standardOutput.hasPrefix("first post\n\none"), "a post alone is an article: \(post.standardOutput)")
    }

    func testJSONOutputKeepsEveryFieldOfEveryShape() throws {
        let server = server()
        for resource in ResourceFixtures.resources {
            for (path, expected) in [("/\(resource.path)", resource.list), ("/\(resource.path)/1", resource.first)] {
                let json = try run(["--url", server.url(path), "--output", "json"])
                XCTAssertEqual(try object(json.standardOutput), try object(expected), path)
                XCTAssertFalse(json.standardError.contains("shown as"), "no view, so no word about one: \(json.standardError)")
            }
        }
    }

    func testAWebPageIsAnArticleWithItsLinksAndTextIsShownAsItIs() throws {
        let page = #"<!DOCTYPE html><html><head><title>Guide</title><script>x()</script></head><body><h1>Start</h1><p>See <a href="/next">next</a>.</p></body></html>"#
        let server = TestServer { server, _ in
            server.route("/guide", TestRoutes.fixed(contentType: "text/html; charset=utf-8", page))
            server.route("/notes.txt", TestRoutes.fixed(contentType: "text/plain; charset=utf-8", "line one\n  line two\n"))
        }
        let html = try run(["--url", server.url("/guide")])
        XCTAssertEqual(html.standardOutput, "Guide\n\nStart\n\nSee next[L1].\n\nLinks\n[L1] \(server.url("/next"))\n")
        let json = try run(["--url", server.url("/guide"), "--output", "json"])
        let object = try XCTUnwrap(try self.object(json.standardOutput) as? [String: Any])
        XCTAssertEqual(object["title"] as? String, "Guide")
        XCTAssertEqual(object["body"] as? String, "Start\n\nSee next[L1].")
        XCTAssertEqual(object["links"] as? [String], [server.url("/next")])

        let text = try run(["--url", server.url("/notes.txt")])
        XCTAssertEqual(text.standardOutput, "line one\n  line two\n")
        XCTAssertEqual(text.standardErrorLines.last, "notes.txt: shown as text (text/plain; no more specific plugin takes it)")
    }

    /// libxml2 (and the ICU it brings) is opened only when a page needs it: the dynamic
    /// loader's own log (LD_DEBUG=libs) shows what each run loaded.
    func testLibxml2IsLoadedOnlyForAWebPage() throws {
        let server = TestServer { server, _ in
            server.route("/guide", TestRoutes.fixed(contentType: "text/html; charset=utf-8", "<html><title>Guide</title><p>Hi</p></html>"))
            server.route("/posts", TestRoutes.fixed(Fixtures.posts(1)))
        }
        let posts = try run(["--url", server.url("/posts")], environment: ["LD_DEBUG": "libs"])
        XCTAssertTrue(posts.standardError.contains("libglib-2.0.so"), "the loader's log is there: \(posts.standardError.prefix(300))")
        XCTAssertFalse(posts.standardError.contains("libxml2.so"), "JSON needs no libxml2")
        let page = try run(["--url", server.url("/guide")], environment: ["LD_DEBUG": "libs"])
        XCTAssertTrue(page.standardOutput.hasPrefix("Guide\n"), page.standardOutput)
        XCTAssertTrue(page.standardError.contains("libxml2.so.2"), "a page opens it")
    }

    func testHostileDocumentsGiveAClearErrorOrACutView() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func file(_ name: String, _ text: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.absoluteString
        }
        let deep = try LoadrunProcess(["--url", try file("deep.json", String(repeating: "[", count: 100_000))])
        XCTAssertEqual(deep.waitForExit(), .exited(2))
        XCTAssertTrue(deep.standardError.contains("is JSON nested deeper than 512 levels (at line 1, column 513)"), deep.standardError)

        let tiny = try LoadrunProcess(["--url", try file("tiny.json", "[" + Array(repeating: "0", count: 10_000_000).joined(separator: ",") + "]")])
        XCTAssertEqual(tiny.waitForExit(), .exited(2))
        XCTAssertTrue(tiny.standardError.contains("holds more than 4000000 JSON values — ask the server for less, a page at a time"), tiny.standardError)

        // On a pipe the view is the data, whole (issue 41), COLUMNS or not (issue 57: whether
        // stdout is a terminal decides; the cut for reading is JSONViewTests').
        let longFile = try file("long.json", #"{"s":""# + String(repeating: "a", count: 50_000_000) + #""}"#)
        let whole = try LoadrunProcess(["--url", longFile], environment: ["COLUMNS": "80"])
        XCTAssertEqual(whole.waitForExit(limit: .seconds(60)), .exited(0), whole.standardError)
        XCTAssertEqual(whole.standardOutput.utf8.count, 50_000_000 + "{\n  \"s\": \"\"\n}\n".utf8.count, "the string whole, as JSON")

        let bomb = try LoadrunProcess(["--url", try file("bomb.html", "<!DOCTYPE html>" + String(repeating: "<div><b>", count: 300_000))])
        XCTAssertEqual(bomb.waitForExit(), .exited(2))
        XCTAssertTrue(bomb.standardError.contains("is HTML with more than 500000 tags, more than loadrun reads"), bomb.standardError)
    }

    func testPluginTableForcesTheTableOnPostsToo() throws {
        let server = server()
        let table = try run(["--url", server.url("/posts"), "--plugin", "table"])
        XCTAssertEqual(table.standardOutput, "userId  id  title        body\n     1   1  first post   one two\n     1   2  second post  three\n")
    }

    func testMaxItemsCutsTheViewAndSaysHowMuchWasLeftOut() throws {
        let server = server()
        let table = try run(["--url", server.url("/users"), "--max-items", "1"])
        XCTAssertTrue(table.standardOutput.contains("\n… 1 more row\n"), table.standardOutput)
        // On a pipe the view stays JSON, COLUMNS or not: the cut is said on stderr.
        for environment in [[:], ["COLUMNS": "80"]] {
            let piped = try run(["--url", server.url("/albums"), "--plugin", "json", "--max-items", "1"], environment: environment)
            XCTAssertTrue(piped.standardOutput.hasSuffix("}\n]\n"), piped.standardOutput)
            XCTAssertTrue(piped.standardErrorLines.contains { $0.hasSuffix(": --max-items left out 1 item of the JSON's arrays") }, piped.standardError)
        }
        let all = try run(["--url", server.url("/albums"), "--output", "json", "--max-items", "1"])
        XCTAssertEqual(try object(all.standardOutput), try object(ResourceFixtures.albums), "--output json has it all")
    }

    func testColourOnATerminalOnlyAndNeverWithNoColor() throws {
        let server = server()
        let piped = try run(["--url", server.url("/users/1")])
        XCTAssertFalse(piped.standardOutput.contains("\u{1B}"), "no escapes on a pipe")

        // swift test exports NO_COLOR=1 to tests; a user's terminal usually has none.
        let written = try terminalOutput("env -u NO_COLOR '\(LoadrunProcess.binaryPath)' --url \(server.url("/users/1"))")
        XCTAssertTrue(written.contains("\u{1B}[1;34m\"name\"\u{1B}[22;39m: \u{1B}[32m\"Ada Byron\"\u{1B}[39m"), written.debugDescription)
        XCTAssertTrue(written.contains("\u{1B}[36m1\u{1B}[39m"), "numbers in their own colour")

        let plain = try terminalOutput("env NO_COLOR=1 '\(LoadrunProcess.binaryPath)' --url \(server.url("/users/1"))")
        XCTAssertTrue(plain.contains("\"name\": \"Ada Byron\""), plain.debugDescription)
        XCTAssertFalse(plain.contains("\u{1B}[3") || plain.contains("\u{1B}[1;34m"), "no colour with NO_COLOR: \(plain.debugDescription)")
    }

    /// What `command` wrote to a real terminal, escapes and all.
    private func terminalOutput(_ command: String) throws -> String {
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("pane-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: recording) }
        // The shell waits for a line before it starts the command: the recording starts first.
        let tmux = try TmuxSession("read -r go; \(command); echo EXIT=$?")
        try tmux.recordOutput(to: recording)
        try tmux.send("go", "Enter")
        XCTAssertTrue(tmux.waitForRecording(recording, containing: "EXIT=0"), tmux.screen())
        return (try? String(contentsOfFile: recording, encoding: .utf8)) ?? ""
    }
}
