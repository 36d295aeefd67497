import XCTest
@testable import Screen

/// Search in the content shown: matches in display columns on the visible text, smart case,
/// moving between them, and their highlight in styled lines.
final class SearchMatchesTests: XCTestCase {
    private let esc = "\u{1B}"

    private func found(_ search: SearchMatches) -> [String] {
        search.matches.map { "\($0.line):\($0.columns.lowerBound)..<\($0.columns.upperBound)" }
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
        let search = SearchMatches(query: "load", lines: ["Loading states", "no match", "reload, then load again"])
        XCTAssertEqual(found(search), ["0:0..<4", "2:2..<6", "2:13..<17"])
        XCTAssertNil(search.current, "none current until moved to")
        XCTAssertEqual(SearchMatches(query: "aa", lines: ["aaaaa"]).matches.map(\.columns), [0..<2, 2..<4], "matches do not overlap")
        XCTAssertTrue(SearchMatches(query: "", lines: ["anything"]).matches.isEmpty)
    }

    func testSmartCase() {
        let lines = ["Post number 3", "post number 4", "POST"]
        XCTAssertFalse(SearchMatches(query: "post", lines: lines).caseSensitive)
        XCTAssertEqual(SearchMatches(query: "post", lines: lines).matches.map(\.line), [0, 1, 2], "lowercase ignores case")
        XCTAssertTrue(SearchMatches(query: "Post", lines: lines).caseSensitive)
        XCTAssertEqual(SearchMatches(query: "Post", lines: lines).matches.map(\.line), [0], "an uppercase letter makes case count")
        XCTAssertEqual(SearchMatches(query: "über", lines: ["Über alles"]).matches.map(\.columns), [0..<4], "beyond ASCII too")
    }

    func testMatchingIsOnTheVisibleTextOfStyledLines() {
        let styled = "\(esc)[1mLoad\(esc)[22ming \(esc)[7mstates\(esc)[27m are a contract"
        XCTAssertEqual(found(SearchMatches(query: "loading states", lines: [styled])), ["0:0..<14"], "across styling")
        XCTAssertEqual(found(SearchMatches(query: "1m", lines: [styled])), [], "not in the escapes")
        XCTAssertEqual(found(SearchMatches(query: "are", lines: [styled])), ["0:15..<18"])
    }

    func testWideCharactersTakeTwoColumns() {
        let search = SearchMatches(query: "ソース", lines: ["日本語のソース: x"])
        XCTAssertEqual(search.matches.map(\.columns), [8..<14])
        XCTAssertEqual(SearchMatches(query: "x", lines: ["日本語のソース: x"]).matches.map(\.columns), [16..<17])
        XCTAssertEqual(SearchMatches(query: "e", lines: ["cafe\u{301} e"]).matches.map(\.columns), [5..<6],
                       "é is one character, not an e and a mark")
    }

    func testNextAndPreviousWrap() {
        var search = SearchMatches(query: "a", lines: ["a", "b", "a a"])
        search.next()
        XCTAssertEqual(search.current, 0)
        search.next()
        search.next()
        XCTAssertEqual(search.currentMatch, .init(line: 2, columns: 2..<3))
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
        var search = SearchMatches(query: "x", lines: ["x", "", "", "x x", "", "x"])
        search.moveToFirst(atOrAfter: 1)
        XCTAssertEqual(search.currentMatch?.line, 3)
        search.moveToFirst(atOrAfter: 3)
        XCTAssertEqual(search.current, 1, "on the top line counts")
        search.moveToFirst(atOrAfter: 6)
        XCTAssertEqual(search.current, 0, "none below: wraps to the first")
        XCTAssertEqual(search.columns(onLine: 3), [0..<1, 2..<3])
        XCTAssertEqual(search.columns(onLine: 4), [])
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
