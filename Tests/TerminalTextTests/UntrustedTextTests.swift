import Foundation
import XCTest
import TerminalText

/// The one rule for outside text on its way to a terminal, in each of its forms.
final class UntrustedTextTests: XCTestCase {
    func testEscapeSequencesAreMadeVisible() {
        let hostile = "title\u{1B}]0;pwned\u{07}\u{1B}[2J end"
        let safe = UntrustedText.forTerminal(hostile)
        XCTAssertFalse(safe.unicodeScalars.contains { $0.value < 0x20 }, safe)
        XCTAssertEqual(safe, "title␛]0;pwned␇␛[2J end")
    }

    func testNewlinesAndTabsSurviveAndCRLFBecomesLF() {
        XCTAssertEqual(UntrustedText.forTerminal("a\tb\r\nc\nd"), "a\tb\nc\nd")
        XCTAssertEqual(UntrustedText.forTerminal("over\rwrite"), "over␍write")
    }

    func testC1ControlsAndDELAreReplaced() {
        XCTAssertEqual(UntrustedText.forTerminal("a\u{9B}31mb\u{85}c\u{7F}"), "a\u{FFFD}31mb\u{FFFD}c␡")
    }

    func testBidiOverridesAndIsolatesAreReplaced() {
        let trojan = "admin\u{202E}gnp.exe\u{2066}x\u{2069}"
        let safe = UntrustedText.forTerminal(trojan)
        for scalar in safe.unicodeScalars {
            XCTAssertFalse((0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
        }
        XCTAssertEqual(safe, "admin\u{FFFD}gnp.exe\u{FFFD}x\u{FFFD}")
    }

    func testOrdinaryTextIsUntouched() {
        let text = "Café 幅 😀 naïve — “quotes”"
        XCTAssertEqual(UntrustedText.forTerminal(text), text)
    }

    func testOneLineFormTurnsLineBreaksAndTabsIntoSpaces() {
        XCTAssertEqual(UntrustedText.forTerminalLine("a\nb\tc\r\nd\u{1B}"), "a b c d␛")
    }

    func testJSONEscapesDELC1AndBidiControlsAndLeavesTheRest() throws {
        let json = #"{"title" : "a\u001b[1m \#u{7F}\#u{9B}2J\#u{85} \#u{202E}x\#u{2066}y\#u{2069} Café 😀 \#u{200F}"}"#
        let escaped = UntrustedText.forJSON(json)
        XCTAssertEqual(escaped, #"{"title" : "a\u001b[1m \u007f\u009b2J\u0085 \u202ex\u2066y\u2069 Café 😀 \#u{200F}"}"#)
        // The same data: both parse to the same string.
        let decode = { (text: String) throws -> [String: String] in
            try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
        }
        XCTAssertEqual(try decode(escaped), try decode(json))
    }

    func testJSONWithNothingToEscapeIsReturnedAsItIs() {
        let json = "[\n  {\n    \"id\" : 1, \"t\" : \"— “quotes” …\"\n  }\n]"
        XCTAssertEqual(UntrustedText.forJSON(json), json)
    }

    func testNamesKeepOnlyPrintableCharactersAndAreCutAfterwards() {
        XCTAssertEqual(UntrustedText.asName("X\u{1B}]52;c;UFdORUQ=\u{07}"), "X]52;c;UFdORUQ=")
        XCTAssertEqual(UntrustedText.asName("a\u{202E}b\u{2066}c\u{200B}d\u{9B}e\u{7F}f\tg h"), "abcdefg h")
        XCTAssertEqual(UntrustedText.asName("café-幅-😀"), "café-幅-😀")
        // Filtering first means a cut can never leave half an escape behind.
        XCTAssertEqual(UntrustedText.asName(String(repeating: "\u{1B}", count: 50) + "posts", limit: 40), "posts")
        XCTAssertEqual(UntrustedText.asName(String(repeating: "n", count: 50), limit: 40).count, 40)
    }
}
