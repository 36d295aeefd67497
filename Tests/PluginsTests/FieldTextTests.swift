import Plugins
import TerminalText
import XCTest

/// One field from outside as the plugins draw it (`TerminalText+Bounded`): cut to
/// `fieldLimit` with a note of what was left out, made safe, and wrapped.
final class FieldTextTests: XCTestCase {
    func testFieldsBeyondTheLimitAreCutWithANoteOfWhatWasLeftOut() {
        XCTAssertEqual(TerminalText.bounded("short", limit: 10), "short")
        XCTAssertEqual(TerminalText.bounded("0123456789", limit: 10), "0123456789", "exactly the limit stays whole")
        XCTAssertEqual(TerminalText.bounded(String(repeating: "x", count: 2_010), limit: 10),
                       "xxxxxxxxxx… (2.0 KB more; --output json has it all)")
        // The cut falls between graphemes: an accent stays with its letter.
        let accented = String(repeating: "e\u{301}", count: 20)
        XCTAssertEqual(TerminalText.bounded(accented, limit: 3).prefix(4), "e\u{301}e\u{301}e\u{301}…")
    }

    func testAFieldIsBoundedMadeSafeAndWrapped() {
        let lines = TerminalText.wrapField(String(repeating: "y", count: 50_000) + "\u{1B}]0;t\u{07}", width: 80)
        XCTAssertTrue(lines.allSatisfy { TerminalText.displayWidth($0) <= 80 })
        XCTAssertFalse(lines.joined().contains("\u{1B}"))
        XCTAssertTrue(lines.joined(separator: " ").hasSuffix("… (40.0 KB more; --output json has it all)"), lines.last ?? "")
    }
}
