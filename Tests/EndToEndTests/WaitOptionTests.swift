import Foundation
import TestSupport
import XCTest

/// `--until`, `--until-change`, `--until-ok` and `--until-timeout` against a real server whose
/// document the test changes: each waits on the server's request count, never on a clock.
final class WaitOptionTests: XCTestCase {
    private func server(_ documents: [String: ChangingDocument]) -> TestServer {
        TestServer { server, _ in
            for (path, document) in documents { server.route(path, document.handler()) }
        }
    }

    func testUntilExitsOnTheFirstLoadAfterTheServerChanges() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = server(["/status": document])
        let run = try LoadrunProcess(["--url", server.url("/status"), "--until", ".version >= 3", "--watch", "50ms", "--output", "json"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 2 }, "it reloads while the condition does not hold: \(run.standardError)")
        let before = document.set(#"{"version": 3}"#)
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertLessThanOrEqual(document.requests, before + 1, "it ends on the first load that sees version 3")
        XCTAssertTrue(run.standardOutput.hasPrefix("{\n  \"version\": 1\n}\n"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.hasSuffix("{\n  \"version\": 3\n}\n"), "the content that met it is shown: \(run.standardOutput)")
    }

    /// Issue 58: `--browse --until` works. The wait's program runs off the loop, not inside
    /// the session machine, so the view goes on meanwhile; once the condition holds, the
    /// source loads no more, the view says so and stays until it is left (with 0).
    func testTheFullScreenViewWaitsForTheConditionAndStays() throws {
        let document = ChangingDocument(#"[{"id": 2, "title": "second"}]"#)
        let server = server(["/list": document])
        let tmux = try TmuxSession("'\(LoadrunProcess.binaryPath)' --url \(server.url("/list")) --no-history --browse --watch 50ms "
                                   + "--until '.[0].id == 1'; echo EXIT=$?", width: 90, height: 16)
        XCTAssertTrue(tmux.waitForScreen(containing: "second"), tmux.screen())
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 2 }, "it reloads while the condition does not hold")
        document.set(#"[{"id": 1, "title": "first"}]"#)
        XCTAssertTrue(tmux.waitForScreen(containing: "holds: it loads no more"), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("first"), tmux.screen())
        let requests = document.requests
        try tmux.send("r")
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests > requests }, "r still loads it, as asked")
        try tmux.send("q")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
    }

    func testUntilRunsOnTheJQResults() throws {
        let document = ChangingDocument(#"{"state": {"phase": "pending"}}"#)
        let server = server(["/job": document])
        let run = try LoadrunProcess(["--url", server.url("/job"), "--jq", ".state.phase", "--until", #". == "done""#, "--watch", "50ms"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 2 }, run.standardError)
        document.set(#"{"state": {"phase": "done"}}"#)
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.hasSuffix("done\n"), "the filtered content, a raw line: \(run.standardOutput)")
    }

    func testTheTimeoutExitsOneSayingWhatTheLastContentWas() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = server(["/status": document])
        let run = try LoadrunProcess(["--url", server.url("/status"), "--until", ".version >= 3", "--until-timeout", "1s", "--watch", "50ms"])
        XCTAssertEqual(run.waitForExit(), .exited(1), run.standardError)
        XCTAssertGreaterThanOrEqual(document.requests, 2, "it reloaded while it waited")
        XCTAssertTrue(run.standardError.contains("loadrun: --until-timeout 1s passed before --until '.version >= 3' held for status"), run.standardError)
        XCTAssertTrue(run.standardError.contains(#"status: `.version >= 3` gave false on {"version":1}"#), run.standardError)
    }

    func testUntilChangeExitsAfterTheFirstChange() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = server(["/status": document])
        let run = try LoadrunProcess(["--url", server.url("/status"), "--until-change", "--watch", "50ms", "--output", "json"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 3 }, "the same content again does not end it: \(run.standardError)")
        let before = document.set(#"{"version": 2}"#)
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertLessThanOrEqual(document.requests, before + 1)
        XCTAssertTrue(run.standardOutput.hasSuffix("{\n  \"version\": 2\n}\n"), run.standardOutput)
    }

    func testUntilChangeTimesOutOnContentThatStaysTheSame() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = server(["/status": document])
        let run = try LoadrunProcess(["--url", server.url("/status"), "--until-change", "--until-timeout", "500ms", "--watch", "50ms"])
        XCTAssertEqual(run.waitForExit(), .exited(1), run.standardError)
        XCTAssertTrue(run.standardError.contains(#"status: its content is still the first load's: {"version":1}"#), run.standardError)
    }

    func testFailedLoadsAreRetriedAndShownWithoutEndingTheWait() throws {
        let failing = Flag()
        let document = ChangingDocument(#"{"ready": true}"#)
        let requests = Counter()
        let server = TestServer { server, _ in
            let handler = document.handler()
            server.route("/ready") { exchange in
                requests.increment()
                if failing.isSet { handler(exchange) } else { exchange.respond(status: 503, text: "warming up") }
            }
        }
        let run = try LoadrunProcess(["--url", server.url("/ready"), "--until-ok", "--watch", "50ms", "--retry-delay", "10ms"])
        XCTAssertTrue(run.waitForStandardError(containing: "HTTP 503"), "the failure is shown: \(run.standardError)")
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { requests.count >= 4 }, "and retried, the wait going on")
        failing.set()
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(document.requests, 1, "the first success ends it")
    }

    func testEverySourceMustMeetTheConditionAndTheLogSaysWhenEachDid() throws {
        let ready = ChangingDocument(#"{"ok": true}"#)
        let later = ChangingDocument(#"{"ok": false}"#)
        let server = server(["/ready": ready, "/later": later])
        let run = try LoadrunProcess(["--url", server.url("/ready"), "--url", server.url("/later"), "--until", ".ok", "--watch", "50ms",
                                      "--output", "ndjson"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { later.requests >= 3 }, run.standardError)
        XCTAssertEqual(ready.requests, 1, "a source that met the condition loads no more")
        later.set(#"{"ok": true}"#)
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let records = run.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let loads = records.filter { $0["cause"] as? String == "succeeded" }
        XCTAssertEqual(loads.filter { $0["source"] as? String == "ready" }.map { $0["condition_met"] as? Bool }, [true])
        XCTAssertEqual(loads.filter { $0["source"] as? String == "later" }.last?["condition_met"] as? Bool, true, run.standardOutput)
        XCTAssertTrue(loads.filter { $0["source"] as? String == "later" }.dropLast().allSatisfy { $0["condition_met"] as? Bool == false })
        XCTAssertTrue(records.filter { $0["cause"] as? String == "started" }.allSatisfy { $0["condition_met"] is NSNull })
    }

    func testAProgramThatDoesNotCompileIsAUsageErrorBeforeAnyRequest() throws {
        let document = ChangingDocument(#"{"version": 1}"#)
        let server = server(["/status": document])
        let run = try LoadrunProcess(["--url", server.url("/status"), "--until", ".version >="])
        XCTAssertEqual(run.waitForExit(), .exited(64))
        XCTAssertTrue(run.standardError.hasPrefix("loadrun: --until: jq: error: syntax error"), run.standardError)
        XCTAssertEqual(document.requests, 0)
    }

    func testOptionsThatDoNotGoTogether() throws {
        let cases: [([String], String)] = [
            (["--until-timeout", "1s"], "--until-timeout bounds a wait"),
            (["--until", ".a", "--until-change"], "give one of --until, --until-change and --until-ok"),
            (["--until-ok", "--url", "-"], "standard input cannot be reloaded"),
        ]
        for (arguments, message) in cases {
            let run = try LoadrunProcess(["--url", "http://127.0.0.1:9/"] + arguments)
            XCTAssertEqual(run.waitForExit(), .exited(64), "\(arguments)")
            XCTAssertTrue(run.standardError.contains(message), "\(arguments): \(run.standardError)")
        }
    }
}
