#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// `--watch` in a real terminal under tmux: the full-screen view, its redraws, keys, banner,
/// and the terminal put back on every way out.
final class WatchTerminalTests: XCTestCase {
    override func setUpWithError() throws { try TmuxSession.requireTmux() }

    private var binary: String { LoadrunProcess.binaryPath }

    /// The pane's command: loadrun with `arguments`, then its exit status and whether the tty's
    /// settings came back as they were.
    private func command(_ arguments: String) -> String {
        "S=$(stty -g); env -u NO_COLOR '\(binary)' \(arguments); echo EXIT=$?; [ \"$(stty -g)\" = \"$S\" ] && echo TTY=restored"
    }

    private func line(_ screen: String, containing text: String) -> String {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
    }

    private func assertRestored(_ tmux: TmuxSession, status: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=\(status)"), tmux.screen(), file: file, line: line)
        XCTAssertTrue(tmux.waitForScreen(containing: "TTY=restored"), "echo and line editing are back: \(tmux.screen())", file: file, line: line)
        XCTAssertFalse(tmux.alternateScreen, "back on the main screen", file: file, line: line)
        XCTAssertTrue(tmux.cursorVisible, "the cursor is back", file: file, line: line)
    }

    /// A crash (here a SIGSEGV sent from outside, which meets the same handler as a fault)
    /// puts the terminal back before the process dies of it, as it would have.
    func testACrashGivesTheTerminalBackAndStillDiesOfItsSignal() throws {
        let server = TestServer(serving: WatchedBackend())
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        for signal in [SIGSEGV, SIGABRT] {
            let run = "bash -c 'echo $$ > \(pidFile); exec env -u NO_COLOR SWIFT_BACKTRACE=enable=no \"$0\" \"$@\"' '\(binary)' --url \(server.url("/posts")) --plugin posts --watch 1h"
            let tmux = try TmuxSession("S=$(stty -g); \(run); echo EXIT=$?; [ \"$(stty -g)\" = \"$S\" ] && echo TTY=restored", width: 100, height: 30)
            XCTAssertTrue(tmux.waitForScreen(containing: "Post number 3"), tmux.screen())
            XCTAssertTrue(tmux.alternateScreen)
            XCTAssertEqual(try tmux.format("#{mouse_any_flag}"), "1", "the mouse is reported")
            let pid = try XCTUnwrap(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            XCTAssertEqual(kill(pid, signal), 0)
            assertRestored(tmux, status: 128 + Int(signal))
            XCTAssertEqual(try tmux.format("#{mouse_any_flag}"), "0", "no mouse reports left on")
        }
    }

    func testCtrlCEndsTheViewAndTheCommandOnChangeAndGivesTheTerminalBack() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("onchange-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let tmux = try TmuxSession(command("--url \(server.url("/posts")) --plugin posts --watch 1h --on-change 'echo $$ > \(pidFile); exec sleep 600'"),
                                   width: 100, height: 30)
        XCTAssertTrue(tmux.waitForScreen(containing: "Post number 3"), tmux.screen())
        backend.setPosts(4)
        try tmux.send("r")
        XCTAssertTrue(tmux.waitForScreen(containing: "Post number 4"), tmux.screen())
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { Int32((try? String(contentsOfFile: pidFile, encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") != nil }, "the command started")
        let pid = try XCTUnwrap(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue(tmux.alternateScreen, "the command's output never replaced the view")
        // Nothing in flight (the next reload is an hour away): Ctrl-C quits.
        try tmux.send("C-c")
        assertRestored(tmux, status: 130)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            return stat.split(separator: " ").dropFirst(2).first == "Z"
        }, "the command ended with loadrun")
    }

    func testRedrawsOnlyWhatChangedAndMarksAddedAndRemovedItemsUntilTheNextChange() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let tmux = try TmuxSession(command("--url \(server.url("/posts")) --plugin posts --watch 300ms"), width: 100, height: 30)
        XCTAssertTrue(tmux.waitForScreen(containing: "Post number 3"), tmux.screen())
        XCTAssertTrue(tmux.alternateScreen)
        XCTAssertTrue(tmux.screen().hasPrefix("posts · loaded"), tmux.screen())

        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("pane-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: recording) }
        try tmux.recordOutput(to: recording)
        let seen = backend.tally.requests
        // Reloads never overlap: the server seeing request N + 1 means loadrun has handled the
        // answer to request N, and drawn whatever it draws for it.
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { backend.tally.requests >= seen + 4 })
        XCTAssertGreaterThanOrEqual(backend.tally.notModified, 3)
        let afterRevalidations = (try? String(contentsOfFile: recording, encoding: .utf8)) ?? ""
        XCTAssertFalse(afterRevalidations.contains("Post number"), "a 304 redraws no content: \(afterRevalidations.debugDescription)")
        XCTAssertFalse(afterRevalidations.contains("\u{1B}[2J"), "never a full clear")
        // A reload quicker than the frame's grace shows how it ended, with no "loading" flash
        // before it (one slow reload on a busy machine may show it, as it should).
        let loadingFrames = afterRevalidations.components(separatedBy: "loading").count - 1
        XCTAssertLessThanOrEqual(loadingFrames, 1, "quick reloads flash no loading: \(afterRevalidations.debugDescription)")

        backend.setPosts(4)
        XCTAssertTrue(tmux.waitForScreen(containing: "Post number 4"), tmux.screen())
        let styled = tmux.screenWithEscapes()
        XCTAssertTrue(line(styled, containing: "Post number 4").contains("7m"), "the new post is highlighted: \(styled)")
        XCTAssertFalse(line(styled, containing: "Post number 1").contains("7m"), "the old ones are not")
        let afterChange = (try? String(contentsOfFile: recording, encoding: .utf8)) ?? ""
        XCTAssertFalse(afterChange.contains("Post number 1"), "unchanged rows are not rewritten")
        // Reloads that bring nothing new keep the marks: they say what the last change was.
        let afterAdding = backend.tally.requests
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { backend.tally.requests >= afterAdding + 2 })
        XCTAssertTrue(line(tmux.screenWithEscapes(), containing: "Post number 4").contains("7m"), "the mark stays until the next change")

        backend.setPosts(3)
        // tmux writes each attribute as its own sequence: strike-through is `ESC[9m`.
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { self.line(tmux.screenWithEscapes(), containing: "Post number 4").contains("\u{1B}[9m") },
                      "the removed post stays, struck through: \(self.line(tmux.screenWithEscapes(), containing: "Post number 4").debugDescription)")
        XCTAssertTrue(line(tmux.screen(), containing: "Post number 4").hasPrefix("- "), "with its sign: \(tmux.screen())")
        XCTAssertFalse(line(tmux.screenWithEscapes(), containing: "Post number 4").contains("7m"), "no longer marked as added")

        try tmux.send("q")
        assertRestored(tmux, status: 0)
    }

