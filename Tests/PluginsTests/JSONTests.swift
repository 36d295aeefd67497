import Loader
import Plugins
import XCTest

/// The JSON parser and writer, as values: what goes in comes back out, and what is broken or
/// hostile is said where.
final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws(DecodeFailure) -> JSON { try JSONParser.parse(Array(text.utf8)) }

    private func failure(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "parsed"
        } catch {
            return error.reason
        }
    }

    func testObjectsKeepTheirKeyOrderAndNumbersTheirLiteral() throws {
        let value = try parse(#" {"z": 1, "a": [true, false, null], "n": -12.50e+3, "big": 123456789012345678901234567890} "#)
        guard case .object(let members) = value else { return XCTFail("\(value)") }
        XCTAssertEqual(members.map(\.key), ["z", "a", "n", "big"])
        XCTAssertEqual(value["a"], .array([.bool(true), .bool(false), .null]))
        XCTAssertEqual(value["n"], .number("-12.50e+3"))
        XCTAssertEqual(value["big"], .number("123456789012345678901234567890"))
    }

    func testStringEscapesIncludingSurrogatePairsAreDecoded() throws {
        XCTAssertEqual(try parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#), .string("a\"b\\c/d\n\té😀"))
        XCTAssertEqual(try parse(#""\ud83d alone""#), .string("\u{FFFD} alone"), "a lone surrogate is replaced, not trusted")
        XCTAssertEqual(try parse(#""héllo wörld""#), .string("héllo wörld"))
    }

    func testBrokenDocumentsSayWhatAndWhere() {
        XCTAssertEqual(failure(#"[{"id":1,"title":"cut"#), "is not valid JSON (it ends inside a string, at line 1, column 22)")
        XCTAssertEqual(failure("[1,\n 2,\n x]"), "is not valid JSON (an unexpected character, at line 3, column 2)")
        XCTAssertEqual(failure("{\"a\" 1}"), "is not valid JSON (no ':' after an object key, at line 1, column 6)")
        XCTAssertEqual(failure("[1] 2"), "is not valid JSON (text after the value, at line 1, column 5)")
        XCTAssertEqual(failure("[01]"), "is not valid JSON (no ',' or ']' in an array, at line 1, column 3)")
        XCTAssertEqual(failure("\"tab\there\""), "is not valid JSON (a raw control character in a string, at line 1, column 5)")
        XCTAssertEqual(failure(""), "is empty, not JSON")
        XCTAssertEqual(failure("  \n "), "is empty, not JSON")
    }

    func testInvalidUTF8IsRefused() {
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22])) { error in
            XCTAssertTrue((error as? DecodeFailure)?.reason.hasPrefix("is not valid UTF-8") ?? false, "\(error)")
        }
    }

    /// Strings are taken exactly when they are valid UTF-8, as the validating initialiser
    /// judges, with or without escapes around the bytes.
    func testStringsAreValidUTF8ExactlyWhenTheStandardLibrarySaysSo() {
        let sequences: [[UInt8]] = [
            [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xEF, 0xBF, 0xBD], [0xF4, 0x8F, 0xBF, 0xBF],
            [0x80], [0xBF], [0xC3], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF0, 0x9F, 0x98], [0xE2, 0x82], [0xFE], [0xFF],
            [0xF0, 0x9F, 0x98, 0x41], [0xE2, 0x28, 0xA1], [0xC3, 0xA9, 0x80],
        ]
        for sequence in sequences {
            for (before, after) in [([], []), (Array("a".utf8), Array("b".utf8)), (Array(#"\n"#.utf8), []), ([], Array(#"\u00e9"#.utf8))] {
                let content = before + sequence + after
                // What surrounds the bytes is ASCII, or an escape that decodes to whole
                // scalars: it never completes nor breaks a sequence.
                let expected = String(validating: sequence, as: UTF8.self) != nil
                let parsed = (try? JSONParser.parse([0x22] + content + [0x22])) != nil
                XCTAssertEqual(parsed, expected, "\(content.map { String($0, radix: 16) })")
            }
        }
    }

    /// Strings are scanned eight bytes at a time: a quote, an escape, a control or a
    /// non-ASCII byte is found wherever it stands in those eight.
    func testWhatEndsOrBreaksARunIsFoundAtEveryOffset() throws {
        for before in 0..<20 {
            for after in [0, 1, 7, 8, 9] {
                let head = String(repeating: "a", count: before)
                let tail = String(repeating: "b", count: after)
                XCTAssertEqual(try parse("\"\(head)\""), .string(head))
                XCTAssertEqual(try parse(#""\#(head)\n\#(tail)""#), .string(head + "\n" + tail))
                XCTAssertEqual(try parse(#""\#(head)\"\#(tail)""#), .string(head + "\"" + tail))
                XCTAssertEqual(try parse("\"\(head)é\u{7F}\(tail)\""), .string(head + "é\u{7F}" + tail))
                XCTAssertEqual(try parse("[\"\(head)\",\"\(tail)\"]"), .array([.string(head), .string(tail)]))
                XCTAssertEqual(failure("\"\(head)\u{1F}\(tail)\""),
                               "is not valid JSON (a raw control character in a string, at line 1, column \(before + 2))")
                XCTAssertEqual(failure("\"\(head)\\n\(tail)\u{01}\""),
                               "is not valid JSON (a raw control character in a string, at line 1, column \(before + after + 4))")
                XCTAssertEqual(failure("\"\(head)\(tail)"), "is not valid JSON (it ends inside a string, at line 1, column \(before + after + 2))")
                let invalid = [0x22] + Array(head.utf8) + [0xFF] + Array(tail.utf8) + [0x22]
                XCTAssertNil(try? JSONParser.parse(invalid), "a stray 0xFF after \(before) bytes")
            }
        }
    }

    func testAHundredThousandOpeningBracketsAreRefusedNotRecursedInto() {
        let reason = failure(String(repeating: "[", count: 100_000))
        XCTAssertEqual(reason, "is JSON nested deeper than 512 levels (at line 1, column 513)")
        XCTAssertEqual(failure(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)), "parsed")
    }

    func testTooManyValuesAreRefused() {
        XCTAssertThrowsError(try JSONParser.parse(Array("[0,0,0,0,0]".utf8), maxValues: 5)) { error in
            XCTAssertEqual((error as? DecodeFailure)?.reason, "holds more than 5 JSON values")
        }
        XCTAssertNoThrow(try JSONParser.parse(Array("[0,0,0,0]".utf8), maxValues: 5))
    }
}

final class JSONWriterTests: XCTestCase {
    func testItWritesAsJqDoesInTheServersOrderOrSorted() throws {
        let value = try JSONParser.parse(Array(#"{"b":[1,{"y":null,"x":true}],"a":{},"c":[]}"#.utf8))
        XCTAssertEqual(JSONWriter().write(value), """
            {
              "b": [
                1,
                {
                  "y": null,
                  "x": true
                }
              ],
              "a": {},
              "c": []
            }
            """)
        XCTAssertTrue(JSONWriter(sortsKeys: true).write(value).hasPrefix("{\n  \"a\": {},\n  \"b\": [\n    1,\n    {\n      \"x\": true,"))
    }

    func testStringsAreEscapedSoNothingInThemDrivesATerminal() {
        let hostile = "\u{1B}]52;c;x\u{07} \u{7F} \u{9B}2J \u{202E}evil\u{2066} é \"q\" \\ \n"
        XCTAssertEqual(JSONWriter().write(.string(hostile)),
                       #""\u001b]52;c;x\u0007 \u007f \u009b2J \u202eevil\u2066 é \"q\" \\ \n""#)
        let roundTrip = try? JSONParser.parse(Array(JSONWriter().write(.string(hostile)).utf8))
        XCTAssertEqual(roundTrip, .string(hostile), "escaped, the data is kept")
    }
}

extension JSONParserTests {
    /// Containers are gathered on shared stacks while open: nesting in every order must come
    /// back as it went in.
    func testContainersNestedInEveryOrderComeBackAsTheyWent() throws {
        let text = #"[{"a":[{"b":1},{"c":[2,[3,{}]]}],"d":{"e":{"f":[]}}},[[],[{}],{"g":[{"h":null}]}],4]"#
        let value = try parse(text)
        XCTAssertEqual(value, .array([
            .object([.init("a", .array([.object([.init("b", .number("1"))]),
                                        .object([.init("c", .array([.number("2"), .array([.number("3"), .object([])])]))])])),
                     .init("d", .object([.init("e", .object([.init("f", .array([]))]))]))]),
            .array([.array([]), .array([.object([])]), .object([.init("g", .array([.object([.init("h", .null)])]))])]),
            .number("4"),
        ]))
        XCTAssertEqual(failure(#"[{"a":[1,2],"b":{"c":3}},{"d":[4,"#), "is not valid JSON (it ends where a value should be, at line 1, column 34)")
        XCTAssertEqual(try parse(#"[{"x":[1]},{"y":2}]"#), .array([.object([.init("x", .array([.number("1")]))]), .object([.init("y", .number("2"))])]),
                       "a failure inside one parse leaves nothing open for the next")
    }
}
