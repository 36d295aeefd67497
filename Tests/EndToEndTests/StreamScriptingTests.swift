import Foundation
import TestSupport
import XCTest

/// What a run does with a live stream's items beyond printing them, with the real binary
/// against `EventStreamTests`' server: `--until` judged on each, `--on-change` for each, the
/// history's versions, `-i`'s head, and several sources at once.
final class StreamScriptingTests: XCTestCase {
    private func server(requests: Counter = Counter()) -> TestServer { EventStreamTests.server(requests: requests) }

    private func lines(_ run: LoadrunProcess) -> [String] { EventStreamTests.lines(run) }

    /// `--until` is judged on each event as it comes: the first that meets it ends the run
    /// with 0, as the stream's end mark (not printed); the events before it were printed.
    func testUntilEndsTheStreamAtTheFirstEventThatMeetsIt() throws {
        let requests = Counter()
        let server = server(requests: requests)
        let run = try LoadrunProcess(["--url", server.url("/typed-data"), "--no-history", "-q", "--output", "json",
                                      "--until", #".data.type == "done""#])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let ids = try run.standardOutput.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["id"] as? String
        }
        XCTAssertEqual(ids, ["1", "2", "3"])
        XCTAssertEqual(requests.count, 1, "met by the stream's first load: no reload")
    }

    /// Issue 58: NDJSON has each item's verdict as the machine judged it: which item of the
    /// load, its ID, new content, and whether it met the wait; the one that did ends it.
    func testNDJSONSaysEachItemsVerdictAsItCame() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/typed-data"), "--no-history", "--output", "ndjson",
                                      "--until", #".data.type == "done""#])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let verdicts = try run.standardOutput.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }.filter { $0["cause"] as? String == "item" }
        XCTAssertEqual(verdicts.map { $0["items"] as? Int }, [1, 2, 3, 4])
        XCTAssertEqual(verdicts.map { $0["item_id"] as? String }, ["1", "2", "3", "4"])
        XCTAssertEqual(verdicts.map { $0["condition_met"] as? Bool }, [false, false, false, true])
        XCTAssertEqual(verdicts.map { $0["changed"] as? Bool }, [true, true, true, true])
    }

