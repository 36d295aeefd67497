import Foundation
@testable import Plugins
import XCTest

/// Whitespace collapsed as a browser lays text out, by its fast path (nothing to do) and its
/// slow one, against a reference written the plain way.
final class WhitespaceTests: XCTestCase {
    private func reference(_ text: String) -> String {
        // By scalars: "\r\n" is one Character, which no set of single spaces contains.
        text.unicodeScalars.split(whereSeparator: { " \t\n\r\u{0C}".unicodeScalars.contains($0) })
            .map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
    }

    func testCollapsedMatchesTheReferenceOnEveryShape() {
        let cases = ["", "a", " a", "a ", "a  b", "a\nb", "a b", "\t", "  ", "a b c", "é  ü", "a\r\n\tb ", "\u{0C}x", "x\u{0C}y",
                     "Example <b>Atom</b>", "  lead", "trail  ", "one two  three"]
        for text in cases {
            XCTAssertEqual(Whitespace.collapsed(text), reference(text), text.debugDescription)
            XCTAssertEqual(Whitespace.trimmed(text), text.trimmingCharacters(in: .whitespacesAndNewlines), text.debugDescription)
        }
    }
}
