import Loader
import Plugins
import XCTest

final class TerminalTextTests: XCTestCase {
    func testEscapeSequencesAreMadeVisible() {
        let hostile = "title\u{1B}]0;pwned\u{07}\u{1B}[2J end"
        let safe = TerminalText.sanitized(hostile)
        XCTAssertFalse(safe.unicodeScalars.contains { $0.value < 0x20 }, safe)
        XCTAssertEqual(safe, "title␛]0;pwned␇␛[2J end")
    }

    func testNewlinesAndTabsSurviveAndCRLFBecomesLF() {
        XCTAssertEqual(TerminalText.sanitized("a\tb\r\nc\nd"), "a\tb\nc\nd")
        XCTAssertEqual(TerminalText.sanitized("over\rwrite"), "over␍write")
    }

    func testC1ControlsAndDELAreReplaced() {
        XCTAssertEqual(TerminalText.sanitized("a\u{9B}31mb\u{85}c\u{7F}"), "a\u{FFFD}31mb\u{FFFD}c␡")
    }

    func testBidiOverridesAndIsolatesAreReplaced() {
        let trojan = "admin\u{202E}gnp.exe\u{2066}x\u{2069}"
        let safe = TerminalText.sanitized(trojan)
        for scalar in safe.unicodeScalars {
            XCTAssertFalse((0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
        }
        XCTAssertEqual(safe, "admin\u{FFFD}gnp.exe\u{FFFD}x\u{FFFD}")
    }

    func testOrdinaryTextIsUntouched() {
        let text = "Café 幅 😀 naïve — “quotes”"
        XCTAssertEqual(TerminalText.sanitized(text), text)
    }

    func testDisplayWidthCountsColumnsNotBytes() {
        XCTAssertEqual(TerminalText.displayWidth("abc"), 3)
        XCTAssertEqual(TerminalText.displayWidth("Café"), 4)
        XCTAssertEqual(TerminalText.displayWidth("e\u{301}"), 1, "a combining accent takes no column")
        XCTAssertEqual(TerminalText.displayWidth("幅広"), 4)
        XCTAssertEqual(TerminalText.displayWidth("😀"), 2)
    }

    func testWrapBreaksAtSpacesWithinTheWidth() {
        let lines = TerminalText.wrap("the quick brown fox jumps over the lazy dog", width: 10)
        XCTAssertEqual(lines, ["the quick", "brown fox", "jumps over", "the lazy", "dog"])
        for line in lines { XCTAssertLessThanOrEqual(TerminalText.displayWidth(line), 10) }
    }

    func testWrapSplitsWordsLongerThanALine() {
        XCTAssertEqual(TerminalText.wrap("abcdefghij xy", width: 4), ["abcd", "efgh", "ij", "xy"])
    }

    func testWrapCountsWideCharactersAsTwoColumns() {
        let lines = TerminalText.wrap("幅の広い文字も正しく折り返す", width: 10)
        XCTAssertEqual(lines, ["幅の広い文", "字も正しく", "折り返す"])
    }

    func testWrapOfEmptyTextIsOneEmptyLine() {
        XCTAssertEqual(TerminalText.wrap("", width: 10), [""])
        XCTAssertEqual(TerminalText.wrap("   ", width: 10), [""])
    }
}
