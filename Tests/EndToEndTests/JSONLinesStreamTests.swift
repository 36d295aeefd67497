import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// JSON Lines sent with no length, with the real binary against an in-process server: a live
/// stream whose values are printed as they come, `--jq` on each, `--max-items`, NDJSON's line
/// per item, and the full-screen view growing.
final class JSONLinesStreamTests: XCTestCase {
    /// `{"i": n}` a line, one every `interval`, for ever (or `count` of them), as
    /// `contentType`; `sent` counts the values sent.
    private static func values(every interval: Duration, on loop: EventLoop, count: Int? = nil,
                               contentType: String = "application/x-ndjson", sent: Counter = Counter()) -> SampleServer.Handler {
        { exchange in
            exchange.beginChunks(status: 200, contentType: contentType)
            func next() -> Bool {
                guard !exchange.isFinished else { return false }
                sent.increment()
                exchange.sendChunk(Array("{\"i\": \(sent.count)}\n".utf8))
                if let count, sent.count >= count {
                    exchange.endChunks()
                    return false
                }
                return true
            }
            guard next() else { return }
            loop.repeating(every: interval) { next() }
        }
    }

    private func server(sent: Counter = Counter()) -> TestServer {
        TestServer { server, loop in
            server.route("/open", Self.values(every: .milliseconds(50), on: loop, sent: sent))
            server.route("/watch", Self.values(every: .milliseconds(50), on: loop, contentType: "application/json;stream=watch"))
            server.route("/three", Self.values(every: .milliseconds(10), on: loop, count: 3))
        }
    }

    /// The lines of stdout so far that are whole.
    private func lines(_ run: LoadrunProcess) -> [String] {
        run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// An open JSON Lines stream's values are printed as they come, while the server still
    /// sends, a compact line each; Ctrl-C ends it with 130.
    func testAnOpenStreamsValuesArePrintedAsTheyCome() throws {
        let sent = Counter()
        let server = server(sent: sent)
        let run = try LoadrunProcess(["--url", server.url("/open"), "--no-history", "-q"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { lines(run).count >= 3 }, run.standardError)
        XCTAssertEqual(lines(run).prefix(3), [#"{"i":1}"#, #"{"i":2}"#, #"{"i":3}"#])
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(130), run.standardError)
    }

    /// `--jq` runs on each value as it comes; Kubernetes' `application/json;stream=watch` is
    /// such a stream too.
    func testJQRunsOnEachValueAndAKubernetesWatchIsAStream() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/watch"), "--no-history", "-q", "--jq", ".i * 10"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { lines(run).count >= 2 }, run.standardError)
        XCTAssertEqual(lines(run).prefix(2), ["10", "20"])
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(130), run.standardError)
    }

    /// `--max-items N` ends a stream with its Nth item, with 0.
    func testMaxItemsEndsTheStreamWithItsLastItem() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/open"), "--no-history", "-q", "--max-items", "2", "--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "{\"i\":1}\n{\"i\":2}\n")
    }

    /// NDJSON: the transitions as for any load, `loading→streaming` before the first item,
    /// and for each item a line of its verdict (issue 58: `cause` `item`, which of the load it
    /// is, `changed`) and a line of the item, labelled with its source.
    func testNDJSONHasALineForEachItem() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/three"), "--no-history", "--output", "ndjson"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let records = try run.standardOutput.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }
        let shapes = records.map { record in
            if record["cause"] as? String == "item" { return "verdict \(record["items"] ?? "?") changed \(record["changed"] ?? "?")" }
            return record["item"].map { "item \(($0 as? [String: Any])?["i"] ?? "?") of \(record["source"] ?? "?")" }
                ?? "\(record["from"] ?? "?")→\(record["to"] ?? "?")"
        }
        XCTAssertEqual(shapes, ["idle→loading", "loading→streaming", "verdict 1 changed 1", "item 1 of three", "verdict 2 changed 1", "item 2 of three",
                                "verdict 3 changed 1", "item 3 of three", "streaming→loaded"])
    }

    /// The same values sent with their length are a document: read whole, as a table.
    func testValuesSentWithTheirLengthAreADocument() throws {
        let server = TestServer { server, _ in
            server.route("/whole", TestRoutes.fixed(contentType: "application/x-ndjson", "{\"id\": 1}\n{\"id\": 2}\n"))
        }
        let run = try LoadrunProcess(["--output", "text", "--url", server.url("/whole"), "--no-history"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "id\n 1\n 2\n")
    }

    /// The sample server's JSON Lines stream: the posts, a line each, as they come.
    func testTheSampleServersJSONLinesStreamIsThePosts() throws {
        let server = TestServer { server, _ in server.serveEvents() }
        let run = try LoadrunProcess(["--url", server.url("/events.jsonl?every=5"), "--no-history", "-q", "--jq", ".id"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, (1...12).map { "\($0)\n" }.joined())
    }
}
