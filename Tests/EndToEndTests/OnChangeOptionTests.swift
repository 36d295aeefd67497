import Foundation
import TestSupport
import XCTest

/// `--on-change CMD` against a real server whose document the test changes: the command runs
/// once per change, never for the first load, one at a time, with the content on its stdin.
final class OnChangeOptionTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-onchange-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func contents(_ name: String) -> String { (try? String(contentsOfFile: path(name), encoding: .utf8)) ?? "" }

    private func server(_ document: ChangingDocument) -> TestServer {
        TestServer { server, _ in server.route("/status", document.handler()) }
    }

    func testTheContentIsAppendedOncePerChangeAndNeverForTheFirstLoad() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = server(document)
        let run = try LoadrunProcess(["--url", server.url("/status"), "--jq", ".version", "--watch", "50ms",
                                      "--on-change", "cat >> '\(path("changes"))'"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 3 }, run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("changes")), "the first load and its repeats are no change")
        document.set(#"{"version": 2}"#)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { contents("changes") == "2\n" }, contents("changes"))
        document.set(#"{"version": 3}"#)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { contents("changes") == "2\n3\n" }, contents("changes"))
        let seen = document.requests
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= seen + 3 })
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143), run.standardError)
        XCTAssertEqual(contents("changes"), "2\n3\n", "the same content again runs nothing")
    }

    func testTheCommandLearnsTheSourceAndItsOutputAndFailureGoToStandardError() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = server(document)
        let command = #"echo "source=$LOADRUN_SOURCE status=$LOADRUN_STATUS change=$LOADRUN_CHANGE url=$LOADRUN_URL"; exit 3"#
        let run = try LoadrunProcess(["--url", server.url("/status"), "--watch", "50ms", "--output", "json", "--on-change", command])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 2 }, run.standardError)
        document.set(#"{"version": 2}"#)
        XCTAssertTrue(run.waitForStandardError(containing: "--on-change command exited with status 3"), run.standardError)
        XCTAssertTrue(run.standardError.contains("status: source=status status=200 change=1 url=\(server.url("/status"))\n"), run.standardError)
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(), .exited(130), run.standardError)
    }

    func testChangesWhileTheCommandRunsMakeOneMoreRunOnTheLatestContent() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = server(document)
        let gate = path("gate")
        XCTAssertEqual(mkfifo(gate, 0o600), 0)
        // Each run says it started, then waits for the test to open the gate.
        let command = "echo started $LOADRUN_CHANGE; read go < '\(gate)'; cat >> '\(path("changes"))'"
        let run = try LoadrunProcess(["--url", server.url("/status"), "--jq", ".version", "--watch", "50ms", "--on-change", command])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 2 }, run.standardError)
        document.set(#"{"version": 2}"#)
        XCTAssertTrue(run.waitForStandardError(containing: "status: started 1"), run.standardError)
        for version in [3, 4] {
            let before = document.set(#"{"version": \#(version)}"#)
            XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= before + 2 }, "version \(version) loaded")
        }
        try openGate(gate)
        XCTAssertTrue(run.waitForStandardError(containing: "status: started 3"), "one more run, for the third change: \(run.standardError)")
        try openGate(gate)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { contents("changes") == "2\n4\n" }, contents("changes"))
        XCTAssertEqual(run.standardError.components(separatedBy: "started").count - 1, 2, run.standardError)
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143), run.standardError)
    }

    func testACommandStillRunningGetsSIGTERMWhenLoadrunEnds() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = server(document)
        let command = "echo $$ > '\(path("pid"))'; echo up; exec sleep 600"
        let run = try LoadrunProcess(["--url", server.url("/status"), "--watch", "50ms", "--on-change", command])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 2 }, run.standardError)
        document.set(#"{"version": 2}"#)
        XCTAssertTrue(run.waitForStandardError(containing: "status: up"), run.standardError)
        let pid = try XCTUnwrap(Int32(contents("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue(isRunning(pid), "the command runs")
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143), run.standardError)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { !isRunning(pid) }, "the command was ended with loadrun")
    }

    func testAWaitMetByAChangeLetsItsCommandFinishButASignalEndsItAndWhatItStarted() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = server(document)
        let finished = try LoadrunProcess(["--url", server.url("/status"), "--jq", ".version", "--watch", "50ms", "--until-change",
                                           "--on-change", "cat >> '\(path("changes"))'"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 2 }, finished.standardError)
        document.set(#"{"version": 2}"#)
        XCTAssertEqual(finished.waitForExit(), .exited(0), finished.standardError)
        XCTAssertEqual(contents("changes"), "2\n", "the command of the change that met the wait did its work")

        let base = document.requests
        let stuck = try LoadrunProcess(["--url", server.url("/status"), "--watch", "50ms", "--until-change",
                                        "--on-change", "sleep 600 & echo $! > '\(path("pid"))'; echo up; wait"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= base + 2 }, stuck.standardError)
        document.set(#"{"version": 3}"#)
        XCTAssertTrue(stuck.waitForStandardError(containing: "status: up"), stuck.standardError)
        let pid = try XCTUnwrap(Int32(contents("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue(isRunning(pid))
        stuck.send(SIGINT)
        XCTAssertEqual(stuck.waitForExit(), .exited(130), stuck.standardError)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { !isRunning(pid) }, "what the command started was ended with it")
    }

    func testAWaitEndsWhenItsCommandExitsThoughWhatItStartedHoldsItsOutput() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = server(document)
        let command = "sleep 600 & echo $! > '\(path("pid"))'; echo ran"
        let run = try LoadrunProcess(["--url", server.url("/status"), "--watch", "50ms", "--until-change", "--on-change", command])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 2 }, run.standardError)
        document.set(#"{"version": 2}"#)
        // The background sleep keeps the command's output open for ten minutes.
        XCTAssertEqual(run.waitForExit(limit: .seconds(15)), .exited(0), run.standardError)
        XCTAssertTrue(run.standardError.contains("status: ran"), run.standardError)
        let pid = try XCTUnwrap(Int32(contents("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { !isRunning(pid) }, "what it started was ended with loadrun")
    }

    func testAMetWaitLetsItsCommandRunNoLongerThanTheWaitsTimeout() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = server(document)
        let command = "echo $$ > '\(path("pid"))'; exec sleep 600"
        let run = try LoadrunProcess(["--url", server.url("/status"), "--watch", "50ms", "--until-change", "--until-timeout", "2s",
                                      "--on-change", command])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 2 }, run.standardError)
        document.set(#"{"version": 2}"#)
        XCTAssertEqual(run.waitForExit(limit: .seconds(15)), .exited(0), "the wait was met: \(run.standardError)")
        XCTAssertTrue(run.standardError.contains("--until-timeout passed while --on-change's command still ran; it is ended"), run.standardError)
        let pid = try XCTUnwrap(Int32(contents("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { !isRunning(pid) }, "the command was ended at the deadline")
    }

    /// A command that floods its output is read in the background, a little at a time: the
    /// watch's reloads go on.
    func testACommandThatFloodsItsOutputDoesNotStallTheWatch() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = server(document)
        let run = try LoadrunProcess(["--url", server.url("/status"), "--watch", "20ms", "--on-change", "yes flood"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 2 }, run.standardError)
        document.set(#"{"version": 2}"#)
        XCTAssertTrue(run.waitForStandardError(containing: "status: flood\nstatus: flood\n"), String(run.standardError.prefix(500)))
        let flooding = document.requests
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= flooding + 30 }, "reloads while it floods: \(document.requests - flooding)")
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143))
    }

    /// Whether process `pid` is alive: not gone, and not a zombie that nobody has reaped
    /// (orphans here may go to an init that does not reap them).
    private func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.range(of: ") ", options: .backwards) else { return false }
        return stat[close.upperBound...].first != "Z"
    }

    /// Lets one waiting run through the FIFO `gate`.
    private func openGate(_ gate: String) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: gate))
        handle.write(Data("go\n".utf8))
        try handle.close()
    }
}
