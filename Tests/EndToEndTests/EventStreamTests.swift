import Foundation
import TestSupport
import XCTest

/// Server-Sent Events with the real binary against an in-process server: a live stream's
/// events printed as they come, one line each, its end, its silence, and Ctrl-C.
final class EventStreamTests: XCTestCase {
    /// The streams the tests read (`StreamScriptingTests` reads them too).
    static func server(disconnected: Flag = Flag(), resumes: Record<String> = Record(), requests: Counter = Counter()) -> TestServer {
        TestServer { server, loop in
            // An LLM API's shape: a POST answered with a stream of chunks and a [DONE], then the end.
            server.route("/chat") { exchange in
                requests.increment()
                guard exchange.method == "POST" else { return exchange.respond(status: 405, text: "POST only") }
                exchange.beginChunks(status: 200, contentType: "text/event-stream")
                for token in ["Hello", ",", " world"] {
                    exchange.sendChunk(Array("data: {\"choices\": [{\"delta\": {\"content\": \"\(token)\"}}]}\n\n".utf8))
                }
                exchange.sendChunk(Array("data: [DONE]\n\n".utf8))
                exchange.endChunks()
            }
            // A stream that ends in the middle of its second event.
            server.route("/cut") { exchange in
                exchange.beginChunks(status: 200, contentType: "text/event-stream")
                exchange.sendChunk(Array("data: one\n\ndata: tw".utf8))
                exchange.endChunks()
            }
            server.route("/document", TestRoutes.fixed(contentType: "text/plain", "a document\n"))
            server.route("/counted", TestRoutes.eventStream(every: .milliseconds(20), on: loop, count: 3, requests: requests))
            // A stream sent whole, with its Content-Length.
            server.route("/sized", TestRoutes.fixed(contentType: "text/event-stream", "id: 1\ndata: one\n\n"))
            // Three events a connection from the one after Last-Event-ID, then the end; after
            // the sixth, 204: no more. `slow` asks for a minute between connections.
            for (path, retry) in [("/drops", 50), ("/drops-slow", 60_000)] {
                server.route(path) { exchange in
                    let last = exchange.requestHeader("Last-Event-ID")
                    resumes.append(last ?? "")
                    let from = Int(last ?? "") ?? 0
                    guard from < 6 else { return exchange.respond(status: 204, contentType: "text/plain", text: "") }
                    exchange.beginChunks(status: 200, contentType: "text/event-stream")
                    exchange.sendChunk(Array("retry: \(retry)\n".utf8))
                    for n in from + 1...from + 3 { exchange.sendChunk(Array("id: \(n)\ndata: {\"i\": \(n)}\n\n".utf8)) }
                    exchange.endChunks()
                }
            }
            // Two events with no id and `retry: 50`, then the end; the reconnection gets 204.
            let unnamed = Counter()
            server.route("/no-ids") { exchange in
                unnamed.increment()
                guard unnamed.count == 1 else { return exchange.respond(status: 204, contentType: "text/plain", text: "") }
                exchange.beginChunks(status: 200, contentType: "text/event-stream")
                exchange.sendChunk(Array("retry: 50\ndata: one\n\ndata: two\n\n".utf8))
                exchange.endChunks()
            }
            server.route("/open", TestRoutes.eventStream(every: .milliseconds(50), on: loop, disconnected: disconnected))
            server.route("/three", TestRoutes.eventStream(every: .milliseconds(20), on: loop, count: 3))
            // Events typed in their data, the fourth `done`, and on for ever after it.
            server.route("/typed-data", TestRoutes.eventStream(every: .milliseconds(20), on: loop, requests: requests) { n in
                "id: \(n)\ndata: {\"i\": \(n), \"type\": \"\(n == 4 ? "done" : "tick")\"}\n\n"
            })
            server.route("/typed", TestRoutes.eventStream(every: .milliseconds(20), on: loop, count: 2) { n in
                n == 1 ? "event: update\nid: a-1\ndata: first\ndata: second\n\n" : ": note\ndata: [DONE]\n\n"
            })
            // One event, then only comments: alive, though no event comes for 400 ms.
            server.route("/quiet", TestRoutes.eventStream(every: .milliseconds(400), on: loop, count: 2, keepAlive: .milliseconds(40)))
            // One event, then nothing at all.
            server.route("/stalled", TestRoutes.eventStream(every: .seconds(3600), on: loop))
        }
    }

