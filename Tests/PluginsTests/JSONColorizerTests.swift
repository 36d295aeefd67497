import Loader
import Foundation
import Plugins
import XCTest

/// `--output json` on a terminal is coloured as jq 1.6 colours it, escape for escape.
final class JSONColorizerTests: XCTestCase {
    /// Every kind of value, empty and full containers, nested, and a key and a string that
    /// hold what would end them if read carelessly.
    private let document = #"{"a":[1,"s",null,true,false,{}],"b":{"c":[],"q\"}":"x\\\",]"},"n":-0.5e3}"#

    private func pretty(_ text: String) throws -> String {
        JSONWriter().write(try JSONParser.parse(Array(text.utf8))) + "\n"
    }

    func testColoursAreJq16sAndStandWhereJqPutsThem() throws {
        let small = try pretty(#"{"a":[1,"s",null,true,false,{}],"b":{"c":[]}}"#)
        // `jq -C .` 1.6's bytes for the same document.
        let jq = "\u{1B}[1;39m{\n  \u{1B}[0m\u{1B}[34;1m\"a\"\u{1B}[0m\u{1B}[1;39m: \u{1B}[0m\u{1B}[1;39m[\n    \u{1B}[0;39m1\u{1B}[0m"
            + "\u{1B}[1;39m,\n    \u{1B}[0;32m\"s\"\u{1B}[0m\u{1B}[1;39m,\n    \u{1B}[1;30mnull\u{1B}[0m\u{1B}[1;39m,\n    \u{1B}[0;39mtrue"
            + "\u{1B}[0m\u{1B}[1;39m,\n    \u{1B}[0;39mfalse\u{1B}[0m\u{1B}[1;39m,\n    \u{1B}[1;39m{}\u{1B}[0m\u{1B}[1;39m\n  \u{1B}[1;39m]"
            + "\u{1B}[0m\u{1B}[1;39m,\n  \u{1B}[0m\u{1B}[34;1m\"b\"\u{1B}[0m\u{1B}[1;39m: \u{1B}[0m\u{1B}[1;39m{\n    \u{1B}[0m\u{1B}[34;1m\"c\""
            + "\u{1B}[0m\u{1B}[1;39m: \u{1B}[0m\u{1B}[1;39m[]\u{1B}[0m\u{1B}[1;39m\n  \u{1B}[1;39m}\u{1B}[0m\u{1B}[1;39m\n\u{1B}[1;39m}\u{1B}[0m\n"
        XCTAssertEqual(JSONColorizer.colored(small), jq)
        XCTAssertEqual(JSONColorizer.colored("null\n"), "\u{1B}[1;30mnull\u{1B}[0m\n", "a scalar alone ends at the newline")
        XCTAssertEqual(JSONColorizer.colored("[]\n"), "\u{1B}[1;39m[]\u{1B}[0m\n")
    }

    /// The oracle: jq itself, on a document whose numbers jq 1.6 writes as they came.
    func testItMatchesJqItself() throws {
        let jqPath = "/usr/bin/jq"
        guard FileManager.default.isExecutableFile(atPath: jqPath) else { throw XCTSkip("jq is not installed") }
        let text = try pretty(document.replacingOccurrences(of: "-0.5e3", with: "-500"))
        let jq = Process()
        jq.executableURL = URL(fileURLWithPath: jqPath)
        jq.arguments = ["-C", "."]
        let input = Pipe(), output = Pipe()
        jq.standardInput = input
        jq.standardOutput = output
        try jq.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let coloured = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        jq.waitUntilExit()
        XCTAssertEqual(JSONColorizer.colored(text), coloured)
    }

    func testPiecesColourAsTheWholeDoes() throws {
        let text = try pretty(document)
        let whole = JSONColorizer.colored(text)
        let bytes = Array(text.utf8)
        for size in [1, 2, 3, 7, 64] {
            var colorizer = JSONColorizer()
            var pieces = ""
            var start = 0
            while start < bytes.count {
                let end = min(start + size, bytes.count)
                pieces += colorizer.color(String(decoding: bytes[start..<end], as: UTF8.self))
                start = end
            }
            XCTAssertEqual(pieces, whole, "pieces of \(size) bytes")
        }
        let lines = JSONWriter().write(lines: [.number("1"), .object([JSON.Member("k", .string("v"))])]) + "\n"
        XCTAssertEqual(JSONColorizer.colored(lines),
                       "\u{1B}[0;39m1\u{1B}[0m\n\u{1B}[1;39m{\u{1B}[0m\u{1B}[34;1m\"k\"\u{1B}[0m\u{1B}[1;39m:\u{1B}[0m\u{1B}[0;32m\"v\"\u{1B}[0m\u{1B}[1;39m\u{1B}[1;39m}\u{1B}[0m\n",
                       "JSON Lines: each value on its line, as jq -c colours it")
    }
}
