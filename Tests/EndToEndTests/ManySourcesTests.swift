import Foundation
import TestSupport
import XCTest

/// Several sources in one run of the binary: concurrency limits, order of output, exit codes,
/// and the copy store across runs.
final class ManySourcesTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-many-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func sourcesFile(_ groups: [(name: String, url: String)]) throws -> String {
        let path = directory.appendingPathComponent("sources.conf").path
        let text = groups.map { "[source \($0.name)]\nurl=\($0.url)\nplugin=posts\nretry=0\n" }.joined(separator: "\n")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testFiveHundredSourcesOnOneSlowHostKeepToThePerHostLimit() throws {
        let gauge = ConnectionGauge()
        let server = TestServer { server, loop in
            server.route("/slow", gauge.slowRoute(delay: .milliseconds(10), body: Fixtures.posts(1), loop: loop))
        }
        let path = try sourcesFile((1...500).map { ("s\($0)", server.url("/slow?n=\($0)")) })
        let run = try LoadrunProcess(["--config", path, "--all", "--output", "json"])
        XCTAssertEqual(run.waitForExit(limit: .seconds(60)), .exited(0), run.standardError)
        XCTAssertEqual(gauge.answered, 500)
        XCTAssertEqual(gauge.peakInFlight, 6, "--max-per-host defaults to 6, and the server never saw more at once")
        XCTAssertLessThanOrEqual(gauge.connections, 6)
        // One labelled line per source of the file, and no built-in: --all loads what is configured.
        let lines = run.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 500)
        let names = lines.compactMap { line in line.hasPrefix(#"{"source":"s"#) ? String(line.split(separator: "\"")[3]) : nil }
        XCTAssertEqual(Set(names), Set((1...500).map { "s\($0)" }))

        let narrow = ConnectionGauge()
        let second = TestServer { server, loop in
            server.route("/slow", narrow.slowRoute(delay: .milliseconds(10), body: Fixtures.posts(1), loop: loop))
        }
        let urls = (1...60).flatMap { ["--url", second.url("/slow?n=\($0)")] }
        let limited = try LoadrunProcess(urls + ["--plugin", "posts", "--max-per-host", "2", "--output", "json"])
        XCTAssertEqual(limited.waitForExit(limit: .seconds(60)), .exited(0), limited.standardError)
        XCTAssertEqual(narrow.peakInFlight, 2)
        XCTAssertEqual(narrow.answered, 60)
    }

    func testEachSourcePrintsInOrderAsSoonAsItAndThoseBeforeItAreDone() throws {
        let releaseSlow = Flag()
        let server = TestServer { server, loop in
            server.route("/fast", TestRoutes.fixed(Fixtures.posts(1)))
            server.route("/slow", TestRoutes.held(until: releaseSlow, on: loop, body: Fixtures.posts(2)))
            server.route("/medium", TestRoutes.delayed(.milliseconds(300), on: loop, body: Fixtures.posts(3)))
        }
        let run = try LoadrunProcess(["--url", server.url("/medium"), "--url", server.url("/fast"), "--url", server.url("/slow"),
                                      "--plugin", "posts"])
        // medium and fast are out while slow is still held: they do not wait for the whole run.
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { run.standardOutput.contains("==> fast <==") }, run.standardOutput)
        XCTAssertFalse(run.standardOutput.contains("==> slow <=="))
        releaseSlow.set()
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let headers = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("==> ") }
        XCTAssertEqual(headers, ["==> medium <==", "==> fast <==", "==> slow <=="], "the order given, not the order finished")
        XCTAssertEqual(run.standardError, "", "one line per source on stderr would bury the content")
    }

    func testSomeFailingExit1WithTheOthersShownAndAllFailingExit2() throws {
        let server = TestServer { server, _ in
            server.route("/ok", TestRoutes.fixed(Fixtures.posts(2)))
            server.route("/broken", TestRoutes.fixed(status: 500, "oops"))
        }
        let some = try LoadrunProcess(["--url", server.url("/ok"), "--url", server.url("/broken"), "--url", server.url("/ok?again"),
                                       "--plugin", "posts", "--no-retry"])
        XCTAssertEqual(some.waitForExit(), .exited(1))
        XCTAssertEqual(some.standardOutput.split(separator: "\n").filter { $0.hasPrefix("==> ") }, ["==> ok <==", "==> ok-2 <=="])
        XCTAssertEqual(some.standardErrorLines, ["broken: HTTP 500 Internal Server Error from 127.0.0.1:\(server.port) — the server failed; try again later"])

        let all = try LoadrunProcess(["--url", server.url("/broken"), "--url", server.url("/broken?again"), "--plugin", "posts", "--no-retry"])
        XCTAssertEqual(all.waitForExit(), .exited(2))
        XCTAssertEqual(all.standardOutput, "")
        XCTAssertEqual(all.standardErrorLines.count, 2)
    }

    func testASecondRunRevalidatesItsStoredCopyAndTransfersNoBody() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let cache = directory.appendingPathComponent("cache").path
        let arguments = ["--source", "posts", "--url", server.url("/posts")]
        let first = try LoadrunProcess(arguments, environment: ["XDG_CACHE_HOME": cache, "XDG_STATE_HOME": cache + "-state"])
        XCTAssertEqual(first.waitForExit(), .exited(0), first.standardError)
        let oneBody = backend.tally.bodyBytes
        XCTAssertGreaterThan(oneBody, 0)

        let second = try LoadrunProcess(arguments, environment: ["XDG_CACHE_HOME": cache, "XDG_STATE_HOME": cache + "-state"])
        XCTAssertEqual(second.waitForExit(), .exited(0), second.standardError)
        XCTAssertEqual(second.standardOutput, first.standardOutput, "the cached body, shown as before")
        XCTAssertEqual(backend.tally.requests, 2)
        XCTAssertEqual(backend.tally.conditional, 1, "the second run asked whether it changed")
        XCTAssertEqual(backend.tally.notModified, 1)
        XCTAssertEqual(backend.tally.bodyBytes, oneBody, "and no body came the second time")

        let uncached = try LoadrunProcess(arguments + ["--no-cache"], environment: ["XDG_CACHE_HOME": cache, "XDG_STATE_HOME": cache + "-state"])
        XCTAssertEqual(uncached.waitForExit(), .exited(0))
        XCTAssertEqual(backend.tally.conditional, 1, "--no-cache asks plainly")
        XCTAssertEqual(backend.tally.bodyBytes, 2 * oneBody)

        backend.setPosts(4)
        let changed = try LoadrunProcess(arguments, environment: ["XDG_CACHE_HOME": cache, "XDG_STATE_HOME": cache + "-state"])
        XCTAssertEqual(changed.waitForExit(), .exited(0))
        XCTAssertTrue(changed.standardOutput.contains("Post number 4"), "a changed resource comes in full")
    }

    func testNDJSONLabelsEverySourcesTransitions() throws {
        let server = TestServer { server, _ in
            server.route("/a", TestRoutes.fixed(Fixtures.posts(1)))
            server.route("/b", TestRoutes.fixed(Fixtures.posts(2)))
        }
        let run = try LoadrunProcess(["--url", server.url("/a"), "--url", server.url("/b"), "--plugin", "posts", "--output", "ndjson"])
        XCTAssertEqual(run.waitForExit(), .exited(0))
        let records = try run.standardOutput.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let transitions = Set(records.map { "\($0["source"] ?? "") \($0["cause"] ?? "")" })
        XCTAssertEqual(transitions, ["a started", "a succeeded", "b started", "b succeeded"])
    }
}
