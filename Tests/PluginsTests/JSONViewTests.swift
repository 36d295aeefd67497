import Foundation
import Loader
import Plugins
import XCTest
import TerminalText

/// The JSON view and the table, as text for a given width and styling.
final class JSONViewTests: XCTestCase {
    private let plugin = JSONPlugin()

    private func render(_ text: String, _ context: RenderContext) throws -> String {
        plugin.render(JSONDocument(try JSONParser.parse(Array(text.utf8))), context: context)
    }

    func testPlainOffATerminalAndColouredOnOneWithEachKindDistinct() throws {
        let document = #"{"name":"Leanne","id":1,"ok":true,"none":null}"#
        XCTAssertEqual(try render(document, RenderContext()), """
            {
              "name": "Leanne",
              "id": 1,
              "ok": true,
              "none": null
            }

            """)
        let styled = try render(document, RenderContext(allowsStyling: true))
        let key = "\u{1B}[1;34m\"name\"\u{1B}[22;39m"
        let string = "\u{1B}[32m\"Leanne\"\u{1B}[39m"
        let number = "\u{1B}[36m1\u{1B}[39m"
        let boolean = "\u{1B}[33mtrue\u{1B}[39m"
        let null = "\u{1B}[90mnull\u{1B}[39m"
        for part in [key, string, number, boolean, null] { XCTAssertTrue(styled.contains(part), "\(part.debugDescription) in \(styled.debugDescription)") }
        XCTAssertFalse(styled.contains("\u{1B}[0m"), "no full reset: the watch view's highlight survives")
    }

    func testLongArraysSayHowManyItemsWereLeftOut() throws {
        let text = try render("[1,2,3,4,5]", RenderContext(isTerminal: true, maxItems: 2))
        XCTAssertEqual(text, "[\n  1,\n  2,\n  … 3 more items\n]\n")
        // Anywhere else the view is JSON, whatever width it was given: the cut is said elsewhere.
        XCTAssertEqual(try render("[1,2,3,4,5]", RenderContext(maxItems: 2)), "[\n  1,\n  2\n]\n")
    }

    /// For reading, on a terminal, a string of megabytes is cut with what was left out; off a
    /// terminal, whatever the width, it is whole.
    func testAHugeStringIsCutOnATerminalOnly() throws {
        let json = #"{"s":""# + String(repeating: "a", count: 2_000_000) + #""}"#
        let cut = try render(json, RenderContext(width: 80, isTerminal: true))
        XCTAssertLessThan(cut.utf8.count, 20_000)
        XCTAssertTrue(cut.contains("MB more; --output json"), String(cut.suffix(200)))
        XCTAssertEqual(try render(json, RenderContext(width: 80)).utf8.count, 2_000_000 + "{\n  \"s\": \"\"\n}\n".utf8.count)
    }

