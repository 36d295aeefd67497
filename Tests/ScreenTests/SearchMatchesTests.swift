import XCTest
@testable import Screen

/// Search in the content shown: matches in display columns on the visible text, smart case,
/// moving between them, and their highlight in styled lines.
final class SearchMatchesTests: XCTestCase {
    private let esc = "\u{1B}"

    /// The matches of `query` in `lines`, each with its columns.
    private func matches(_ query: String, _ lines: [String]) -> [SearchMatches.Match] {
        SearchMatches(query: query, lines: lines).matches(in: lines)
    }

    private func found(_ query: String, _ lines: [String]) -> [String] {
        matches(query, lines).map { "\($0.line):\($0.columns.lowerBound)..<\($0.columns.upperBound)" }
    }

    /// The text of a styled line with its escapes taken out.
    private func visible(_ line: String) -> String {
        StyledLine.pieces(line).map { piece in
            if case .text(let text) = piece { String(text) } else { "" }
        }.joined()
    }

    func testALineCutIntoTextAndEscapes() {
        XCTAssertEqual(StyledLine.pieces("\(esc)[1;31mred\(esc)[K"),
                       [.escape("\(esc)[1;31m", sgr: "1;31"), .text("red"), .escape("\(esc)[K", sgr: nil)])
        XCTAssertEqual(StyledLine.pieces("\(esc)[1m\u{301}x"), [.escape("\(esc)[1m", sgr: "1"), .text("\u{301}x")],
                       "a mark after the final byte stays with the text")
        XCTAssertEqual(StyledLine.pieces("plain"), [.text("plain")])
        XCTAssertEqual(StyledLine.cells("a\(esc)[7m語b").map(\.column), [0, 1, 3])
    }

    func testMatchesOnPlainLinesSeveralToALine() {
        let lines = ["Loading states", "no match", "reload, then load again"]
        let search = SearchMatches(query: "load", lines: lines)
        XCTAssertEqual(found("load", lines), ["0:0..<4", "2:2..<6", "2:13..<17"])
        XCTAssertEqual(search.count, 3)
        XCTAssertNil(search.current, "none current until moved to")
        XCTAssertEqual(matches("aa", ["aaaaa"]).map(\.columns), [0..<2, 2..<4], "matches do not overlap")
        XCTAssertTrue(matches("", ["anything"]).isEmpty)
    }

    func testSmartCase() {
        let lines = ["Post number 3", "post number 4", "POST"]
        XCTAssertFalse(SearchMatches(query: "post", lines: lines).caseSensitive)
        XCTAssertEqual(matches("post", lines).map(\.line), [0, 1, 2], "lowercase ignores case")
        XCTAssertTrue(SearchMatches(query: "Post", lines: lines).caseSensitive)
        XCTAssertEqual(matches("Post", lines).map(\.line), [0], "an uppercase letter makes case count")
        XCTAssertEqual(matches("über", ["Über alles"]).map(\.columns), [0..<4], "beyond ASCII too")
    }

    func testMatchingIsOnTheVisibleTextOfStyledLines() {
        let styled = "\(esc)[1mLoad\(esc)[22ming \(esc)[7mstates\(esc)[27m are a contract"
        XCTAssertEqual(found("loading states", [styled]), ["0:0..<14"], "across styling")
        XCTAssertEqual(found("1m", [styled]), [], "not in the escapes")
        XCTAssertEqual(found("are", [styled]), ["0:15..<18"])
    }

    func testWideCharactersTakeTwoColumns() {
        XCTAssertEqual(matches("ソース", ["日本語のソース: x"]).map(\.columns), [8..<14])
        XCTAssertEqual(matches("x", ["日本語のソース: x"]).map(\.columns), [16..<17])
        XCTAssertEqual(matches("e", ["cafe\u{301} e"]).map(\.columns), [5..<6],
                       "é is one character, not an e and a mark")
    }

