import Foundation
import TestSupport
import XCTest

/// Feeds that nobody here wrote, feedparser's own test feeds (`Tests/Corpus`), each read
/// through the binary's `--output json`: the title, link and id it reads must be feedparser's
/// in at least 95% of them, and every output JSON Feed 1.1.
final class FeedCorpusTests: XCTestCase {
    func testFeedparsersCorpusIsReadAsFeedparserReadsIt() throws {
        let corpus = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus")
        let run = try LoadrunProcess(shell: #"/usr/bin/python3 "$1/feed-corpus.py" "$LOADRUN" "$1/feedparser" --min 95 -v"#,
                                     arguments: ["corpus", corpus.path])
        let ending = run.waitForExit(limit: .seconds(300))
        let summary = run.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(ending, .exited(0), "\(run.standardOutput)\n\(run.standardError)")
        // Every kept file is a case: a harness that found fewer would judge less than it says.
        XCTAssertTrue(summary.hasSuffix("%") && summary.contains(" of 433 feeds"), summary)
    }
}
