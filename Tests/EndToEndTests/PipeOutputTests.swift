import Foundation
import TestSupport
import XCTest

/// Issue 41: on a pipe, output is the data, whole. The JSON view is JSON that `jq` parses, and
/// a table keeps every cell, through the real binary and a real pipe. Issue 59: content that
/// came as JSON is written on a pipe as `--output json` writes it unless a view is asked for;
/// `--output text` asks for the views, and they keep the data whole there.
final class PipeOutputTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-e2e-pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// `loadrun …/comments/1 | jq .name` failed: the view wrapped a long string at 80 columns.
    func testTheJSONViewOnAPipeIsJSONThatJQParses() throws {
        let body = String(repeating: "laudantium enim quasi est quidem ", count: 30)
        let comment = try file("comment", #"{"postId":1,"id":1,"name":"id labore ex et quam laborum","body":"\#(body)\nnext line","score":1.50}"#)
        let run = try LoadrunProcess(shell: #""$LOADRUN" --url "$0" | jq -r '.name, .body'"#, arguments: [comment])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "id labore ex et quam laborum\n\(body)\nnext line\n")
        let raw = try LoadrunProcess(["--url", comment])
        XCTAssertEqual(raw.waitForExit(), .exited(0), raw.standardError)
        XCTAssertTrue(raw.standardOutput.contains(#"  "score": 1.50"#), "the server's spelling, its key order: \(raw.standardOutput)")
    }

    /// 241 comment names over 40 characters were not found whole in `loadrun …/comments > file`.
    func testATableOnAPipeKeepsEveryCellWhole() throws {
        let names = (1...150).map { "name number \($0) " + String(repeating: "that goes on ", count: $0 % 7) }
        let rows = names.enumerated().map { #"{"id":\#($0.offset + 1),"name":"\#($0.element)","email":"a@b.c"}"# }
        let comments = try file("comments", "[" + rows.joined(separator: ",") + "]")
        let run = try LoadrunProcess(["--output", "text", "--url", comments])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let lines = run.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 151, "a header and one line a row")
        for (index, name) in names.enumerated() {
            XCTAssertTrue(lines[index + 1].contains(name), "row \(index + 1) whole: \(lines[index + 1])")
        }
        XCTAssertFalse(run.standardOutput.contains("…"), "nothing cut on a pipe")
    }

    /// Issue 59: with no view asked for, the rows a table would show go to a pipe as the JSON
    /// `--output json` writes: every record, every field, whole, for jq.
    func testRecordsOnAPipeAreTheJSONOutputJSONWrites() throws {
        let names = (1...150).map { "name number \($0) " + String(repeating: "that goes on ", count: $0 % 7) }
        let rows = names.enumerated().map { #"{"id":\#($0.offset + 1),"name":"\#($0.element)","email":"a@b.c"}"# }
        let comments = try file("comments", "[" + rows.joined(separator: ",") + "]")
        let run = try LoadrunProcess(["--url", comments])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let json = try LoadrunProcess(["--output", "json", "--url", comments])
        XCTAssertEqual(json.waitForExit(), .exited(0), json.standardError)
        XCTAssertEqual(run.standardOutput, json.standardOutput, "the pipe gets what --output json writes")
        let records = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(records.map { $0["name"] as? String }, names)
        XCTAssertEqual(records.map { $0["id"] as? Int }, Array(1...150))
        XCTAssertFalse(run.standardErrorLines.contains { $0.contains("shown as") }, "no note on a view: \(run.standardError)")
    }

    /// `--max-items` on a pipe cut the JSON view's arrays with `… 2 more items` inside them,
    /// after a trailing comma: no longer JSON. The cut is said on stderr instead.
    func testMaxItemsOnAPipeKeepsTheJSONViewJSON() throws {
        let document = try file("doc", #"{"a":[1,2,3,4],"b":{"c":[5,6,7]}}"#)
        let run = try LoadrunProcess(shell: #""$LOADRUN" --output text --max-items 2 --url "$0" | jq -c ."#, arguments: [document])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, #"{"a":[1,2],"b":{"c":[5,6]}}"# + "\n")
        XCTAssertTrue(run.standardErrorLines.contains("doc: --max-items left out 3 items of the JSON's arrays"), run.standardError)
    }

    /// Issue 57: with COLUMNS exported, the JSON view on a pipe wrapped its strings at that
    /// width, and jq could not parse it. Whether stdout is a terminal decides: COLUMNS only
    /// sets the width of what is laid out for reading (a table, text).
    func testCOLUMNSOnAPipeLeavesTheJSONViewJSON() throws {
        let body = String(repeating: "laudantium enim quasi est quidem ", count: 30)
        let comment = try file("comment", #"{"name":"id labore ex et quam laborum","body":"\#(body)","list":[1,2,3]}"#)
        let run = try LoadrunProcess(shell: #""$LOADRUN" --url "$0" | jq -r .body"#, environment: ["COLUMNS": "40"], arguments: [comment])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, body + "\n")
        let view = try LoadrunProcess(shell: #""$LOADRUN" --output text --url "$0" | jq -r .body"#, environment: ["COLUMNS": "40"], arguments: [comment])
        XCTAssertEqual(view.waitForExit(), .exited(0), view.standardError)
        XCTAssertEqual(view.standardOutput, body + "\n", "the JSON view asked for on a pipe is not wrapped at COLUMNS")
        let cut = try LoadrunProcess(shell: #""$LOADRUN" --output text --max-items 2 --url "$0" | jq -c .list"#, environment: ["COLUMNS": "40"], arguments: [comment])
        XCTAssertEqual(cut.waitForExit(), .exited(0), cut.standardError)
        XCTAssertEqual(cut.standardOutput, "[1,2]\n")
    }
}
