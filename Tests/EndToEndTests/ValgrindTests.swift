#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import XCTest

/// The built binary under valgrind, once for each way a run ends: whatever the exit status,
/// nothing the run owned is left definitely lost. (`exit()` unwinds no frame, so anything a
/// frame still holds when it is called stays behind.) Each run takes seconds under valgrind:
/// one per ending.
final class ValgrindTests: XCTestCase {
    private var leaks: LeakCheck!

    override func setUpWithError() throws {
        leaks = try LeakCheck()
    }

    override func tearDown() {
        leaks = nil
    }

    func testSuccessLeaksNothing() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(3))) }
        // The copy store is on, as by default.
        let run = try leaks.start(["--source", "posts", "--url", server.url("/posts")])
        try assertNothingLost(run, exit: .exited(0))
    }

    /// The default command: the embedded sample server answers loadrun's own client.
    func testTheEmbeddedSampleSourceLeaksNothing() throws {
        let run = try leaks.start(["--source", "posts"])
        try assertNothingLost(run, exit: .exited(0))
    }

    func testFailureLeaksNothing() throws {
        let port = try ClosedPort.make()
        let run = try leaks.start(["--source", "posts", "--no-retry", "--url", "http://127.0.0.1:\(port)/posts"])
        try assertNothingLost(run, exit: .exited(2))
    }

    func testUsageErrorLeaksNothing() throws {
        let run = try leaks.start(["--watch", "--pages", "0"])
        try assertNothingLost(run, exit: .exited(64))
    }

    func testInterruptedLoadLeaksNothing() throws {
        let requests = Counter()
        let release = Flag()
        defer { release.set() }
        let server = TestServer { server, loop in
            server.route("/held", TestRoutes.held(until: release, on: loop, body: "[]", requests: requests))
        }
        let run = try leaks.start(["--source", "posts", "--url", server.url("/held")])
        XCTAssertTrue(waitUntil(limit: .seconds(60)) { requests.count == 1 }, "the request reached the server: \(run.process.standardError)")
        run.process.send(SIGINT)
        try assertNothingLost(run, exit: .exited(130))
    }

    func testWatchEndedByInterruptLeaksNothing() throws {
        let requests = Counter()
        let server = TestServer { server, _ in
            server.route("/posts", TestRoutes.fixed(Fixtures.posts(3), requests: requests))
        }
        // A long interval: the first load is all there is before the signal.
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let run = try leaks.start(["--url", server.url("/posts"), "--plugin", "posts", "--watch", "1h"], environment: ["XDG_STATE_HOME": state])
        XCTAssertTrue(waitUntil(limit: .seconds(60)) { !run.process.standardOutput.isEmpty }, "the first load was printed: \(run.process.standardError)")
        // Its version written: a signal that came during the history's first write, slow under
        // valgrind, would meet the 60 ms watchdog, which ends the process from outside its loop.
        XCTAssertTrue(waitUntil(limit: .seconds(60)) {
            let history = try? LoadrunProcess(["history", "--output", "json"], environment: ["XDG_STATE_HOME": state])
            _ = history?.waitForExit()
            return history?.standardOutput.contains("\"versions\": 1") == true
        }, "the first load was recorded")
        run.process.send(SIGINT)
        try assertNothingLost(run, exit: .exited(130))
        XCTAssertEqual(requests.count, 1)
    }

    /// A feed is read an entry at a time, each freed as soon as it is read, while libxml2 goes
    /// on building the tree around it: text between entries, xml:base on the root, and a
    /// recovered fault must cost no invalid read or write, and nothing lost.
    func testAFeedReadEntryByEntryTouchesNoFreedMemory() throws {
        let feed = """
            <?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://feeds.example/base/">
            <title>Streamed</title>text before<entry><title>One</title><id>1</id><link href="one"/>
            <updated>2026-11-01T00:00:00Z</updated><summary>first &amp; only</summary></entry>text between
            <entry><title>Two</title><id>2</id><link href="two"/><summary type="html">&lt;p&gt;x&lt;/p&gt;</summary></entry>
            and after<link rel="next" href="page2"/><entry><title>Three & more</title><id>3</id></entry>tail</feed>
            """
        let server = TestServer { server, _ in server.route("/feed", TestRoutes.fixed(contentType: "application/atom+xml", feed)) }
        let run = try leaks.start(["--no-cache", "--url", server.url("/feed"), "--output", "json"])
        try assertNothingLost(run, exit: .exited(0))
        XCTAssertTrue(run.process.standardOutput.contains("https://feeds.example/base/two"), run.process.standardOutput)
        XCTAssertTrue(run.process.standardOutput.contains("Three & more"), "read past the bare &: \(run.process.standardOutput)")
        let invalid = try leaks.invalidAccesses(in: run)
        XCTAssertEqual(invalid.count, 0, "valgrind's report:\n\(invalid.report)")
    }

    /// A wait met by the change that starts the command on change: the command does its work,
    /// its wait is handed back by GLib and released once, and nothing it touched is freed early.
    func testAWaitMetWhileTheCommandOnChangeRunsLeaksNothing() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = TestServer { server, _ in server.route("/status", document.handler()) }
        let run = try leaks.start(["--no-cache", "--url", server.url("/status"), "--jq", ".version", "--watch", "50ms",
                                   "--until-change", "--on-change", "cat"])
        XCTAssertTrue(waitUntil(limit: .seconds(60)) { document.requests >= 2 }, run.process.standardError)
        document.set(#"{"version": 2}"#)
        try assertNothingLost(run, exit: .exited(0))
        XCTAssertTrue(run.process.standardError.contains("status: 2"), "the command read the content: \(run.process.standardError)")
        let invalid = try leaks.invalidAccesses(in: run)
        XCTAssertEqual(invalid.count, 0, "valgrind's report:\n\(invalid.report)")
    }

    /// A jq program fed a JSON body as it arrives, dropped when the body is cut short: its
    /// thread ends at its next read, and the chunks it was handed are freed, none twice. (No
    /// value of the body is whole: once libjq has run on one, its state holds a stack it
    /// points into, not at, which a thread that has not put the state back by the process's
    /// exit leaves "definitely lost" in valgrind's words, though nothing was.)
    func testAJQRunDroppedWithABodyCutShortLeaksNothing() throws {
        let raw = RawHTTPServer(.respond("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n[{\"n\": 1}, {\"n\": 2}"))
        let run = try leaks.start(["--no-cache", "--no-retry", "--url", raw.url("/lines"), "--jq", ".n"])
        try assertNothingLost(run, exit: .exited(2))
        let invalid = try leaks.invalidAccesses(in: run)
        XCTAssertEqual(invalid.count, 0, "valgrind's report:\n\(invalid.report)")
    }

    /// Waits for `run` to end with `exit`, and checks that valgrind found nothing definitely lost.
    private func assertNothingLost(_ run: LeakCheck.Run, exit: LoadrunProcess.Ending,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(run.process.waitForExit(limit: .seconds(120)), exit, run.process.standardError, file: file, line: line)
        let lost = try leaks.definitelyLost(in: run)
        XCTAssertEqual(lost.bytes, 0, "definitely lost, by valgrind's report:\n\(lost.report)", file: file, line: line)
    }
}
