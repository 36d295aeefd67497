import XCTest
@testable import Plan

/// The names of sources given only as URLs, made in rounds that group names rather than
/// compare every pair of URLs.
final class SourceNamingTests: XCTestCase {
    /// The names as the pairwise version made them, before 1,000 URLs made its O(n²) rounds
    /// count: the oracle the grouped rounds must agree with.
    private func pairwiseNames(for urls: [String]) -> [String] {
        let parts = urls.map(SourceNaming.segments)
        var taken = parts.map { $0.count > 1 && SourceNaming.isID($0.last!) ? 2 : 1 }
        while true {
            let names = parts.indices.map { SourceNaming.name(parts[$0], taking: taken[$0]) }
            var grew = false
            for index in parts.indices where taken[index] < parts[index].count {
                if parts.indices.contains(where: { $0 != index && names[$0] == names[index] && parts[$0] != parts[index] }) {
                    taken[index] += 1
                    grew = true
                }
            }
            if !grew { return names }
        }
    }

    /// The segments as the Character-wise version found them: the oracle the byte-wise one
    /// must agree with.
    private func characterSegments(of url: String) -> [String] {
        if url == "-" { return ["stdin"] }
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        let afterScheme = path.firstRange(of: "://").map { path[$0.upperBound...] } ?? path[...]
        let segments = afterScheme.split(separator: "/").map(String.init)
        return segments.count > 1 ? Array(segments.dropFirst()) : segments.isEmpty ? [url] : segments
    }

    func testSegmentsAreFoundInBytesAsTheyWereInCharacters() {
        let urls = ["-", "http://h/posts", "https://h:8080/a/b/c?x=1&y=2", "http://h/a//b/", "http://h", "http://h/",
                    "?only/query", "?a?b/c", "??a/b?c", "???", "/tmp/posts.json", "./posts.json", "file:///tmp/x.json", "posts",
                    "http://h/caf\u{E9}/na\u{EF}ve", "http://h/\u{5E45}/\u{5E83}", "", "://", "a://b://c/d", "http://h/p?",
                    "http://h/ends-with-colon:", "x:/y", "http://h/%E2%80%AE/1"]
        for url in urls {
            XCTAssertEqual(SourceNaming.segments(of: url), characterSegments(of: url), url)
        }
    }

    func testGroupedRoundsNameAsComparingEveryPairDid() {
        // Few segment names, so that paths share tails and clash over several rounds.
        let words = ["a", "b", "posts", "v1", "7", "x"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for round in 0..<300 {
            let urls = (0..<(1 + next(12))).map { _ in
                "http://h/" + (0..<(1 + next(5))).map { _ in words[next(words.count)] }.joined(separator: "/")
            }
            XCTAssertEqual(SourceNaming.names(for: urls), pairwiseNames(for: urls), "round \(round): \(urls)")
        }
    }

    func testAThousandURLsThatShareTheirLastPartsAreToldApart() {
        let urls = (0..<1000).map { "http://h/team\($0)/v1/posts" }
        let names = SourceNaming.names(for: urls)
        XCTAssertEqual(names[0], "team0-v1-posts")
        XCTAssertEqual(names[999], "team999-v1-posts")
        XCTAssertEqual(Set(names).count, 1000)
    }

    /// The Character-wise test the byte-wise one must agree with.
    private func characterIsID(_ segment: String) -> Bool {
        if !segment.isEmpty && segment.allSatisfy(\.isNumber) { return true }
        let hex = segment.filter { $0 != "-" }
        return hex.count >= 16 && hex.allSatisfy(\.isHexDigit)
    }

    func testIDsAreNumbersAndLongHexRunsAsTheCharacterWiseTestSaid() {
        let segments = ["1", "2024", "1.json", "posts", "", "-", "deadbeefdeadbeef", "deadbeefdeadbee", "DEADBEEF-DEAD-BEEF-dead-beefdeadbeef",
                        "0123456789abcdeg", "ghijklmnopqrstuv", "12a", "١٢٣", "１２３", "deadbeefdeadbeefé", "@`[{/:GgFf"]
        for segment in segments {
            XCTAssertEqual(SourceNaming.isID(segment), characterIsID(segment), segment)
        }
        XCTAssertTrue(SourceNaming.isID("0123456789ABCDEF"))
        XCTAssertFalse(SourceNaming.isID("1.json"))
    }
}
