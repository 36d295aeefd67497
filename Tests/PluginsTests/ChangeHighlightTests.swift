import Loader
import Plugins
import XCTest
import TerminalText

/// Watch mode's highlight of changed lines, for content that is not a list (lists are marked
/// item by item by the screen: `ListChanges`).
final class ChangeHighlightTests: XCTestCase {
    private let styled = RenderContext(width: 60, allowsStyling: true)
    private let plain = RenderContext(width: 60, allowsStyling: false)

    func testChangedLinesAreHighlightedAndTheRestLeftAlone() {
        let old = "title\nfirst paragraph\nsecond paragraph\n"
        let new = "title\nfirst paragraph, edited\nsecond paragraph\nthird paragraph\n"
        let lines = LineChanges.highlighted(new, since: old, context: styled).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["title", "\u{1B}[7mfirst paragraph, edited\u{1B}[27m", "second paragraph", "\u{1B}[7mthird paragraph\u{1B}[27m"])
        XCTAssertEqual(LineChanges.highlighted(new, since: old, context: plain), new, "no styling, no marks")
    }

    func testStyledWidthIgnoresEscapes() {
        XCTAssertEqual(TerminalText.styledWidth("\u{1B}[7m\u{1B}[1mab\u{1B}[22m幅\u{1B}[27m"), 4)
    }
}
