import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// Reading a feed as newsboat and lynx readers expect, in a real terminal under tmux, against a
/// loopback RSS feed whose entries link to local pages: the entry's own words first, a way back
/// from a followed link, read marks across runs, every row reachable, and Ctrl-Z.
final class ReadingTerminalTests: XCTestCase {
    private var server: TestServer!
    /// Requests for each entry's page, by entry number.
    private var pageRequests: [Counter] = []
    private let deeperRequests = Counter()
    private var config: String!

    override func setUpWithError() throws {
        try TmuxSession.requireTmux()
        let counters = (0..<6).map { _ in Counter() }
        pageRequests = counters
        let deeper = deeperRequests
        server = TestServer { server, _ in
            let html = "text/html; charset=utf-8"
            for count in [3, 5] {
                server.route("/feed\(count)", TestRoutes.fixed(contentType: "application/rss+xml", Self.feed(entries: count)))
            }
            for number in 1...5 {
                server.route("/page/\(number)", TestRoutes.fixed(contentType: html, Self.page(number), requests: counters[number]))
            }
            server.route("/deeper", TestRoutes.fixed(contentType: html, "<html><title>Deeper</title><p>The deeper page's text.</p></html>",
                                                     requests: deeper))
        }
        config = FileManager.default.temporaryDirectory.appendingPathComponent("reading-\(UUID().uuidString).conf").path
        try "[defaults]\nmax-items=2\n\n[source five]\nurl=\(server.url("/feed5"))\n".write(toFile: config, atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: config)
        server = nil
    }

    /// Entries 1…`entries`, the highest the newest, each with words of its own and a link to
    /// its page.
    private static func feed(entries: Int) -> String {
        let items = (1...entries).map { number in
            """
            <item><title>Entry \(number)</title><link>/page/\(number)</link><guid isPermaLink="false">entry-\(number)</guid>
            <pubDate>Mon, \(10 + number) Nov 2026 08:00:00 GMT</pubDate><author>a@example.com (Author \(number))</author>
            <description><![CDATA[<p>Entry \(number)'s own words, from the feed.</p>]]></description></item>
            """
        }
        return "<rss version=\"2.0\"><channel><title>Local notes</title>\(items.joined())</channel></rss>"
    }

    /// Entry `number`'s page: long enough to scroll, a link to a deeper page at its end.
    private static func page(_ number: Int) -> String {
        let paragraphs = (1...40).map { "<p>Paragraph \($0) of page \(number).</p>" }.joined()
        return "<html><title>Page \(number)</title><body>\(paragraphs)<p>Then <a href=\"/deeper\">deeper</a>.</p></body></html>"
    }

    /// The first row of the selected item, as the screen shows it now.
    private func selectedRow(_ tmux: TmuxSession) -> String? {
        tmux.screen().split(separator: "\n").first { $0.hasPrefix("▌") }.map(String.init)
    }

    private func loadrun(_ arguments: String) -> String {
        "'\(LoadrunProcess.binaryPath)' --no-cache \(arguments)"
    }