    private func server(disconnected: Flag = Flag(), resumes: Record<String> = Record(), requests: Counter = Counter()) -> TestServer {
        Self.server(disconnected: disconnected, resumes: resumes, requests: requests)
    }

    /// The lines of stdout so far that are whole.
    static func lines(_ run: LoadrunProcess) -> [String] {
        run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    private func lines(_ run: LoadrunProcess) -> [String] { Self.lines(run) }

    func testAnOpenStreamsEventsArePrintedAsTheyComeAndCtrlCEndsIt() throws {
        let disconnected = Flag()
        let server = server(disconnected: disconnected)
        let run = try LoadrunProcess(["--url", server.url("/open"), "--no-history", "-q", "--output", "json"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { lines(run).count >= 3 }, "events of a stream that never ends: \(run.standardError)")
        let events = try lines(run).prefix(3).map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
        }
        XCTAssertEqual(events.map { $0["id"] as? String }, ["1", "2", "3"], "in order, each once")
        XCTAssertEqual(events.map { $0["event"] as? String }, ["message", "message", "message"])
        XCTAssertEqual(events.map { ($0["data"] as? [String: Any])?["i"] as? Int }, [1, 2, 3], "data read as JSON")
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(), .exited(130), run.standardError)
        XCTAssertTrue(waitUntil(limit: .seconds(5)) { disconnected.isSet }, "the connection is closed")
    }

