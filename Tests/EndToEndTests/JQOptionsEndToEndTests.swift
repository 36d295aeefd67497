import Foundation
import TestSupport
import XCTest

/// jq's own options as jq users type them: `--arg NAME VALUE`, `--argjson NAME JSON` (for
/// `--jq` and `--until` alike), `-c`; and `--jq` on a page or a feed as `--output json` shows it.
final class JQOptionsEndToEndTests: XCTestCase {
    static let page = """
        <html><head><title>A page</title><meta name="description" content="About it"></head>
        <body><p>First <a href="/one">one</a>.</p><p>Then <a href="https://example.com/two">two</a>.</p></body></html>
        """
    static let record = #"[{"id": 1, "name": "Ana", "tags": ["a", "b"], "nested": {"z": null, "a": true, "n": -0.5}}, {"id": 2, "name": "Bo"}]"#

    private func server(requests: Counter = Counter()) -> TestServer {
        TestServer { server, _ in
            server.route("/posts", TestRoutes.fixed(Fixtures.posts(5), requests: requests))
            server.route("/record", TestRoutes.fixed(Self.record, requests: requests))
            server.route("/spelled", TestRoutes.fixed(#"{"price": 1.50, "big": 1e2, "zero": -0}"#, requests: requests))
            server.route("/page", TestRoutes.fixed(contentType: "text/html; charset=utf-8", Self.page, requests: requests))
            server.route("/image", TestRoutes.fixed(contentType: "application/octet-stream", "\u{1}\u{2}binary", requests: requests))
        }
    }

    private func run(_ arguments: [String]) throws -> LoadrunProcess {
        let run = try LoadrunProcess(["--no-history", "--no-cache"] + arguments)
        _ = run.waitForExit()
        return run
    }

    /// What `jq -c .` prints for `text`.
    private func jqCompact(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/jq")
        process.arguments = ["-c", "."]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "jq accepts it: \(text)")
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: --arg and --argjson

    func testArgBindsAStringInTheProgram() throws {
        let server = server()
        let run = try self.run([server.url("/posts"), "--jq", ".[] | select(.id == ($id|tonumber)) | .title", "--arg", "id", "3"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "Post number 3\n")
        let named = try self.run([server.url("/posts"), "--jq", "$ARGS.named", "--arg", "a", "-1", "--argjson", "b", "[1, {\"c\": null}]",
                                  "--output", "json", "--compact-output"])
        XCTAssertEqual(named.waitForExit(), .exited(0), named.standardError)
        XCTAssertEqual(named.standardOutput, #"{"a":"-1","b":[1,{"c":null}]}"# + "\n", "a value that starts with - is the value")
    }

    func testArgjsonBindsAJSONValueAndTheUntilProgramHasThemToo() throws {
        let server = server()
        let run = try self.run([server.url("/posts"), "--jq", "[.[] | select(.id | IN($ids[])) | .title]", "--argjson", "ids", "[2, 4]",
                                "--output", "json", "--compact-output"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, #"["Post number 2","Post number 4"]"# + "\n")
        let until = try self.run([server.url("/posts"), "-q", "--until", "length == $n", "--argjson", "n", "5", "--until-timeout", "20s"])
        XCTAssertEqual(until.waitForExit(), .exited(0), "met on the first load: \(until.standardError)")
        let unmet = try self.run([server.url("/posts"), "-q", "--until", "length == ($n|tonumber)", "--arg", "n", "6", "--watch", "20ms",
                                  "--until-timeout", "300ms"])
        XCTAssertEqual(unmet.waitForExit(), .exited(1), unmet.standardError)
    }

    func testBadArgumentsAreUsageErrorsBeforeAnyRequest() throws {
        let requests = Counter()
        let server = server(requests: requests)
        let cases: [([String], String)] = [
            (["--argjson", "ids", "[1,"], "loadrun: --argjson ids: the value is not JSON: "),
            (["--arg", "id"], "loadrun: --arg takes a NAME and a VALUE: --arg id 3"),
            (["--arg"], "loadrun: --arg takes a NAME and a VALUE: --arg id 3"),
            (["--arg", "my-id", "3"], #"loadrun: --arg: "my-id" is not a jq variable name"#),
            (["--arg", "id", "3", "--argjson", "id", "3"], "loadrun: --argjson id: $id is given twice"),
        ]
        for (arguments, message) in cases {
            let run = try self.run([server.url("/posts"), "--jq", "$id"] + arguments)
            XCTAssertEqual(run.waitForExit(), .exited(64), "\(arguments): \(run.standardError)")
            XCTAssertTrue(run.standardError.contains(message), "\(arguments): \(run.standardError)")
            XCTAssertEqual(run.standardOutput, "")
        }
        let undefined = try self.run([server.url("/posts"), "--jq", "$id"])
        XCTAssertEqual(undefined.waitForExit(), .exited(64))
        XCTAssertTrue(undefined.standardError.contains("$id is not defined"), undefined.standardError)
        XCTAssertEqual(requests.count, 0, "no request was made")
    }

    // MARK: -c

    func testCompactJSONOutputIsWhatJqDashCPrints() throws {
        let server = server()
        for path in ["/record", "/posts", "/page"] {
            let pretty = try self.run([server.url(path), "--output", "json"])
            XCTAssertEqual(pretty.waitForExit(), .exited(0), pretty.standardError)
            let compact = try self.run([server.url(path), "--output", "json", "--compact-output"])
            XCTAssertEqual(compact.waitForExit(), .exited(0), compact.standardError)
            XCTAssertEqual(compact.standardOutput.filter { $0 == "\n" }.count, 1, "one line: \(compact.standardOutput)")
            XCTAssertEqual(compact.standardOutput, try jqCompact(pretty.standardOutput), path)
            XCTAssertEqual(compact.standardOutput, try jqCompact(compact.standardOutput), "jq -c . prints it as it is")
        }
        let spelled = try self.run([server.url("/spelled"), "--output", "json", "--compact-output"])
        XCTAssertEqual(spelled.standardOutput, #"{"price":1.50,"big":1e2,"zero":-0}"# + "\n", "numbers as the server wrote them")
        let sorted = try self.run([server.url("/record"), "--output", "json", "--compact-output", "--sort-keys", "--jq", ".[0].nested"])
        XCTAssertEqual(sorted.standardOutput, #"{"a":true,"n":-0.5,"z":null}"# + "\n")
    }

    /// The text output is asked for: on a pipe, content that came as JSON would otherwise go out
    /// as `--output json` writes it (issue 59).
    func testCompactInTheTextOutputPrintsJSONOnOneLineAndLeavesOtherViews() throws {
        let server = server()
        let document = try self.run([server.url("/record"), "--output", "text", "--compact-output", "--plugin", "json"])
        XCTAssertEqual(document.waitForExit(), .exited(0), document.standardError)
        XCTAssertEqual(document.standardOutput, try jqCompact(Self.record))
        let result = try self.run([server.url("/record"), "--output", "text", "--compact-output", "--jq", ".[0]"])
        XCTAssertEqual(result.waitForExit(), .exited(0), result.standardError)
        XCTAssertEqual(result.standardOutput, #"{"id":1,"name":"Ana","tags":["a","b"],"nested":{"z":null,"a":true,"n":-0.5}}"# + "\n")
        let strings = try self.run([server.url("/record"), "--output", "text", "--compact-output", "--jq", ".[].name"])
        XCTAssertEqual(strings.standardOutput, "Ana\nBo\n", "strings stay raw lines")
        let table = try self.run([server.url("/record"), "--output", "text", "--compact-output", "--jq", "map({id, name})"])
        XCTAssertEqual(table.waitForExit(), .exited(0), table.standardError)
        XCTAssertTrue(table.standardOutput.contains("Ana") && !table.standardOutput.contains("{"), "records stay a table: \(table.standardOutput)")
    }

    // MARK: --jq on what --output json shows

    func testJQRunsOnAPageAsOutputJSONShowsIt() throws {
        let server = server()
        let shown = try self.run([server.url("/page"), "--output", "json", "--compact-output"])
        let filtered = try self.run([server.url("/page"), "--jq", ".", "--compact-output"])
        XCTAssertEqual(filtered.waitForExit(), .exited(0), filtered.standardError)
        XCTAssertEqual(filtered.standardOutput, shown.standardOutput, "the same JSON")
        let links = try self.run([server.url("/page"), "--jq", ".title, .description, .links[]"])
        XCTAssertEqual(links.waitForExit(), .exited(0), links.standardError)
        XCTAssertEqual(links.standardOutput, "A page\nAbout it\n\(server.url("/one"))\nhttps://example.com/two\n")
    }

    func testContentWithNoJSONFormIsRefusedNamingItsType() throws {
        let server = server()
        let run = try self.run([server.url("/image"), "--jq", "."])
        XCTAssertEqual(run.waitForExit(), .exited(2))
        XCTAssertTrue(run.standardError.contains("is application/octet-stream, not JSON: --jq runs on JSON, JSON Lines, feeds and web pages"),
                      run.standardError)
    }
}
