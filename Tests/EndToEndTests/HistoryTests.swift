import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import XCTest

/// The history across runs of the real binary, against a real server whose list the test
/// changes between runs: `loadrun history`, its diffs, `--keep`, `--unseen`, many processes
/// at once, and a damaged file.
final class HistoryTests: XCTestCase {
    private var state: String!

    override func setUpWithError() throws {
        state = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-state-\(UUID().uuidString)").path
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: state)
    }

    private var environment: [String: String] { ["XDG_STATE_HOME": state] }
    private var historyFile: String { state + "/loadrun/history.sqlite" }

    private func server(_ document: ChangingDocument) -> TestServer {
        TestServer { server, _ in server.route("/posts", document.handler()) }
    }

    /// Runs loadrun to its end; it must exit `status`.
    @discardableResult
    private func run(_ arguments: [String], status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> LoadrunProcess {
        let run = try LoadrunProcess(arguments, environment: environment)
        XCTAssertEqual(run.waitForExit(), .exited(status), "\(arguments): \(run.standardError)", file: file, line: line)
        return run
    }

    private func json(_ run: LoadrunProcess) throws -> [[String: Any]] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]], run.standardOutput)
    }

    func testTwoRunsWithAChangeAreTwoVersionsAndTheDiffShowsTheAddedItems() throws {
        let document = ChangingDocument(Fixtures.posts(3))
        let server = server(document)
        try run(["--url", server.url("/posts"), "--plugin", "posts"])
        try run(["--url", server.url("/posts"), "--plugin", "posts"])
        document.set(Fixtures.posts(5))
        try run(["--url", server.url("/posts"), "--plugin", "posts"])

        let sources = try json(run(["history", "--output", "json"]))
        XCTAssertEqual(sources.count, 1)
        XCTAssertEqual(sources[0]["name"] as? String, "posts")
        XCTAssertEqual(sources[0]["versions"] as? Int, 2, "the same content again is no version")

        let listing = try run(["history", "posts"])
        let rows = listing.standardOutput.split(separator: "\n").dropFirst()
        XCTAssertEqual(rows.count, 2, listing.standardOutput)
        XCTAssertTrue(rows.first?.hasPrefix("2\t20") == true, "newest first, with its time: \(listing.standardOutput)")
        XCTAssertTrue(rows.first?.hasSuffix("\t+2 items") == true, listing.standardOutput)
        XCTAssertTrue(rows.last?.hasSuffix("\tfirst") == true, listing.standardOutput)
        let versions = try json(run(["history", "posts", "--output", "json"]))
        XCTAssertEqual(versions.map { $0["version"] as? Int }, [2, 1])
        XCTAssertEqual(versions[0]["added"] as? Int, 2)
        XCTAssertNotNil(versions[1]["time"] as? String)

        let diff = try run(["history", "posts", "--diff"])
        let changed = diff.standardOutput.split(separator: "\n").dropFirst()
        XCTAssertFalse(changed.isEmpty, diff.standardOutput)
        XCTAssertTrue(changed.allSatisfy { $0.hasPrefix("+ ") }, "only added items: \(diff.standardOutput)")
        XCTAssertTrue(diff.standardOutput.contains("Post number 4") && diff.standardOutput.contains("Post number 5"), diff.standardOutput)
        XCTAssertFalse(diff.standardOutput.contains("Post number 3"), diff.standardOutput)

        let shown = try run(["history", "posts", "--show", "1", "--output", "json"])
        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(first.count, 3, "version 1 as it was loaded")
    }

    func testUnseenShowsOnlyTheNewItemsAndThenNothing() throws {
        let document = ChangingDocument(Fixtures.posts(3))
        let server = server(document)
        let arguments = ["--url", server.url("/posts"), "--plugin", "posts", "--unseen"]
        let first = try run(arguments)
        XCTAssertTrue(first.standardOutput.contains("Post number 1") && first.standardOutput.contains("Post number 3"), "the first run shows all")
        document.set(Fixtures.posts(5))
        let grown = try run(arguments)
        XCTAssertTrue(grown.standardOutput.contains("Post number 4") && grown.standardOutput.contains("Post number 5"), grown.standardOutput)
        XCTAssertFalse(grown.standardOutput.contains("Post number 3"), "no item shown before: \(grown.standardOutput)")
        let again = try run(arguments)
        XCTAssertEqual(again.standardOutput, "")
        XCTAssertTrue(again.standardErrorLines.contains { $0.hasPrefix("posts: nothing new since ") }, again.standardError)
        let json = try run(arguments + ["--output", "json"])
        XCTAssertEqual(json.standardOutput, "[]\n", "nothing new is the list with no items, for | jq length")
        document.set(Fixtures.posts(6))
        let newJSON = try self.json(run(arguments + ["--output", "json"]))
        XCTAssertEqual(newJSON.map { $0["id"] as? Int }, [6])
        // What a run without --unseen showed counts too.
        document.set(Fixtures.posts(7))
        try run(["--url", server.url("/posts"), "--plugin", "posts"])
        let afterPlainRun = try run(arguments)
        XCTAssertEqual(afterPlainRun.standardOutput, "", afterPlainRun.standardOutput)
        // The same URL under another name (named beside another URL) is the same source.
        let other = try run(["--url", server.url("/posts"), "--url", server.url("/posts?page=2"), "--plugin", "posts", "--unseen"])
        let firstSection = other.standardOutput.components(separatedBy: "==> posts-2 <==")[0]
        XCTAssertEqual(firstSection, "", "nothing new for the same URL, and no header over nothing: \(other.standardOutput)")
        XCTAssertTrue(other.standardError.contains("nothing new"), other.standardError)
    }

    /// A sources file's max-items would hide new items that the next run then counts as shown:
    /// `--unseen` shows every new one, as `--max-items` beside it is refused.
    func testUnseenShowsEveryNewItemWhateverTheSourcesFilesMaxItems() throws {
        let document = ChangingDocument(Fixtures.posts(5))
        let server = server(document)
        let config = state + "/sources.conf"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try "[defaults]\nmax-items=2\n\n[source five]\nurl=\(server.url("/posts"))\nplugin=posts\n".write(toFile: config, atomically: true, encoding: .utf8)
        let first = try run(["--config", config, "--source", "five", "--unseen"])
        XCTAssertTrue((1...5).allSatisfy { first.standardOutput.contains("Post number \($0)") }, "all five: \(first.standardOutput)")
        XCTAssertFalse(first.standardOutput.contains("more"), first.standardOutput)
        let plain = try run(["--config", config, "--source", "five"])
        XCTAssertTrue(plain.standardOutput.contains("… 3 more"), "without --unseen the file's max-items holds: \(plain.standardOutput)")
    }

    func testUnseenOnContentThatIsNoListShowsItWholeAndSaysSo() throws {
        let document = ChangingDocument(#"{"state": "done"}"#)
        let server = server(document)
        let run = try run(["--url", server.url("/posts"), "--unseen"])
        XCTAssertTrue(run.standardOutput.contains("done"), run.standardOutput)
        XCTAssertTrue(run.standardError.contains("--unseen picks the new items of a list or a feed; this is no list, shown whole"), run.standardError)
    }

    func testKeepBoundsTheVersionsAndNoHistoryRecordsNothing() throws {
        let document = ChangingDocument(Fixtures.posts(1))
        let server = server(document)
        for count in 1...6 {
            document.set(Fixtures.posts(count))
            try run(["--url", server.url("/posts"), "--plugin", "posts", "--keep", "4", "--no-cache"])
        }
        XCTAssertEqual(try json(run(["history", "posts", "--output", "json"])).map { $0["version"] as? Int }, [6, 5, 4, 3])
        document.set(Fixtures.posts(7))
        try run(["--url", server.url("/posts"), "--plugin", "posts", "--no-history"])
        XCTAssertEqual(try json(run(["history", "posts", "--output", "json"])).first?["version"] as? Int, 6, "--no-history records nothing")
    }

    func testASourcesFileSetsKeepAndHistoryPerSource() throws {
        let document = ChangingDocument(Fixtures.posts(1))
        let server = server(document)
        let config = state + "-sources.conf"
        defer { try? FileManager.default.removeItem(atPath: config) }
        try """
            [source kept]
            url=\(server.url("/posts"))
            plugin=posts
            keep=2
            [source unkept]
            url=\(server.url("/posts"))
            plugin=posts
            history=no
            """.write(toFile: config, atomically: true, encoding: .utf8)
        for count in 1...3 {
            document.set(Fixtures.posts(count))
            try run(["--config", config, "--all"])
        }
        let sources = try json(run(["history", "--output", "json"]))
        XCTAssertEqual(sources.map { $0["name"] as? String }, ["kept"])
        XCTAssertEqual(sources.first?["versions"] as? Int, 2)
    }

    func testEightProcessesAtOnceRecordEverySourceWithoutALockError() throws {
        let server = TestServer { server, _ in
            for index in 0..<8 { server.route("/s\(index)", TestRoutes.fixed(Fixtures.posts(index + 1))) }
        }
        let runs = try (0..<8).map { index in
            try LoadrunProcess(["--url", server.url("/s\(index)"), "--url", server.url("/s\((index + 1) % 8)"), "--plugin", "posts"],
                               environment: environment)
        }
        for run in runs {
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
            XCTAssertFalse(run.standardError.contains("locked") || run.standardError.contains("busy"), run.standardError)
        }
        let sources = try json(run(["history", "--output", "json"]))
        XCTAssertEqual(Set(sources.compactMap { $0["name"] as? String }), Set((0..<8).map { "s\($0)" }))
        XCTAssertTrue(sources.allSatisfy { $0["versions"] as? Int == 1 }, "each one version, seen twice: \(sources)")
    }

    func testAHistoryOverwrittenWithGarbageIsMovedAsideAndTheLoadGoesOn() throws {
        let document = ChangingDocument(Fixtures.posts(2))
        let server = server(document)
        try run(["--url", server.url("/posts"), "--plugin", "posts"])
        try Data(repeating: 0x42, count: 16_384).write(to: URL(fileURLWithPath: historyFile))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: historyFile + suffix) }
        let damaged = try run(["--url", server.url("/posts"), "--plugin", "posts"])
        XCTAssertTrue(damaged.standardOutput.contains("Post number 2"), "the load went on: \(damaged.standardOutput)")
        let warnings = damaged.standardErrorLines.filter { $0.hasPrefix("loadrun: warning: the history \(historyFile) is damaged") }
        XCTAssertEqual(warnings.count, 1, damaged.standardError)
        let sources = try json(run(["history", "--output", "json"]))
        XCTAssertEqual(sources.first?["versions"] as? Int, 1, "the new history has the load that met the damage")
    }

    func testTheFullScreenViewStepsIntoEarlierRunsVersionsMarkedWithTheirDate() throws {
        try TmuxSession.requireTmux()
        let document = ChangingDocument(Fixtures.posts(3))
        let server = server(document)
        try run(["--url", server.url("/posts"), "--plugin", "posts"])
        document.set(Fixtures.posts(4))
        try run(["--url", server.url("/posts"), "--plugin", "posts"])
        document.set(Fixtures.posts(5))
        let tmux = try TmuxSession("XDG_STATE_HOME='\(state!)' '\(LoadrunProcess.binaryPath)' --url \(server.url("/posts")) --plugin posts --watch 1h; echo EXIT=$?",
                                   width: 120, height: 30)
        XCTAssertTrue(tmux.waitForScreen(containing: "Post number 5"), tmux.screen())
        try tmux.send("[")
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { !tmux.screen().contains("Post number 5") }, "an earlier run's version: \(tmux.screen())")
        XCTAssertTrue(tmux.screen().contains("Post number 4"), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("version 2 of 3, 20"), "marked with its date: \(tmux.screen())")
        try tmux.send("[")
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { !tmux.screen().contains("Post number 4") }, tmux.screen())
        XCTAssertTrue(tmux.screen().contains("version 1 of 3"), tmux.screen())
        try tmux.send("]", "]")
        XCTAssertTrue(tmux.waitForScreen(containing: "Post number 5"), "back to this run's: \(tmux.screen())")
        try tmux.send("q")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
    }

    func testAnEarlierRunsVersionIsTheServersContentWhateverProgramShowedIt() throws {
        try TmuxSession.requireTmux()
        let document = ChangingDocument(Fixtures.posts(3))
        let server = server(document)
        try run(["--url", server.url("/posts"), "--jq", "[.[] | {id, title}]"])
        document.set(Fixtures.posts(4))
        let tmux = try TmuxSession("XDG_STATE_HOME='\(state!)' '\(LoadrunProcess.binaryPath)' --url \(server.url("/posts")) --plugin posts --watch 1h; echo EXIT=$?",
                                   width: 120, height: 30)
        XCTAssertTrue(tmux.waitForScreen(containing: "Post number 4"), tmux.screen())
        try tmux.send("[")
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { !tmux.screen().contains("Post number 4") }, "the earlier run's version: \(tmux.screen())")
        XCTAssertTrue(tmux.screen().contains("Post number 3") && tmux.screen().contains("version 1 of 2"),
                      "shown by this run's posts view, not the jq results that run printed: \(tmux.screen())")
        try tmux.send("q")
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT=0"), tmux.screen())
    }
}