    func testAStreamThatEndsEndsTheRunWithEachEventOnALine() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/three"), "--no-history", "-q"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "#1 {\"i\":1}\n#2 {\"i\":2}\n#3 {\"i\":3}\n")
        XCTAssertEqual(run.standardError, "")
    }

    func testAnEventsTypeIDAndLinesAndAPlainDataString() throws {
        let server = server()
        let text = try LoadrunProcess(["--url", server.url("/typed"), "--no-history", "-q"])
        XCTAssertEqual(text.waitForExit(), .exited(0), text.standardError)
        XCTAssertEqual(text.standardOutput, "#a-1 update first\n  second\n#a-1 [DONE]\n", "an id stays in force, as the standard says")
        let json = try LoadrunProcess(["--url", server.url("/typed"), "--no-history", "-q", "--output", "json"])
        XCTAssertEqual(json.waitForExit(), .exited(0), json.standardError)
        XCTAssertEqual(json.standardOutput, #"""
            {"id":"a-1","event":"update","data":"first\nsecond"}
            {"id":"a-1","event":"message","data":"[DONE]"}

            """#)
    }

    /// The HTML standard's reconnection: a stream that ends is opened again after the server's
    /// `retry:` with `Last-Event-ID`, each event printed once, and the 204 that says there is
    /// no more ends the run with 0.
    func testADroppedStreamIsResumedFromItsLastEventAndA204EndsIt() throws {
        let resumes = Record<String>()
        let server = server(resumes: resumes)
        let run = try LoadrunProcess(["--url", server.url("/drops"), "--no-history", "-q", "--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let ids = try lines(run).map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)["id"] as? String
        }
        XCTAssertEqual(ids, ["1", "2", "3", "4", "5", "6"])
        XCTAssertEqual(resumes.all, ["", "3", "6"], "each connection asks for what came after the last event")
        XCTAssertEqual(run.standardError, "")
    }

    /// Issue 58: each reconnection is said on stderr, with the event it resumes after; a
    /// stream whose server gave no IDs says that what it sends again may repeat events.
    func testAReconnectionIsSaidAndWithoutIDsThatEventsMayRepeat() throws {
        let server = server()
        let resumed = try LoadrunProcess(["--url", server.url("/drops"), "--no-history", "--output", "json"])
        XCTAssertEqual(resumed.waitForExit(), .exited(0), resumed.standardError)
        XCTAssertEqual(resumed.standardError, """
            drops: \(server.url("/drops"))
            drops: the stream ended — reconnecting in 500 ms, after event 3
            drops: the stream ended — reconnecting in 500 ms (reconnection 2), after event 6

            """)
        let unnamed = try LoadrunProcess(["--url", server.url("/no-ids"), "--no-history"])
        XCTAssertEqual(unnamed.waitForExit(), .exited(0), unnamed.standardError)
        XCTAssertEqual(unnamed.standardOutput, "one\ntwo\n")
        XCTAssertEqual(unnamed.standardError, """
            no-ids: \(server.url("/no-ids"))
            no-ids: the stream ended — reconnecting in 500 ms; the server gave no event IDs, so events already shown may come again

            """)
        // NDJSON has the reconnection as a change of its own: a script sees what stderr says.
        let log = try LoadrunProcess(["--url", server.url("/drops"), "--no-history", "--output", "ndjson"])
        XCTAssertEqual(log.waitForExit(), .exited(0), log.standardError)
        let reconnections = try log.standardOutput.split(separator: "\n").compactMap { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }.filter { $0["cause"] as? String == "reconnecting" }
        XCTAssertEqual(reconnections.map { $0["retry_in_ms"] as? Int }, [500, 500])
        XCTAssertEqual(reconnections.map { $0["to"] as? String }, ["streaming", "streaming"], "the load goes on")
        let quiet = try LoadrunProcess(["--url", server.url("/drops"), "--no-history", "-q"])
        XCTAssertEqual(quiet.waitForExit(), .exited(0), quiet.standardError)
        XCTAssertEqual(quiet.standardError, "", "-q keeps it back")
    }

    /// The sample server's stream: the posts, one event each, then a reconnection that the
    /// 204 after the last post ends.
    func testTheSampleServersStreamIsThePostsThenA204() throws {
        let requests = Counter()
        let server = TestServer { server, _ in
            server.serveEvents()
            server.onRequest = { _ in requests.increment() }
        }
        let run = try LoadrunProcess(["--url", server.url("/events?every=5"), "--no-history", "-q", "--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let events = try lines(run).map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
        }
        XCTAssertEqual(events.map { $0["id"] as? String }, (1...12).map(String.init))
        XCTAssertEqual(events.map { $0["event"] as? String }, Array(repeating: "post", count: 12))
        XCTAssertEqual(events.first.flatMap { ($0["data"] as? [String: Any])?["title"] as? String }, "Loading states are a contract")
        XCTAssertEqual(requests.count, 2, "the stream, then the reconnection answered 204")
    }

    /// `--jq` runs on each event as it comes, on the object `--output json` prints for it.
    func testJQRunsOnEachEventAsItComes() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/three"), "--no-history", "-q", "--jq", ".data.i"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "1\n2\n3\n")
        let open = try LoadrunProcess(["--url", server.url("/open"), "--no-history", "-q", "--output", "json", "--jq", "[.id, .event, .data.i]"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { lines(open).count >= 2 }, open.standardError)
        XCTAssertEqual(lines(open).prefix(2), [#"["1","message",1]"#, #"["2","message",2]"#], "a line a result, as jq -c")
        open.send(SIGINT)
        XCTAssertEqual(open.waitForExit(), .exited(130), open.standardError)
    }

    /// What `debug` and `stderr` say of each event is said as it runs, as jq says it of each input.
    func testJQsDebugAndStderrSpeakForEveryEvent() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/three"), "--no-history", "--jq", ".data.i | debug | stderr | . * 10"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "10\n20\n30\n")
        for i in 1...3 {
            XCTAssertTrue(run.standardError.contains(#"["DEBUG:",\#(i)]"#), "debug, for event \(i): \(run.standardError)")
            XCTAssertTrue(run.standardErrorLines.contains("three: \(i)"), "stderr, for event \(i): \(run.standardError)")
        }
        XCTAssertEqual(run.standardError.components(separatedBy: "DEBUG:").count - 1, 3, "once an event: \(run.standardError)")
    }

    /// An LLM API's answer: a POST's stream of chunks, their tokens picked by `--jq`, the
    /// `[DONE]` a plain string (which jq 1.6's `//` does not spare an index error: `objects`
    /// passes it by), and the end of the stream the end of the run: a POST is never sent again.
    func testAPOSTsStreamOfTokensIsPickedByJQAndNotSentAgain() throws {
        let requests = Counter()
        let server = server(requests: requests)
        let run = try LoadrunProcess(["--url", server.url("/chat"), "--no-history", "-q", "-X", "POST", "--json", #"{"prompt": "hi"}"#,
                                      "--jq", ".data | objects | .choices[0].delta.content"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "Hello\n,\n world\n")
        XCTAssertEqual(requests.count, 1)
    }

    /// A program's error on an event ends the stream, after the results before it, and is
    /// not tried again: what went out would go out twice.
    func testAProgramsErrorOnAnEventEndsTheStreamOnce() throws {
        let requests = Counter()
        let server = server(requests: requests)
        let run = try LoadrunProcess(["--url", server.url("/counted"), "--no-history", "--retry", "3", "--retry-delay", "10ms",
                                      "--jq", #".data.i | if . == 2 then error("two") else . end"#])
        XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
        XCTAssertEqual(run.standardOutput, "1\n")
        XCTAssertTrue(run.standardError.contains("gave jq an error: two"), run.standardError)
        XCTAssertEqual(requests.count, 1)
    }

    /// A stream with a Content-Length is whole when that many bytes came, though the fetch
    /// kept none of them (a POST, so that its end is the run's).
    func testAStreamSentWithItsLengthIsNotCalledCutShort() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/sized"), "--no-history", "-X", "POST"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "#1 one\n")
    }

    /// Ctrl-C while the stream waits to reconnect ends the run at once.
    func testCtrlCEndsTheWaitToReconnect() throws {
        let resumes = Record<String>()
        let server = server(resumes: resumes)
        let run = try LoadrunProcess(["--url", server.url("/drops-slow"), "--no-history", "-q"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { lines(run).count == 3 }, run.standardError)
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(130), run.standardError)
        XCTAssertEqual(resumes.all, [""], "no second connection in the minute it asked for")
    }

    /// `--timeout` is the longest wait between two chunks of a stream: comments keep it alive,
    /// and silence ends it with words that say so.
    func testTheTimeoutIsTheWaitBetweenChunksWhichKeepAlivesReset() throws {
        let server = server()
        let quiet = try LoadrunProcess(["--url", server.url("/quiet"), "--no-history", "-q", "--timeout", "200ms"])
        XCTAssertEqual(quiet.waitForExit(), .exited(0), quiet.standardError)
        XCTAssertEqual(quiet.standardOutput, "#1 {\"i\":1}\n#2 {\"i\":2}\n")
        let stalled = try LoadrunProcess(["--url", server.url("/stalled"), "--no-history", "--timeout", "200ms", "--retry", "0"])
        XCTAssertEqual(stalled.waitForExit(), .exited(2), stalled.standardError)
        XCTAssertEqual(stalled.standardOutput, "#1 {\"i\":1}\n")
        XCTAssertTrue(stalled.standardError.contains("the stream from 127.0.0.1:\(server.port) sent nothing for 200 ms"), stalled.standardError)
    }

    /// The full-screen view shows a stream growing, its state line `streaming`, and Enter on
    /// an event shows it whole.
    func testTheFullScreenViewShowsAStreamGrowing() throws {
        let server = server()
        let tmux = try TmuxSession("'\(LoadrunProcess.binaryPath)' --url \(server.url("/open")) --no-history --browse; echo EXIT=$?",
                                   width: 90, height: 16)
        XCTAssertTrue(tmux.waitForScreen(containing: "#3 {\"i\":3}"), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("open · streaming"), tmux.screen())
        XCTAssertTrue(tmux.waitForScreen(containing: "#6 {\"i\":6}"), "the list grows: \(tmux.screen())")
        try tmux.send("j", "Enter")
        XCTAssertTrue(tmux.waitForScreen(containing: "an event is whole as it came"), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("id     2"), tmux.screen())
        try tmux.send("Escape")
        try tmux.send("q")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
    }

    /// Issue 58: the full-screen view shows a stream as the pipe does, its `--jq` results as
    /// items, not the events they came from, and the state its machine came to at the end.
    func testTheFullScreenViewShowsAStreamsJQResults() throws {
        let server = server()
        let tmux = try TmuxSession("'\(LoadrunProcess.binaryPath)' --url \(server.url("/chat")) -X POST -d '{}' --no-history --browse "
                                   + "--jq '.data | objects | .choices[0].delta.content'; echo EXIT=$?", width: 90, height: 16)
        XCTAssertTrue(tmux.waitForScreen(containing: "chat · loaded"), tmux.screen())
        let screen = tmux.screen()
        XCTAssertTrue(screen.contains("\nHello\n,\n world\n"), "as jq -r prints them: \(screen)")
        XCTAssertFalse(screen.contains("choices"), "the results, not the events: \(screen)")
        try tmux.send("q")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
    }

    /// A stream that is not opened again (a POST's) and ends in the middle of an event drops
    /// it, as the standard says, and says so.
    func testAStreamThatEndsMidEventSaysItDroppedIt() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/cut"), "--no-history", "-X", "POST"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "one\n")
        XCTAssertTrue(run.standardError.contains("cut: the stream ended in the middle of an event, which was dropped"), run.standardError)
    }

}
