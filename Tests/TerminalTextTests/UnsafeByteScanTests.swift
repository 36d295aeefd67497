import TerminalText
import XCTest

/// The byte scan that lets safe text through untouched looks at eight bytes at a time: an
/// unsafe byte is found wherever it stands in the word, and the tail after the last word.
final class UnsafeByteScanTests: XCTestCase {
    func testAnUnsafeScalarIsFoundAtEveryPlaceInTheWordsAndTheTail() {
        let unsafe: [(scalar: String, shown: String)] = [("\u{1B}", "␛"), ("\u{7F}", "␡"), ("\u{9B}", "\u{FFFD}"), ("\u{202E}", "\u{FFFD}")]
        for (scalar, shown) in unsafe {
            for place in 0...20 {
                let text = String(repeating: "a", count: place) + scalar + String(repeating: "b", count: 20 - place)
                let expected = String(repeating: "a", count: place) + shown + String(repeating: "b", count: 20 - place)
                XCTAssertEqual(UntrustedText.forTerminal(text), expected, "\(scalar.debugDescription) at \(place)")
                XCTAssertNotEqual(UntrustedText.forJSON(text), text, "\(scalar.debugDescription) at \(place)")
            }
        }
    }

    func testNewlinesTabsAndOtherNonASCIITextPassUntouched() {
        for place in 0...20 {
            let text = String(repeating: "x", count: place) + "\n\t café 幅 \u{2003}" + String(repeating: "y", count: 20 - place)
            XCTAssertEqual(UntrustedText.forTerminal(text), text, "at \(place)")
            XCTAssertEqual(UntrustedText.forJSON(text), text, "at \(place)")
        }
    }

    func testANameOfPrintableASCIIIsKeptWholeOrCutAtItsLimitAndOtherTextIsFiltered() {
        XCTAssertEqual(UntrustedText.asName("posts-1", limit: 40), "posts-1")
        XCTAssertEqual(UntrustedText.asName(String(repeating: "x", count: 50), limit: 40), String(repeating: "x", count: 40))
        XCTAssertEqual(UntrustedText.asName("a b~", limit: 3), "a b")
        XCTAssertEqual(UntrustedText.asName("a\u{7}b\u{202E}c", limit: 40), "abc", "controls and overrides go")
        XCTAssertEqual(UntrustedText.asName("caf\u{E9}-\u{5E45}", limit: 40), "caf\u{E9}-\u{5E45}")
    }
}