    /// The LLM shape of the issue: tokens picked by `--jq`, and the `[DONE]` sentinel, which
    /// `--until` matches before the program runs on it, ends the run with 0.
    func testAnLLMStreamsTokensUntilItsDoneSentinel() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/chat"), "--no-history", "-q", "-X", "POST", "--json", #"{"prompt": "hi"}"#,
                                      "--jq", ".data.choices[0].delta.content // empty", "--until", #".data == "[DONE]""#])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "Hello\n,\n world\n")
    }

    /// Issue 58: the same on the full-screen view, where `--until` no longer needs refusing:
    /// the tokens listed, the stream come to rest as a success, and the view stays.
    func testTheFullScreenViewOfAnLLMStreamEndsInSuccessAtItsSentinel() throws {
        let server = server()
        let tmux = try TmuxSession("'\(LoadrunProcess.binaryPath)' --url \(server.url("/chat")) --no-history --browse -X POST -d '{}' "
                                   + #"--jq '.data.choices[0].delta.content // empty' --until '.data == "[DONE]"'; echo EXIT=$?"#,
                                   width: 90, height: 16)
        XCTAssertTrue(tmux.waitForScreen(containing: #"holds: it loads no more"#), tmux.screen())
        let screen = tmux.screen()
        XCTAssertTrue(screen.contains("chat · loaded"), screen)
        XCTAssertTrue(screen.contains("\nHello\n,\n world\n"), screen)
        XCTAssertFalse(screen.contains("failed"), screen)
        try tmux.send("q")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
    }

    /// The history keeps a stream's last items as each load's version, not the whole stream:
    /// two runs that stop after 2 and 3 events are two versions, the second adding one.
    func testTheHistoryKeepsAStreamsLastItemsAsItsVersion() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let server = server()
        for count in [2, 3] {
            let run = try LoadrunProcess(["--url", server.url("/open"), "-q", "--max-items", String(count)], environment: ["XDG_STATE_HOME": state])
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        }
        let versions = try LoadrunProcess(["history", "open"], environment: ["XDG_STATE_HOME": state])
        XCTAssertEqual(versions.waitForExit(), .exited(0), versions.standardError)
        XCTAssertEqual(versions.standardOutput.split(separator: "\n").count, 3, "a header and two versions: \(versions.standardOutput)")
        XCTAssertTrue(versions.standardOutput.contains("+1 item"), versions.standardOutput)
        let shown = try LoadrunProcess(["history", "open", "--show", "2"], environment: ["XDG_STATE_HOME": state])
        XCTAssertEqual(shown.waitForExit(), .exited(0), shown.standardError)
        XCTAssertEqual(shown.standardOutput, "#1 {\"i\":1}\n#2 {\"i\":2}\n#3 {\"i\":3}\n")
    }

    /// `--on-change` on a stream runs its command for each event as it comes, the event (as
    /// `--output` prints it) on its stdin; not once more for the stream's end.
    func testOnChangeRunsForEachEventOfAStream() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/three"), "--no-history", "-q", "--output", "json", "--until-timeout", "10s",
                                      "--until", ".data.i == 3", "--on-change", #"echo "$LOADRUN_CHANGE $(cat)""#])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let said = run.standardErrorLines.filter { $0.hasPrefix("three: ") }
        XCTAssertEqual(said, [#"three: 1 {"id":"1","event":"message","data":{"i":1}}"#, #"three: 2 {"id":"2","event":"message","data":{"i":2}}"#],
                       run.standardError)
    }

    /// Issue 58: `-I` on a stream that never ends is its head alone, and the run ends: a HEAD
    /// has no body, so no presenter has a stream to end (none can).
    func testHeadAloneOfAnOpenStreamEndsTheRun() throws {
        let server = server()
        let run = try LoadrunProcess(["-I", "--url", server.url("/open"), "--no-history", "-q"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.hasPrefix("HTTP/1.1 200 OK\n"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.lowercased().contains("content-type: text/event-stream"), run.standardOutput)
        XCTAssertFalse(run.standardOutput.contains("data"), "no event: \(run.standardOutput)")
    }

    /// `-i` prints a stream's response head before its events, as they come, and not again
    /// at its end.
    func testIncludePrintsTheHeadBeforeTheEvents() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/open"), "--no-history", "-q", "-i"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { lines(run).contains("#2 {\"i\":2}") }, run.standardError)
        let shown = lines(run)
        XCTAssertEqual(shown.first, "HTTP/1.1 200 OK", run.standardOutput)
        XCTAssertTrue(shown.contains { $0.lowercased() == "content-type: text/event-stream" }, run.standardOutput)
        XCTAssertEqual(shown.firstIndex(of: ""), shown.firstIndex(of: "#1 {\"i\":1}").map { $0 - 1 }, "a blank line, then the events: \(shown)")
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(130), run.standardError)
    }

    /// Several sources on a pipe: a stream's items go out as they come, as `tail -f` prints
    /// several files, and a stream that never ends holds back none of the sources after it.
    func testAStreamAmongSeveralSourcesPrintsAsItComesAndHoldsNoneBack() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/open"), "--url", server.url("/document"), "--no-history", "-q"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { lines(run).contains("a document") && lines(run).contains("#3 {\"i\":3}") },
                      run.standardOutput)
        let shown = lines(run)
        XCTAssertEqual(shown.first, "==> open <==")
        let document = try XCTUnwrap(shown.firstIndex(of: "a document"))
        XCTAssertEqual(shown[document - 1], "==> document <==")
        if let next = shown[document...].firstIndex(where: { $0.hasPrefix("#") }) {
            XCTAssertEqual(shown[next - 1], "==> open <==", "the stream's items under its header again: \(shown)")
        }
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(130), run.standardError)
    }

    /// Two streams judged by `--until` at once: an item of one comes while the other's is
    /// judged (its program off the loop, the loop turning), and neither touches the session's
    /// machine meanwhile; the run ends with 0 once both met it.
    func testTwoStreamsJudgedAtOnceBothMeetTheWait() throws {
        let server = server()
        for _ in 0..<3 {
            let run = try LoadrunProcess(["--url", server.url("/open"), "--url", server.url("/typed-data"), "--no-history", "-q",
                                          "--until", ".data.i == 3"])
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        }
    }
}
