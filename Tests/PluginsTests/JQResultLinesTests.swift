import Foundation
import Loader
import Plugins
import XCTest

/// A jq program's results on their way out: as lines of compact JSON (`JQResultLines`), the
/// plain strings among them found a word at a time in C, and written by `JQResultsView`
/// straight from the bytes; each exactly as the result alone would be.
final class JQResultLinesTests: XCTestCase {
    private let response = ResponseInfo(url: "http://127.0.0.1:1/results", headers: HTTPHeaders([("Content-Type", "application/json")]))

    func testLinesHoldEachResultOnceInOrder() {
        let results = [#""a""#, "1", #"{"b":[1,2]}"#, #""""#, "null"]
        let lines = JQResultLines(results)
        XCTAssertEqual(lines.count, 5)
        XCTAssertEqual(lines.strings, results)
        XCTAssertEqual(lines.bytes, Array((results.joined(separator: "\n") + "\n").utf8))
        XCTAssertTrue(JQResultLines().isEmpty)
        XCTAssertEqual(JQResultLines().strings, [])
    }

    /// Strings with a byte that must be escaped (`"`, `\`, a control, DEL) at every place in
    /// and around an eight-byte word, beside strings that need none, are given as the jq
    /// binary gives them with `-c`.
    func testEveryStringIsEscapedWhereJQEscapesIt() throws {
        let oracle = "/usr/bin/jq"
        guard FileManager.default.isExecutableFile(atPath: oracle) else { throw XCTSkip("no jq binary at \(oracle)") }
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123")
        var strings: [String] = (0..<letters.count).map { String(letters[0..<$0]) } + ["é日本\u{9B}\u{202E}x", "tab\there"]
        for special in ["\"", "\\", "\n", "\u{1B}", "\u{7F}", "\u{1F}", "\u{01}"] {
            for place in 0..<20 {
                for length in [place + 1, place + 3, 17, 25] where length > place {
                    var characters = letters[0..<length].map(String.init)
                    characters[place] = special
                    strings.append(characters.joined())
                }
            }
        }
        let input = "[" + strings.map(Self.json).joined(separator: ",") + "]"
        let run = try JQProgram(".[]").run(Array(input.utf8))
        XCTAssertNil(run.failure)
        let expected = try Self.run(oracle, ["-c", ".[]"], input: input).split(separator: "\n").map(String.init)
        XCTAssertEqual(run.results.count, strings.count)
        XCTAssertEqual(expected.count, strings.count)
        let wrong = zip(strings, zip(run.results, expected)).filter { $1.0 != $1.1 }
        XCTAssertTrue(wrong.isEmpty, wrong.prefix(3).map { "\($0.debugDescription): \($1.0), jq: \($1.1)" }.joined(separator: "; "))
    }

    /// Results written as they come (pieces, from lines) read exactly as the same results
    /// kept and written whole: raw strings made safe for a terminal (C1, bidi, ESC, `\r\n`),
    /// numbers and objects as JSON, an array of records as a table, in their order.
    func testPiecesAreWrittenAsTheResultsKeptWhole() throws {
        let input = #"""
            ["plain", "", "é日本", "a\u009bb", "bidi\u202eevil", "esc\u001b[31mred", "two\r\nlines", "quote\"d", "back\\slash",
             1, 2.5, null, true, {"a": 1}, [1, "x"], [{"id": 1, "name": "Ana"}, {"id": 2, "name": "Bo"}], "after", "del\u007f",
             "tail"]
            """#
        let plugin = JQPlugin(program: try JQProgram(".[]"))
        let body = Array(input.utf8)
        let context = RenderContext()
        let whole = JQResultsView().render(try plugin.decode(body, response: response), context: context)
        var pieces: [AnyContent] = []
        let rest = try plugin.decode(body, response: response, handingTo: ItemHandoff(isReady: { true }, shown: { pieces.append($0); return true }))
        XCTAssertFalse(pieces.isEmpty, "several results go out as they come")
        let written = pieces.map { JQResultsView().render($0.model as! JQPlugin.Results, context: context) }.joined()
            + JQResultsView().render(rest, context: context)
        XCTAssertEqual(written, whole)
        XCTAssertTrue(written.hasPrefix("plain\n\né日本\na\u{FFFD}b\nbidi\u{FFFD}evil\nesc\u{241B}[31mred\ntwo\nlines\nquote\"d\nback\\slash\n1\n"),
                      written)
        XCTAssertTrue(written.hasSuffix("after\ndel\u{2421}\ntail\n"), written)
        XCTAssertEqual(JQResultsView().renderJSON(pieces[0].model as! JQPlugin.Results, context: context).split(separator: "\n").first,
                       #""plain""#, "JSON output: one compact result a line")
    }

    /// `text` as a JSON string, with every character that is not printable ASCII escaped.
    private static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case " "..."~": out.unicodeScalars.append(scalar)
            default:
                for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
            }
        }
        return out + "\""
    }

    private static func run(_ path: String, _ arguments: [String], input: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-jq-lines-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(input.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments + [file.path]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }
}