    func testNextAndPreviousWrap() {
        let lines = ["a", "b", "a a"]
        var search = SearchMatches(query: "a", lines: lines)
        search.next()
        XCTAssertEqual(search.current, 0)
        search.next()
        search.next()
        XCTAssertEqual(search.currentMatch(in: lines), .init(line: 2, columns: 2..<3))
        search.next()
        XCTAssertEqual(search.current, 0, "past the last, the first")
        search.previous()
        XCTAssertEqual(search.current, 2, "before the first, the last")
        var fresh = SearchMatches(query: "a", lines: ["a", "a"])
        fresh.previous()
        XCTAssertEqual(fresh.current, 1, "from none, back to the last")
        var none = SearchMatches(query: "z", lines: ["a"])
        none.next()
        none.moveToFirst(atOrAfter: 0)
        XCTAssertNil(none.current)
    }

    func testTheFirstMatchAtOrAfterTheTopOfTheView() {
        let lines = ["x", "", "", "x x", "", "x"]
        var search = SearchMatches(query: "x", lines: lines)
        search.moveToFirst(atOrAfter: 1)
        XCTAssertEqual(search.currentMatch(in: lines)?.line, 3)
        search.moveToFirst(atOrAfter: 3)
        XCTAssertEqual(search.current, 1, "on the top line counts")
        search.moveToFirst(atOrAfter: 6)
        XCTAssertEqual(search.current, 0, "none below: wraps to the first")
        XCTAssertEqual(search.columns(in: lines[3]), [0..<1, 2..<3])
        XCTAssertTrue(search.hasMatch(onLine: 3))
        XCTAssertFalse(search.hasMatch(onLine: 4))
    }

    func testHighlightOnAPlainLine() {
        let line = "reload, then load again"
        XCTAssertEqual(SearchMatches.highlight(line, matches: [2..<6, 13..<17], current: 13..<17, allowsStyling: true),
                       "re\(esc)[7mload\(esc)[27m, then \(esc)[30;43mload\(esc)[39;49m again")
        XCTAssertEqual(SearchMatches.highlight(line, matches: [2..<6], current: nil, allowsStyling: false), line, "no styling, no change")
        XCTAssertEqual(SearchMatches.highlight(line, matches: [], current: nil, allowsStyling: true), line)
        XCTAssertEqual(SearchMatches.highlight("load", matches: [0..<4], current: nil, allowsStyling: true), "\(esc)[7mload\(esc)[27m",
                       "a span at the end of the line is closed")
    }

    func testHighlightKeepsTheLinesStylingOutsideTheSpans() {
        // Bold from before the match, ended inside it; red starting inside it.
        let line = "\(esc)[1mbold \(esc)[22mplain \(esc)[31mred\(esc)[39m"
        let out = SearchMatches.highlight(line, matches: [3..<8], current: nil, allowsStyling: true)
        XCTAssertEqual(out, "\(esc)[1mbol\(esc)[0;7md pla\(esc)[27m\(esc)[1m\(esc)[22min \(esc)[31mred\(esc)[39m",
                       "held back in the span, the line's sequences come again after it")
        XCTAssertEqual(visible(out), "bold plain red")
        // A match inside a line that is itself reversed (what changed since the last reload).
        let changed = "\(esc)[7mnew post\(esc)[27m"
        XCTAssertEqual(SearchMatches.highlight(changed, matches: [4..<8], current: 4..<8, allowsStyling: true),
                       "\(esc)[7mnew \(esc)[0;30;43mpost\(esc)[39;49m\(esc)[7m\(esc)[27m")
        // A reset inside the line clears what is sent again.
        let reset = "\(esc)[2mdim\(esc)[0m x y"
        XCTAssertEqual(SearchMatches.highlight(reset, matches: [6..<7], current: nil, allowsStyling: true),
                       "\(esc)[2mdim\(esc)[0m x \(esc)[7my\(esc)[27m")
    }

    func testHighlightWithWideCharacters() {
        let line = "日本語のソース"
        XCTAssertEqual(SearchMatches.highlight(line, matches: [8..<14], current: nil, allowsStyling: true),
                       "日本語の\(esc)[7mソース\(esc)[27m")
    }
}