    func testLongStringsWrapWithinTheWidthAndStaySafe() throws {
        let long = String(repeating: "word ", count: 40) + "\u{1B}[2J"
        let json = #"{"body":"\#(long.replacingOccurrences(of: "\u{1B}", with: "\\u001b"))"}"#
        let text = try render(json, RenderContext(width: 40, isTerminal: true))
        // Off a terminal it is JSON whatever the width: the string on one line.
        XCTAssertEqual(try render(json, RenderContext(width: 40)).split(separator: "\n").count, 3)
        for line in text.split(separator: "\n") {
            XCTAssertLessThanOrEqual(TerminalText.displayWidth(line), 40, String(line))
        }
        XCTAssertFalse(text.contains("\u{1B}"), "the escape is shown escaped")
        XCTAssertTrue(text.contains(#"\u001b[2J""#))
    }

    /// Issue 41: `loadrun URL/comments/1 | jq .name` failed on a wrapped string.
    func testOnAPipeEveryStringIsWholeAndTheViewIsJSON() throws {
        let long = String(repeating: "word ", count: 20_000)
        let document = #"{"name":"a name","body":"\#(long)line\nbreak","n":1.50}"#
        let text = try render(document, RenderContext(width: 40, hasScreenWidth: false))
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(parsed["body"] as? String, long + "line\nbreak", "whole, never cut or wrapped")
        XCTAssertTrue(text.contains(#""n": 1.50"#), "the server's spelling of a number")
        XCTAssertEqual(text.split(separator: "\n").count, 5)
    }

    func testDeepDocumentsKeepTheirTextOnScreen() throws {
        let deep = String(repeating: "[", count: 200) + "\"bottom\"" + String(repeating: "]", count: 200)
        let text = try render(deep, RenderContext(width: 40))
        XCTAssertTrue(text.contains("\"bottom\""))
        XCTAssertTrue(text.split(separator: "\n").allSatisfy { TerminalText.displayWidth($0) <= 40 })
    }
}

final class TableViewTests: XCTestCase {
    private let plugin = TablePlugin()
    private let users = #"""
        [{"id":1,"name":"Leanne Graham","address":{"city":"Gwenborough","geo":{"lat":"-37.3159"}},"tags":["a","b"],"active":true},
         {"id":10,"name":"Clementina","address":{"city":"Lebsackbury","geo":{"lat":"-38.2386"}},"tags":[],"active":false}]
        """#

    private func table(_ text: String) throws -> Table {
        try plugin.decode(Array(text.utf8), response: ResponseInfo(url: "http://h/users", headers: HTTPHeaders([("Content-Type", "application/json")])))
    }

    func testScalarsAreColumnsNestedObjectsAreFlattenedOnceAndTheRestSummarised() throws {
        XCTAssertEqual(plugin.render(try table(users), context: RenderContext(width: 100)), """
            id  name           address.city  address.geo  tags       active
             1  Leanne Graham  Gwenborough   {1 key}      [2 items]  true
            10  Clementina     Lebsackbury   {1 key}      [0 items]  false

            """)
    }

    func testColumnsThatDoNotFitAreDroppedFromTheRightAndNamed() throws {
        let text = plugin.render(try table(users), context: RenderContext(width: 32))
        XCTAssertEqual(text, """
            id  name           address.city
             1  Leanne Graham  Gwenborough
            10  Clementina     Lebsackbury
            +3 more columns: address.geo, t…

            """)
        XCTAssertTrue(text.split(separator: "\n").allSatisfy { TerminalText.displayWidth($0) <= 32 })
    }

    /// Issue 41: on a pipe, 241 comment names over 40 characters were cut with `…`.
    func testOnAPipeEveryCellIsWholeOnItsRowsLine() throws {
        let long = String(repeating: "a long name ", count: 8)
        let text = plugin.render(try table(#"[{"id":1,"name":"\#(long)"},{"id":2,"name":"short"}]"#),
                                 context: RenderContext(width: 32, hasScreenWidth: false))
        XCTAssertEqual(text, "id  name\n 1  \(long)\n 2  short\n", "whole, never cut with …")
        let screen = plugin.render(try table(#"[{"id":1,"name":"\#(long)"}]"#), context: RenderContext(width: 32))
        XCTAssertTrue(screen.contains("…"), "on a screen, cut to fit: \(screen)")
    }

    func testRowsPastMaxItemsAreCountedAndCellsAreMadeSafe() throws {
        let rows = (1...5).map { #"{"id":\#($0),"title":"\u001b]0;x\u0007 row \#($0)"}"# }.joined(separator: ",")
        let text = plugin.render(try table("[\(rows)]"), context: RenderContext(width: 80, maxItems: 2))
        XCTAssertEqual(text, "id  title\n 1  ␛]0;x␇ row 1\n 2  ␛]0;x␇ row 2\n… 3 more rows\n")
    }

    func testHostileKeysNeitherDriveTheTerminalNorBreakTheHeader() throws {
        let text = plugin.render(try table(#"[{"id":1,"two\nlines":2,"\u001b]0;x\u0007":3}]"#), context: RenderContext(width: 80))
        XCTAssertEqual(text, "id  two lines  ␛]0;x␇\n 1          2       3\n")
        XCTAssertEqual(plugin.itemLines(try table(#"[{"a\nb":1}]"#), context: RenderContext()), [1], "the row follows a one-line header")
    }

    func testAnythingButAListOfObjectsIsRefusedByName() {
        XCTAssertThrowsError(try table("[1,2]")) { error in
            XCTAssertEqual((error as? DecodeFailure)?.reason, "is a JSON array of 2 items, not a JSON array of objects")
        }
    }
}
