#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import TestSupport
import XCTest

/// Feeds from a real server: read as a list of entries, written as JSON Feed 1.1, and browsed
/// in tmux, where Enter opens an entry's page as a readable page of its own.
final class FeedTests: XCTestCase {
    /// An RSS 2.0 feed whose entries link to pages of the same server, relative to the feed.
    static let feed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel>
          <title>Server Notes</title>
          <link>/</link>
          <item><title>Older note</title><link>/entry/1</link><guid isPermaLink="false">note-1</guid>
            <pubDate>Mon, 23 Nov 2026 08:00:00 GMT</pubDate><description>&lt;p&gt;The &lt;b&gt;first&lt;/b&gt; one&lt;/p&gt;</description></item>
          <item><title>Newer note</title><link>/entry/2</link><guid isPermaLink="false">note-2</guid>
            <pubDate>Tue, 24 Nov 2026 08:00:00 GMT</pubDate><description>The second one</description></item>
        </channel></rss>
        """

    private static let newerPage = "<html><title>Newer note</title><p>The whole second note, read as a page.</p></html>"

    /// The feed, and the newer entry's page: answered at once, or, with `release`, only once
    /// the test sets it.
    private func server(entryRequests: Counter = Counter(), release: Flag? = nil) -> TestServer {
        TestServer { server, loop in
            server.route("/feed", TestRoutes.fixed(contentType: "application/rss+xml", Self.feed))
            let html = "text/html; charset=utf-8"
            server.route("/entry/2", release.map { TestRoutes.held(until: $0, on: loop, contentType: html, body: Self.newerPage, requests: entryRequests) }
                ?? TestRoutes.fixed(contentType: html, Self.newerPage, requests: entryRequests))
        }
    }

    /// `--browse` on the feed, its selection moved down and back up to rest on the newest
    /// entry (a selection the user moves and leaves is what prefetches), once the server has
    /// the prefetch's request.
    private func browseRestingOnTheNewest(_ server: TestServer, entryRequests: Counter) throws -> TmuxSession {
        let tmux = try TmuxSession("'\(LoadrunProcess.binaryPath)' --url '\(server.url("/feed"))' --no-cache --browse", width: 100, height: 30)
        XCTAssertTrue(tmux.waitForScreen(containing: "Older note"), tmux.screen())
        try tmux.send("j")
        try tmux.send("k")
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { entryRequests.count == 1 }, "prefetched before Enter: \(tmux.screen())")
        return tmux
    }

    func testAFeedIsAListOfEntriesNewestFirst() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/feed")])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Server Notes")
        let newer = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("Newer note") }, run.standardOutput)
        let older = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("Older note") }, run.standardOutput)
        XCTAssertLessThan(newer, older)
        XCTAssertTrue(lines.contains { $0.hasSuffix("The first one") }, "the summary as text: \(run.standardOutput)")
    }

    func testJSONOutputIsJSONFeed11WithLinksResolved() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/feed"), "--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(json["version"] as? String, "https://jsonfeed.org/version/1.1")
        XCTAssertEqual(json["title"] as? String, "Server Notes")
        XCTAssertEqual(json["home_page_url"] as? String, server.url("/"))
        let items = try XCTUnwrap(json["items"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["id"] as? String }, ["note-1", "note-2"], "in the feed's order")
        XCTAssertEqual(items.map { $0["url"] as? String }, [server.url("/entry/1"), server.url("/entry/2")])
        XCTAssertEqual(items.first?["date_published"] as? String, "2026-11-23T08:00:00Z")
        XCTAssertEqual(items.first?["content_html"] as? String, "<p>The <b>first</b> one</p>")
    }

    /// The selection rests on the newest entry: its page loads before Enter, once; Enter shows
    /// the entry's own words, and Enter again the page, without asking the server again.
    func testBrowsePrefetchesTheSelectedEntrysPage() throws {
        try TmuxSession.requireTmux()
        let entryRequests = Counter()
        let server = server(entryRequests: entryRequests)
        let tmux = try browseRestingOnTheNewest(server, entryRequests: entryRequests)
        try tmux.send("Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "Enter opens it"), "the entry's own words first: \(tmux.screen())")
        try tmux.send("Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "The whole second note, read as a page."), tmux.screen())
        XCTAssertEqual(entryRequests.count, 1, "opened from the prefetch")
        try tmux.send("q")
    }

    /// Enter while the prefetch of the entry's page is on the wire (the server has the request
    /// and holds its answer) waits for that answer: the page is asked for once, not again at
    /// normal priority.
    func testAnEntryOpenedWhileItsPrefetchIsOnTheWireIsNotAskedForAgain() throws {
        try TmuxSession.requireTmux()
        let entryRequests = Counter()
        let release = Flag()
        defer { release.set() }
        let server = server(entryRequests: entryRequests, release: release)
        let tmux = try browseRestingOnTheNewest(server, entryRequests: entryRequests)
        try tmux.send("Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "Enter opens it"), "the entry's own words: \(tmux.screen())")
        try tmux.send("Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "loading"), "the detail open, its page on the way: \(tmux.screen())")
        release.set()
        XCTAssertTrue(tmux.waitForScreen(containing: "The whole second note, read as a page."), tmux.screen())
        XCTAssertEqual(entryRequests.count, 1, "the prefetch's answer is the detail's")
        try tmux.send("q")
    }

    /// An entry with no link shows its own words, and Enter on it says there is no page: not
    /// the hint to give a `--detail` template, which suits an API's records.
    func testAnEntryWithNoLinkIsShownWhole() throws {
        try TmuxSession.requireTmux()
        let feed = """
            <rss version="2.0"><channel><title>Status</title><item><title>Deploy finished</title>
            <guid isPermaLink="false">deploy-7</guid><description>All 12 services are up; the last one took 40 s.</description></item>
            </channel></rss>
            """
        let server = TestServer { server, _ in server.route("/feed", TestRoutes.fixed(contentType: "application/rss+xml", feed)) }
        let tmux = try TmuxSession("'\(LoadrunProcess.binaryPath)' --url '\(server.url("/feed"))' --no-cache --browse", width: 100, height: 30)
        XCTAssertTrue(tmux.waitForScreen(containing: "Deploy finished"), tmux.screen())
        try tmux.send("Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "Esc back"), "the entry's own words: \(tmux.screen())")
        XCTAssertTrue(tmux.screen().contains("the last one took 40 s."), "the whole summary: \(tmux.screen())")
        try tmux.send("Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "this entry has no link"), tmux.screen())
        XCTAssertFalse(tmux.screen().contains("--detail"), tmux.screen())
        try tmux.send("q")
    }

    func testBrowseOpensTheSelectedEntrysPageAndEscComesBack() throws {
        try TmuxSession.requireTmux()
        let server = server()
        let command = "S=$(stty -g); env -u NO_COLOR XDG_CACHE_HOME=/nonexistent '\(LoadrunProcess.binaryPath)' --url '\(server.url("/feed"))' --no-cache --browse; echo EXIT=$?; [ \"$(stty -g)\" = \"$S\" ] && echo TTY=restored"
        let tmux = try TmuxSession(command, width: 100, height: 30)
        XCTAssertTrue(tmux.waitForScreen(containing: "Older note"), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("2 items"), tmux.screen())
        try tmux.send("Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "Enter opens it"), "the newest entry's own words: \(tmux.screen())")
        try tmux.send("Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "The whole second note, read as a page."), "the newest entry's page: \(tmux.screen())")
        try tmux.send("Escape")
        XCTAssertTrue(tmux.waitForScreen(containing: "Enter opens it"), "back on the entry: \(tmux.screen())")
        try tmux.send("Escape")
        XCTAssertTrue(tmux.waitForScreen(containing: "Older note"), "back on the list: \(tmux.screen())")
        try tmux.send("q")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
        XCTAssertTrue(tmux.waitForScreen(containing: "TTY=restored"), tmux.screen())
    }

    /// RFC 5005: `--pages` follows a feed's `rel="next"` from its body, and stops where the
    /// last page names none.
    func testPagesFollowTheFeedsOwnNextLink() throws {
        let page: @Sendable (Int, String?) -> String = { number, next in
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Paged</title>"
                + (next.map { "<link rel=\"next\" href=\"\($0)\"/>" } ?? "")
                + "<entry><title>Entry on page \(number)</title><id>urn:\(number)</id><link href=\"/e/\(number)\"/></entry></feed>"
        }
        let requests = Counter()
        let server = TestServer { server, _ in
            server.route("/paged", TestRoutes.fixed(contentType: "application/atom+xml", page(1, "/paged-2"), requests: requests))
            server.route("/paged-2", TestRoutes.fixed(contentType: "application/atom+xml", page(2, "paged-3"), requests: requests))
            server.route("/paged-3", TestRoutes.fixed(contentType: "application/atom+xml", page(3, nil), requests: requests))
        }
        let run = try LoadrunProcess(["--url", server.url("/paged"), "--all-pages", "--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let items = try XCTUnwrap(json["items"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["title"] as? String }, ["Entry on page 1", "Entry on page 2", "Entry on page 3"])
        XCTAssertEqual(requests.count, 3)
        XCTAssertNil(json["next_url"], "the last page names no next")
    }

    /// A watch on a pipe marks the entries the last print did not have, by their ids.
    func testAWatchOnAPipeMarksTheNewEntries() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-feed-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        let entry = { (title: String, id: String, day: Int) in
            "<item><title>\(title)</title><guid>\(id)</guid><pubDate>\(day) Nov 2026 08:00:00 GMT</pubDate></item>"
        }
        try "<rss version=\"2.0\"><channel><title>Watched</title>\(entry("Alpha entry", "a", 23))</channel></rss>"
            .write(to: file, atomically: true, encoding: .utf8)
        let run = try LoadrunProcess(["--url", file.path, "--watch", "100ms"], environment: ["COLUMNS": "40"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { run.standardOutput.contains("Alpha entry") }, run.standardOutput)
        try "<rss version=\"2.0\"><channel><title>Watched</title>\(entry("Beta entry", "b", 24))\(entry("Alpha entry", "a", 23))</channel></rss>"
            .write(to: file, atomically: true, encoding: .utf8)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { run.standardOutput.contains("Beta entry") }, run.standardOutput)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("+ ") && $0.hasSuffix("Beta entry") }, run.standardOutput)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  ") && $0.hasSuffix("Alpha entry") }, "an entry seen before is not marked: \(run.standardOutput)")
        // The first print has the gutter too, and the list is laid out narrower for it: the
        // columns never move, and no line passes the width.
        let body = lines.filter { !$0.hasPrefix("==> ") }
        XCTAssertTrue(body.allSatisfy { $0.hasPrefix("  ") || $0.hasPrefix("+ ") }, run.standardOutput)
        XCTAssertTrue(body.allSatisfy { $0.count <= 40 }, run.standardOutput)
        XCTAssertEqual(Set(body.filter { $0.hasSuffix("Alpha entry") }.map { $0.firstIndex(of: "A") }).count, 1, "one column: \(run.standardOutput)")
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143))
    }
}
