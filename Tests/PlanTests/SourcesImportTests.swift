import Plan
import Plugins
import XCTest

/// What an OPML import adds to the sources file, as a value: names made from titles and
/// folders, unique without case, and feeds already loaded left out.
final class SourcesImportTests: XCTestCase {
    func testNamesComeFromTitlesUnderTheirFoldersAndAreMadeUnique() {
        let plan = SourcesImport(feeds: [
            .init(title: "BBC News", feedURL: "https://bbc.example/rss", folders: ["News"]),
            .init(title: "Café & Co!", feedURL: "https://cafe.example/feed"),
            .init(title: "posts", feedURL: "https://p.example/feed"),
            .init(title: "Posts", feedURL: "https://p2.example/feed"),
            .init(title: "", feedURL: "https://untitled.example/feed"),
        ], existing: [(name: "posts", url: nil)])
        XCTAssertEqual(plan.added.map(\.name), ["News.BBC-News", "Caf-Co", "posts-2", "Posts-3", "feed"])
        XCTAssertEqual(plan.alreadyThere, 0)
        XCTAssertTrue(plan.text.contains("\n[source News.BBC-News]\nurl=https://bbc.example/rss\nplugin=feed\n"), plan.text)
    }

    func testFeedsASourceAlreadyLoadsAreLeftOut() {
        let plan = SourcesImport(feeds: [
            .init(title: "A", feedURL: "https://a.example/feed"),
            .init(title: "B", feedURL: "https://b.example/feed"),
            .init(title: "B again", feedURL: "https://b.example/feed"),
        ], existing: [(name: "a-feed", url: "https://a.example/feed")])
        XCTAssertEqual(plan.added.map(\.name), ["B"])
        XCTAssertEqual(plan.alreadyThere, 2)
    }
}
