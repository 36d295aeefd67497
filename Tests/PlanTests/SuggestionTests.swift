import XCTest
@testable import Plan

/// "Did you mean": the edit distance and the choice of a suggestion, as values.
final class SuggestionTests: XCTestCase {
    func testTheDistanceCountsEditsAndASwapOfNeighboursIsOne() {
        let cases: [(String, String, Int)] = [
            ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("retry", "retry", 0),
            ("intervall", "interval", 1), ("postz", "posts", 1), ("tabel", "table", 1), ("retyr", "retry", 1),
            ("retires", "retry", 3), ("kitten", "sitting", 3), ("ca", "abc", 3), ("xyz", "url", 3),
        ]
        for (source, target, expected) in cases {
            XCTAssertEqual(Suggestion.distance(source, target), expected, "\(source) → \(target)")
            XCTAssertEqual(Suggestion.distance(target, source), expected, "\(target) → \(source), the same both ways")
        }
    }

    func testTheNearestCandidateIsSuggestedOnlyWhenTheTypoIsPlausible() {
        let options = ["source", "url", "all", "retry", "retry-delay", "retry-max-time", "no-retry", "timeout", "watch"]
        XCTAssertEqual(Suggestion.nearest(to: "retires", among: options), "retry")
        XCTAssertEqual(Suggestion.nearest(to: "wacth", among: options), "watch")
        XCTAssertEqual(Suggestion.nearest(to: "Retry", among: options), "retry", "case aside")
        XCTAssertEqual(Suggestion.nearest(to: "uri", among: options), "url")
        XCTAssertNil(Suggestion.nearest(to: "xyz", among: options), "three edits in three letters is not a typo")
        XCTAssertNil(Suggestion.nearest(to: "verbose", among: options))
        XCTAssertNil(Suggestion.nearest(to: "retry", among: options), "a name that exists is not a typo")
        XCTAssertEqual(Suggestion.nearest(to: "ab", among: ["ac", "ad"]), "ac", "the first of equals")
        XCTAssertEqual(Suggestion.nearest(to: "intervall", among: SourcesFile.keys), "interval")
        XCTAssertEqual(Suggestion.nearest(to: "postz", among: ["posts", "articles", "images"]), "posts")
    }

    func testMessagesAskOnlyWhenThereIsSomethingToAsk() {
        XCTAssertEqual(Suggestion.didYouMean("retires", among: ["retry"], prefix: "--"), "did you mean --retry?")
        XCTAssertNil(Suggestion.didYouMean("zzzzzz", among: ["retry"]))
        XCTAssertEqual(Suggestion.unknown("plugin", "tabel", among: ["posts", "table"]), "unknown plugin \"tabel\" (did you mean table?)")
        XCTAssertEqual(Suggestion.unknown("plugin", "rss", among: ["posts", "table"]), "unknown plugin \"rss\"")
    }
}
