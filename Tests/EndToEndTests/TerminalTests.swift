#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// loadrun in a real terminal under tmux: spinner, styling, width, Ctrl-C and restoring.
final class TerminalTests: XCTestCase {
    override func setUpWithError() throws { try TmuxSession.requireTmux() }

    private var binary: String { LoadrunProcess.binaryPath }

    func testSpinnerShowsBytesAndTotalThenCtrlCCancelsAndRestoresTheTerminal() throws {
        let server = TestServer { server, loop in
            server.route("/drip", TestRoutes.drip(first: "[", every: .milliseconds(50), on: loop, declaredLength: 100_000))
        }
        let tmux = try TmuxSession("'\(binary)' --source posts --url \(server.url("/drip")); echo EXIT=$?")
        // With a declared length, a bar, the percentage and the bytes of the total, as curl's
        // -# shows a transfer (`loading` shows only until the response's head has come); then
        // the rate and the time left, once the body has come for a quarter of a second.
        XCTAssertTrue(tmux.waitForScreen(containing: " of 100.0 KB"), "shows the declared total: \(tmux.screen())")
        XCTAssertNotNil(tmux.screen().firstMatch(of: /posts: \[[ ▏▎▍▌▋▊▉█]{5,30}\] \d+% \d+ B of 100\.0 KB/), "a bar: \(tmux.screen())")
        XCTAssertTrue(tmux.waitForScreen(containing: "B/s, "), "the rate: \(tmux.screen())")
        XCTAssertTrue(tmux.waitForScreen(containing: " left"), "the time left: \(tmux.screen())")
        XCTAssertFalse(tmux.cursorVisible, "the cursor is hidden while the spinner runs")
        let first = tmux.screen()
        XCTAssertTrue(waitUntil(limit: .seconds(5)) { tmux.screen() != first }, "the spinner moves")

        try tmux.send("C-c")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=130"), tmux.screen())
        let screen = tmux.screen()
        XCTAssertTrue(screen.contains("posts: cancelled"), screen)
        XCTAssertFalse(screen.contains("loading") || screen.contains(" of 100.0 KB"), "the spinner line was erased: \(screen)")
        XCTAssertTrue(tmux.cursorVisible, "the cursor is back")
    }

    func testWithoutAKnownSizeTheSpinnerShowsNoTotal() throws {
        // A FIFO reports a size of 0: that is no total, not "of 0 B". Its writer holds it open,
        // so the load stays in flight while the screen is read. The writer ignores the Ctrl-C
        // that ends the test: killed by it, it would close the FIFO, and the end of the body
        // would race loadrun's own handling of the signal (a decode failure, exit 2).
        let tmux = try TmuxSession("F=$(mktemp -u); mkfifo $F; (trap '' INT; printf '['; exec sleep 30) > $F & "
            + "'\(binary)' --url - --plugin posts < $F; echo EXIT=$?")
        XCTAssertTrue(tmux.waitForScreen(containing: ": loading 1 B"), tmux.screen())
        XCTAssertFalse(tmux.screen().contains(" of "), "no total: \(tmux.screen())")
        try tmux.send("C-c")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=130"), tmux.screen())
    }

