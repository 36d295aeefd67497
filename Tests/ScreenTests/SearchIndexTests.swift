import XCTest
@testable import Screen

/// The search as the keys of `/` drive it: lines indexed once per content, a query that grows
/// narrowed from the matches before, and every other query searched anew, each giving the
/// same matches as a search from nothing.
final class SearchIndexTests: XCTestCase {
    private let esc = "\u{1B}"

    /// Lines of every kind the index tells apart: plain ASCII, styled ASCII, beyond ASCII,
    /// wide, with a combining mark, with a tab, an unfinished escape.
    private var lines: [String] {
        ["Loading states are a contract", "\(esc)[1mLoad\(esc)[22ming \(esc)[7mstates\(esc)[27m, reloaded",
         "Über lädt: loading über alles", "日本語のロード: loading x", "cafe\u{301} loading café", "tab\tloading\tLOADING",
         "", "aaaaaa loadloadload", "nothing here", "unfinished \(esc)[1", "LoAdInG mixed Case", "\(esc)]8;;x\(esc)\\load"]
    }

    /// A search of every line of `lines`, narrowing `previous`.
    private func search(_ query: String, _ lines: [String], _ index: SearchIndex, narrowing previous: SearchMatches? = nil) -> SearchMatches {
        var search = SearchMatches(query: query, lines: lines, index: index, narrowing: previous)
        search.search(lines, index: index, upTo: lines.count)
        return search
    }

    private func described(_ search: SearchMatches, in lines: [String]) -> [String] {
        search.matches(in: lines).map { "\($0.line):\($0.columns)" }
    }

    func testTheIndexKeepsTheVisibleTextFoldedAndSaysWhichLinesAreSimple() {
        let index = SearchIndex(lines: ["Plain TEXT", "\(esc)[1mBold\(esc)[0m x", "Über…", "a\tb 語", "cafe\u{301}", "İ", "👍🏽"])
        XCTAssertEqual(String(decoding: index.text, as: UTF8.self), "plain text\nbold x\nüber…\na\tb 語\ncafe\u{301}\ni\u{307}\n👍🏽\n")
        XCTAssertEqual(index.simple, [true, true, true, true, false, false, false],
                       "a scalar a character by itself, folding to one, is simple; a mark, İ and an emoji with its tone are not")
        XCTAssertEqual(index.count(Array("t".utf8), inLine: 0), 2)
        XCTAssertEqual(index.count(Array("aa".utf8), inLine: 0), 0)
    }

    func testAQueryGrownLetterByLetterFindsWhatAFreshSearchFinds() {
        let lines = lines
        let index = SearchIndex(lines: lines)
        for query in ["loading", "LoAdInG", "über l", "aaa", "loadload", "caf\u{E9}", "cafe\u{301}", "ロード", "ing\tL"] {
            var typed: SearchMatches?
            var prefix = ""
            for character in query {
                prefix.append(character)
                let narrowed = search(prefix, lines, index, narrowing: typed)
                let fresh = SearchMatches(query: prefix, lines: lines)
                XCTAssertEqual(described(narrowed, in: lines), described(fresh, in: lines), prefix.debugDescription)
                XCTAssertEqual(narrowed.count, fresh.count, prefix.debugDescription)
                typed = narrowed
            }
            XCTAssertGreaterThan(typed?.count ?? 0, 0, "\(query.debugDescription) is in the lines")
        }
    }

    func testAGrownQuerySearchesOnlyTheLinesTheOneBeforeMatched() {
        // `previous` matched line 0 only; lines 2 and 3 hold the longer query too, but a query
        // that grows never looks at a line its prefix missed.
        let lines = ["abc", "xyz", "abc", "abcd"]
        let index = SearchIndex(lines: lines)
        let previous = SearchMatches(query: "ab", lines: ["ab", "", "", ""])
        let narrowed = search("abc", lines, index, narrowing: previous)
        XCTAssertEqual(narrowed.matches(in: lines).map(\.line), [0])
        // One that had searched only lines 0 and 1 goes on from line 2, every line there.
        var partial = SearchMatches(query: "ab", lines: ["ab", "", "", ""], index: SearchIndex(lines: ["ab", "", "", ""]))
        partial.search(["ab", "", "", ""], index: SearchIndex(lines: ["ab", "", "", ""]), upTo: 2)
        XCTAssertFalse(partial.isComplete(over: lines))
        var goesOn = SearchMatches(query: "abc", lines: lines, index: index, narrowing: partial)
        XCTAssertEqual(goesOn.matches(in: lines).map(\.line), [0], "so far")
        goesOn.search(lines, index: index, upTo: 3)
        XCTAssertEqual(goesOn.matches(in: lines).map(\.line), [0, 2], "a slice more")
        goesOn.search(lines, index: index, upTo: 4)
        XCTAssertEqual(goesOn.matches(in: lines).map(\.line), [0, 2, 3])
        XCTAssertTrue(goesOn.isComplete(over: lines))
    }

    func testAQueryShortenedOrChangedSearchesAnew() {
        let lines = ["abc", "abd", "ab", "xab"]
        let index = SearchIndex(lines: lines)
        let longer = search("abc", lines, index)
        XCTAssertEqual(longer.matches(in: lines).map(\.line), [0])
        let shortened = search("ab", lines, index, narrowing: longer)
        XCTAssertEqual(shortened.matches(in: lines).map(\.line), [0, 1, 2, 3], "a letter taken back: every line again")
        let changed = search("abd", lines, index, narrowing: longer)
        XCTAssertEqual(changed.matches(in: lines).map(\.line), [1], "another letter in its place: every line again")
    }

    func testThePaneSearchesAsTheQueryIsTypedAndAgainOverNewContent() {
        var pane = Pane()
        pane.show("alpha\nbeta\ngamma\n", items: [0, 1, 2])
        pane.type("a")
        XCTAssertEqual(pane.typing?.count, 5)
        pane.type("al")
        XCTAssertEqual(pane.typing?.count, 1)
        pane.type("a")
        XCTAssertEqual(pane.typing?.count, 5, "shortened: all of them again")
        pane.show("alpha\nalpine\nalto\n", items: [0, 1, 2])
        XCTAssertEqual(pane.typing?.count, 4, "new content is indexed and searched again")
        pane.type("al")
        XCTAssertEqual(pane.typing?.count, 3, "and the next key narrows within the new content")
        pane.find("al", rows: 3)
        XCTAssertNil(pane.typing, "Enter keeps it as the search")
        XCTAssertEqual(pane.search?.count, 3)
        pane.show("salt\n", items: [0])
        XCTAssertEqual(pane.search?.count, 1, "the kept search over new content")
        XCTAssertEqual(pane.visibleRows(rows: 1, allowsStyling: true), ["\(esc)[1;36m▌\(esc)[22;39m s\(esc)[30;43mal\(esc)[39;49mt"])
    }
}
