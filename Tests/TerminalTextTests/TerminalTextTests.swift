import XCTest
import TerminalText

final class TerminalTextTests: XCTestCase {
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

    func testAWordOfAMegabyteWrapsAtTheWidthInOnePass() {
        let word = String(repeating: "A", count: 1 << 20)
        let lines = TerminalText.wrap(word, width: 80)
        XCTAssertEqual(lines.count, (1 << 20 + 79) / 80)
        XCTAssertTrue(lines.dropLast().allSatisfy { $0.utf8.count == 80 }, "every line but the last is full")
        XCTAssertEqual(lines.joined(), word, "nothing lost or repeated")
    }

    func testALongWordAfterShortOnesStartsOnItsOwnLineAndBreaksAtTheWidth() {
        XCTAssertEqual(TerminalText.wrap("ab 幅広幅広幅 c", width: 4), ["ab", "幅広", "幅広", "幅 c"])
        // A double-width character never stalls a one-column wrap.
        XCTAssertEqual(TerminalText.wrap("幅広", width: 1), ["幅", "広"])
    }
}