    func testNDJSONOnATerminalIsNeverInterleavedWithAProgressLine() throws {
        let server = TestServer { server, loop in
            server.route("/drip", TestRoutes.drip(first: "[", every: .milliseconds(50), on: loop))
        }
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("pane-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: recording) }
        // The shell waits for a line before it starts loadrun: the recording starts first.
        let tmux = try TmuxSession("read -r go; '\(binary)' --source posts --url \(server.url("/drip")) --output ndjson; echo EXIT=$?")
        try tmux.recordOutput(to: recording)
        try tmux.send("go", "Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: #""cause":"started""#), tmux.screen())
        try tmux.send("C-c")
        XCTAssertTrue(tmux.waitForRecording(recording, containing: "EXIT=130"), tmux.screen())
        let written = (try? String(contentsOfFile: recording, encoding: .utf8)) ?? ""
        XCTAssertFalse(written.contains("loading "), "no spinner line: \(written.debugDescription)")
        XCTAssertFalse(written.contains("\u{1B}[?25l"), "the cursor was never hidden for a spinner")
        // As the terminal got them (the pane wraps long lines): every record a line of its own.
        // The terminal echoes Ctrl-C as ^C before the last record; that is the tty, not loadrun.
        let lines = written.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "^C", with: "")
            .split(separator: "\n").filter { $0.contains("{") }
        XCTAssertGreaterThanOrEqual(lines.count, 2, written.debugDescription)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") }, written.debugDescription)
    }

    func testSecondCtrlCQuitsAtOnceWithTheTerminalRestored() throws {
        let server = TestServer { server, loop in
            server.route("/drip", TestRoutes.drip(first: "[", every: .milliseconds(50), on: loop))
        }
        let tmux = try TmuxSession("'\(binary)' --source posts --url \(server.url("/drip")); echo EXIT=$?")
        XCTAssertTrue(tmux.waitForScreen(containing: "posts: loading"), tmux.screen())
        try tmux.send("C-c", "C-c")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=130"), tmux.screen())
        XCTAssertTrue(tmux.cursorVisible)
        XCTAssertFalse(tmux.screen().contains("loading"), tmux.screen())
    }

    func testSIGTERMExits143WithTheTerminalRestored() throws {
        let server = TestServer { server, loop in
            server.route("/drip", TestRoutes.drip(first: "[", every: .milliseconds(50), on: loop))
        }
        // In the background of the pane's shell, so the test can read its pid; still on the TTY.
        let tmux = try TmuxSession("'\(binary)' --source posts --url \(server.url("/drip")) & echo PID=$!; wait $!; echo EXIT=$?")
        XCTAssertTrue(tmux.waitForScreen(containing: "posts: loading"), tmux.screen())
        let pidLine = try XCTUnwrap(tmux.screen().split(separator: "\n").first { $0.hasPrefix("PID=") })
        let pid = try XCTUnwrap(Int32(pidLine.dropFirst(4)))
        XCTAssertFalse(tmux.cursorVisible)
        kill(pid, SIGTERM)
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=143"), tmux.screen())
        XCTAssertTrue(tmux.cursorVisible, "the cursor is back")
        XCTAssertFalse(tmux.screen().contains("loading"), "the spinner is gone: \(tmux.screen())")
        XCTAssertFalse(tmux.screen().contains("▒"), "and the skeleton")
        XCTAssertTrue(tmux.screen().contains("posts: cancelled"))
    }

    func testContentFitsTheTerminalWidthAndTitlesAreBold() throws {
        // swift test exports NO_COLOR=1 to tests; a user's terminal usually has none.
        let tmux = try TmuxSession("env -u NO_COLOR '\(binary)' --source posts; echo EXIT=$?", width: 100, height: 60)
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
        let lines = tmux.screen().split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.count > 80 }, "uses the 100 columns it has: \(lines)")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 100 })
        XCTAssertTrue(tmux.screenWithEscapes().contains("\u{1B}[1mLoading states are a contract"), "bold title on a TTY")
    }

    func testSkeletonAppearsAndIsReplacedByTheContent() throws {
        let release = Flag()
        let server = TestServer { server, loop in
            server.route("/posts", TestRoutes.held(until: release, on: loop, body: Fixtures.posts(2)))
        }
        let tmux = try TmuxSession("echo above; '\(binary)' --source posts --url \(server.url("/posts")); echo EXIT=$?", width: 70, height: 24)
        XCTAssertTrue(tmux.waitForScreen(containing: "▒"), "a skeleton while loading: \(tmux.screen())")
        XCTAssertTrue(tmux.waitForScreen(containing: "posts: loading"), "with the spinner below it")
        release.set()
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
        let screen = tmux.screen()
        XCTAssertFalse(screen.contains("▒"), "the content replaced it: \(screen)")
        let lines = screen.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(7)), [
            "above", "posts: \(server.url("/posts"))",
            "1  Post number 1", "   \(String(repeating: "b", count: 40))",
            "2  Post number 2", "   \(String(repeating: "b", count: 40))",
            "EXIT=0",
        ])
    }

    func testCtrlCErasesTheSkeleton() throws {
        let server = TestServer { server, loop in
            server.route("/posts", TestRoutes.delayed(.seconds(30), on: loop, body: "[]"))
        }
        let tmux = try TmuxSession("'\(binary)' --source posts --url \(server.url("/posts")); echo EXIT=$?", width: 70, height: 24)
        XCTAssertTrue(tmux.waitForScreen(containing: "▒"), tmux.screen())
        try tmux.send("C-c")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=130"), tmux.screen())
        XCTAssertFalse(tmux.screen().contains("▒"), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("posts: cancelled"))
        // Ctrl-C right after the skeleton is drawn lands while the spinner's line is erased
        // but its cursor still hidden: the cursor must come back all the same.
        XCTAssertTrue(tmux.cursorVisible, "the cursor is back")
    }

    func testImagesAreDrawnToFitTheTerminal() throws {
        let tmux = try TmuxSession("env -u NO_COLOR COLORTERM=truecolor '\(binary)' --source images; echo EXIT=$?", width: 60, height: 20)
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
        let lines = tmux.screen().split(separator: "\n", omittingEmptySubsequences: false)
        let exitRow = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("EXIT=0") })
        XCTAssertGreaterThanOrEqual(exitRow, 12, "the picture takes most of the 20 rows: \(lines)")
        XCTAssertTrue(tmux.screenWithEscapes().contains("\u{1B}[38;2;"), "truecolour cells")
        XCTAssertFalse(tmux.screen().contains("image/png"), "no metadata line on a terminal")
    }

    /// Issue 26: reading standard input from the terminal drew the spinner over what was
    /// typed, and said nothing of how to end it.
    func testTypedStandardInputGetsAHintAndNothingDrawnOverIt() throws {
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("pane-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: recording) }
        // The shell waits for a line before it starts loadrun: the recording starts first.
        let tmux = try TmuxSession("read -r go; env -u NO_COLOR '\(binary)' --url -; echo EXIT=$?", width: 100, height: 20)
        try tmux.recordOutput(to: recording)
        try tmux.send("go", "Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "loadrun: reading standard input; end it with Ctrl-D"), tmux.screen())
        try tmux.send(#"[{"id":7,"title":"Typed here","body":"b"}]"#, "Enter", "C-d")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("7  Typed here"), tmux.screen())
        XCTAssertTrue(tmux.waitForRecording(recording, containing: "EXIT=0"), tmux.screen())
        let written = (try? String(contentsOfFile: recording, encoding: .utf8)) ?? ""
        XCTAssertFalse(written.contains("loading"), "no spinner: \(written.debugDescription)")
        XCTAssertFalse(written.contains("▒"), "no skeleton: \(written.debugDescription)")
        XCTAssertFalse(written.contains("\u{1B}[?25l"), "the cursor stays: \(written.debugDescription)")
    }

    func testNoColorTurnsStylingOff() throws {
        let tmux = try TmuxSession("NO_COLOR=1 '\(binary)' --source posts; echo EXIT=$?", width: 100, height: 60)
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
        XCTAssertFalse(tmux.screenWithEscapes().contains("\u{1B}[1m"), tmux.screenWithEscapes())
    }
}