    func testAnEntrysOwnWordsComeFirstItsPageOnEnterAndEscReturnsToThePageALinkLeft() throws {
        let tmux = try TmuxSession(loadrun("--browse '\(server.url("/feed3"))'"), width: 100, height: 30)
        XCTAssertTrue(tmux.waitForScreen(containing: "Entry 1"), tmux.screen())
        try tmux.send("Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "Entry 3's own words, from the feed."), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("Author 3"), "its author: \(tmux.screen())")
        XCTAssertEqual(pageRequests[3].count, 0, "no request for the entry's page")
        try tmux.send("Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "Paragraph 1 of page 3."), "Enter again shows the page: \(tmux.screen())")
        XCTAssertEqual(pageRequests[3].count, 1)
        try tmux.send("G")
        XCTAssertTrue(tmux.waitForScreen(containing: "deeper[L1]"), tmux.screen())
        try tmux.send("1")
        try tmux.send("Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "The deeper page's text."), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("Entry 3 › Page 3 › Deeper"), "the way there by titles: \(tmux.screen())")
        try tmux.send("Escape")
        XCTAssertTrue(tmux.waitForScreen(containing: "deeper[L1]"), "back on the page, scrolled to its end as left: \(tmux.screen())")
        XCTAssertFalse(tmux.screen().contains("Entry 1"), "not the list: \(tmux.screen())")
        // A request Esc sent would have gone out before the reload asked for now: once that
        // one is in, the count says whether Esc asked too.
        try tmux.send("r")
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { pageRequests[3].count >= 2 }, "r reloads it: \(tmux.screen())")
        XCTAssertTrue(tmux.waitForScreen(containing: "deeper[L1]"), tmux.screen())
        XCTAssertEqual(pageRequests[3].count, 2, "gone back to as it was kept, as lynx goes back: not asked for again by Esc")
        try tmux.send("Escape")
        XCTAssertTrue(tmux.waitForScreen(containing: "Entry 3's own words, from the feed."), "then the entry: \(tmux.screen())")
        try tmux.send("Escape")
        XCTAssertTrue(tmux.waitForScreen(containing: "Entry 1"), "then the list: \(tmux.screen())")
        try tmux.send("q")
    }

    func testAnEntryOpenedIsReadInTheNextRunAndUnreadPrintsTheOthers() throws {
        let run = loadrun("--browse '\(server.url("/feed3"))'")
        let unread = loadrun("--unread '\(server.url("/feed3"))'") + " | grep -o 'Entry [0-9]$' | tr '\\n' ' '; echo UNREAD-END"
        let cut = loadrun("--unread --max-items 1 '\(server.url("/feed3"))'")
            + " | grep -o -E 'Entry [0-9]$|[0-9] more unread' | tr '\\n' ' '; echo CUT-END"
        // The program reads the unread entries only: the read marks are the feed's, not its results'.
        let jq = loadrun("--unread --jq '[.items[].title] | sort | join(\",\")' '\(server.url("/feed3"))'") + "; echo JQ-END"
        let tmux = try TmuxSession("\(run); echo FIRST-RUN-DONE; \(run); \(unread); \(cut); \(jq)", width: 100, height: 30)
        XCTAssertTrue(tmux.waitForScreen(containing: "3 unread"), tmux.screen())
        try tmux.send("j")
        try tmux.send("Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "Entry 2's own words, from the feed."), tmux.screen())
        try tmux.send("Escape")
        XCTAssertTrue(tmux.waitForScreen(containing: "2 unread"), tmux.screen())
        try tmux.send("q")
        // The next run selects the newest entry, unread: the first run's selection was on the
        // entry it read.
        XCTAssertTrue(tmux.waitForScreen(containing: "▌•"), "the next run: \(tmux.screen())")
        XCTAssertTrue(tmux.screen().contains("2 unread"), tmux.screen())
        let rows = tmux.screen().split(separator: "\n")
        for number in 1...3 {
            let row = try XCTUnwrap(rows.first { $0.hasSuffix("Entry \(number)") }, tmux.screen())
            XCTAssertEqual(row.contains("•"), number != 2, "only the read entry is unmarked: \(row)")
        }
        try tmux.send("q")
        XCTAssertTrue(tmux.waitForScreen(containing: "Entry 3 Entry 1 UNREAD-END"), "--unread prints the two never opened: \(tmux.screen())")
        XCTAssertTrue(tmux.waitForScreen(containing: "Entry 3 1 more unread CUT-END"), "max-items cuts the unread ones: \(tmux.screen())")
        XCTAssertTrue(tmux.waitForScreen(containing: "Entry 1,Entry 3\nJQ-END"), "--jq reads only the unread: \(tmux.screen())")
    }

    func testEveryRowIsReachableWhateverMaxItemsSays() throws {
        let tmux = try TmuxSession(loadrun("--config '\(config!)' --browse --source five"), width: 100, height: 40)
        XCTAssertTrue(tmux.waitForScreen(containing: "5 items"), tmux.screen())
        try tmux.send("G")
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { selectedRow(tmux)?.hasSuffix("Entry 1") ?? false },
                      "G selects the fifth of five rows: \(tmux.screen())")
        XCTAssertFalse(tmux.screen().contains("more entries"), tmux.screen())
        try tmux.send(":")
        try tmux.send("3")
        try tmux.send("Enter")
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { selectedRow(tmux)?.hasSuffix("Entry 3") ?? false },
                      ":3 selects the third: \(tmux.screen())")
        try tmux.send("q")
        let printed = try LoadrunProcess(["--config", config, "--source", "five", "--no-cache"])
        XCTAssertEqual(printed.waitForExit(), .exited(0), printed.standardError)
        XCTAssertTrue(printed.standardOutput.contains("… 3 more entries"), "printed output is cut: \(printed.standardOutput)")
    }

    func testCtrlZSuspendsAsLessDoesAndFgBringsTheScreenBack() throws {
        let tmux = try TmuxSession("PS1='shell> ' bash --norc --noprofile -i", width: 100, height: 30)
        XCTAssertTrue(tmux.waitForScreen(containing: "shell>"), tmux.screen())
        try tmux.send(loadrun("--browse '\(server.url("/feed3"))'"), "Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "3 items"), tmux.screen())
        try tmux.send("C-z")
        XCTAssertTrue(tmux.waitForScreen(containing: "Stopped"), "the shell's job control has it: \(tmux.screen())")
        XCTAssertFalse(tmux.alternateScreen, "the terminal given back")
        try tmux.send("fg", "Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "3 items"), "the screen back: \(tmux.screen())")
        XCTAssertTrue(tmux.alternateScreen)
        try tmux.send("q")
        try tmux.send("echo EXIT=$?", "Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
    }
}