    /// `-v` on the full screen: the trace goes to the view's log, never over the frame.
    func testVerboseTraceGoesToTheLogNotOverTheFrame() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let tmux = try TmuxSession(command("--url \(server.url("/posts")) --plugin posts --watch 300ms -v --trace \(trace)"), width: 100, height: 30)
        XCTAssertTrue(tmux.waitForScreen(containing: "Post number 3"), tmux.screen())
        let seen = backend.tally.requests
        // Request N + 1 at the server: the answer to N was handled, its trace said and drawn.
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { backend.tally.requests >= seen + 3 })
        let screen = tmux.screen()
        XCTAssertFalse(screen.contains("User-Agent") || screen.contains("< HTTP/1.1") || screen.contains("> GET"),
                       "no trace over the frame: \(screen)")
        XCTAssertTrue(screen.contains("L log"), "the footer offers the log: \(screen)")
        try tmux.send("L")
        XCTAssertTrue(tmux.waitForScreen(containing: "> User-Agent: loadrun/"), "L shows the trace: \(tmux.screen())")
        XCTAssertTrue(tmux.screen().contains("L or Esc closes"), tmux.screen())
        try tmux.send("Escape")
        XCTAssertTrue(tmux.waitForScreen(containing: "Post number 3"), tmux.screen())
        try tmux.send("q")
        assertRestored(tmux, status: 0)
        XCTAssertFalse(tmux.screen().contains("User-Agent"), "nor is the trace dumped on the way out: \(tmux.screen())")
        let kept = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        XCTAssertGreaterThanOrEqual(kept.components(separatedBy: "> GET /posts HTTP/1.1").count - 1, 3, "--trace kept every request: \(kept)")
    }

    func testKeysReloadLoadTheNextPageAndQuit() throws {
        let requests = Counter()
        let server = TestServer { server, _ in
            server.serveSampleContent()
            server.onRequest = { _ in requests.increment() }
        }
        let tmux = try TmuxSession(command("--url '\(server.url("/posts?page=1&per_page=5"))' --watch 60s"), width: 120, height: 40)
        XCTAssertTrue(tmux.waitForScreen(containing: "5 items, > for more"), tmux.screen())
        XCTAssertFalse(tmux.screen().contains("Deadlines beat idle timers"), "post 6 is on page 2")

        try tmux.send("r")
        XCTAssertTrue(tmux.waitForScreen(containing: "loaded, unchanged"), "r reloaded at once, and the server said 304: \(tmux.screen())")
        XCTAssertEqual(requests.count, 2)

        try tmux.send(">")
        XCTAssertTrue(tmux.waitForScreen(containing: "10 items in 2 pages, > for more"), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("Deadlines beat idle timers"), tmux.screen())
        try tmux.send(">")
        // The last page: the count has no ", > for more" after it (only the trend of load
        // times), and no attempt before it, since none failed.
        XCTAssertTrue(tmux.waitForScreen(containing: " s · 12 items in 3 pages"), tmux.screen())
        XCTAssertFalse(tmux.screen().contains("3 pages, > for more"), tmux.screen())
        XCTAssertFalse(tmux.screen().contains("attempt"), tmux.screen())
        try tmux.send(">")
        XCTAssertTrue(tmux.waitForScreen(containing: "posts: no more pages"), tmux.screen())

        try tmux.send("q")
        assertRestored(tmux, status: 0)
    }

    func testAFailureShowsABannerOverTheLastGoodContentUntilAReloadSucceeds() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let tmux = try TmuxSession(command("--url \(server.url("/posts")) --plugin posts --watch 300ms --retry-delay 200ms"),
                                   width: 120, height: 30)
        XCTAssertTrue(tmux.waitForScreen(containing: "Post number 3"), tmux.screen())
        backend.setFailing(true)
        XCTAssertTrue(tmux.waitForScreen(containing: "showing data from"), tmux.screen())
        let banner = line(tmux.screen(), containing: "showing data from")
        XCTAssertTrue(banner.hasPrefix("failed "), banner)
        XCTAssertTrue(banner.contains("— HTTP 503"), banner)
        XCTAssertTrue(tmux.screen().contains("Post number 3"), "the last good content stays")
        XCTAssertTrue(line(tmux.screenWithEscapes(), containing: "showing data from").contains("41m"), "the banner stands out")
        // Retries come every 200 ms; the banner stays up through them rather than blinking off
        // while each one is in flight. The screen is read again at each failure the server
        // counts, and as often as it can in between.
        let failures = backend.tally.failures
        var reads = 0
        while backend.tally.failures < failures + 6 {
            XCTAssertTrue(tmux.screen().contains("showing data from"), tmux.screen())
            reads += 1
            if reads > 2_000 { break }
        }
        XCTAssertGreaterThanOrEqual(backend.tally.failures, failures + 6, "the retries went on")

        backend.setFailing(false)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { !tmux.screen().contains("HTTP 503") }, "a success clears the banner: \(tmux.screen())")
        XCTAssertTrue(tmux.screen().contains("Post number 3"))
        try tmux.send("C-c")
        assertRestored(tmux, status: 130)
    }

    func testCtrlCCancelsALoadThenQuitsWithTheTerminalRestored() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend, delay: .seconds(30))
        // 40 s: no reload comes during the test, and the countdown reads in seconds.
        let tmux = try TmuxSession(command("--url \(server.url("/posts")) --plugin posts --watch 40s"))
        XCTAssertTrue(tmux.waitForScreen(containing: "posts · loading"), tmux.screen())
        XCTAssertFalse(tmux.cursorVisible)
        try tmux.send("C-c")
        XCTAssertTrue(tmux.waitForScreen(containing: "posts: cancelled — the watch goes on"), tmux.screen())
        XCTAssertTrue(tmux.screen().hasPrefix("posts · idle"), tmux.screen())
        XCTAssertTrue(tmux.alternateScreen, "still watching")
        // Past the double-press window, as the countdown shows: two of its seconds have gone.
        let screen = tmux.screen()
        let next = try XCTUnwrap(Int(screen.components(separatedBy: "next in ").last?.prefix { $0.isNumber } ?? ""), screen)
        XCTAssertTrue(tmux.waitForScreen(containing: "next in \(next - 2) s"), "from \(next): \(tmux.screen())")
        try tmux.send("C-c")
        assertRestored(tmux, status: 130)
    }

    func testSIGTERMRestoresTheTerminal() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let tmux = try TmuxSession(command("--url \(server.url("/posts")) --plugin posts --watch 60s"))
        XCTAssertTrue(tmux.waitForScreen(containing: "Post number 3"), tmux.screen())
        XCTAssertTrue(tmux.alternateScreen)
        // The whole command line, exactly: the pane's shell and tmux carry the same words.
        XCTAssertEqual(system("pkill -TERM -x -f -- '\(binary) --url \(server.url("/posts")) --plugin posts --watch 60s'"), 0)
        assertRestored(tmux, status: 143)
    }

    func testOneStatusLinePerSourceAndTabOrANumberMovesTheFocus() throws {
        let tmux = try TmuxSession(command("--source posts --source articles --source images --watch 60s"), width: 120, height: 30)
        XCTAssertTrue(tmux.waitForScreen(containing: "Loading states are a contract"), tmux.screen())
        XCTAssertTrue(tmux.waitForScreen(containing: "3 images   · loaded"), tmux.screen())
        XCTAssertTrue(tmux.waitForScreen(containing: "2 articles · loaded"), tmux.screen())
        var rows = tmux.screen().split(separator: "\n").map(String.init)
        // Names padded to the longest: what follows them lines up.
        XCTAssertTrue(rows[0].hasPrefix("▶ 1 posts    · loaded · last success "), rows[0])
        XCTAssertTrue(rows[1].hasPrefix("  2 articles · loaded"), rows[1])
        XCTAssertTrue(rows[2].hasPrefix("  3 images   · loaded"), rows[2])
        XCTAssertTrue(rows[0].contains("next in "), rows[0])
        XCTAssertFalse(rows[0].contains("attempt"), "nothing failed, so no attempt to count: \(rows[0])")
        XCTAssertTrue(tmux.screen().contains("Tab or 1–9 switch"), tmux.screen())

        try tmux.send("Tab")
        XCTAssertTrue(tmux.waitForScreen(containing: "▶ 2 articles"), tmux.screen())
        XCTAssertTrue(tmux.waitForScreen(containing: "A loading state for every source"), tmux.screen())
        XCTAssertFalse(tmux.screen().contains("Loading states are a contract"), "only the focused source's content")

        try tmux.send("3")
        XCTAssertTrue(tmux.waitForScreen(containing: "▶ 3 images"), tmux.screen())
        try tmux.send("BTab")
        XCTAssertTrue(tmux.waitForScreen(containing: "▶ 2 articles"), tmux.screen())
        try tmux.send("1")
        XCTAssertTrue(tmux.waitForScreen(containing: "Loading states are a contract"), tmux.screen())
        rows = tmux.screen().split(separator: "\n").map(String.init)
        XCTAssertTrue(rows[0].hasPrefix("▶ 1 posts"), rows[0])

        try tmux.send("q")
        assertRestored(tmux, status: 0)
    }
}
