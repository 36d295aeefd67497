import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import XCTest

/// One verdict per load, through the real binary against a real server: a change to a field
/// the view hides is a change to NDJSON, `--on-change`, the waits and the history alike; a
/// view of unchanged content, or an action beside it, is no new version.
final class VerdictTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-verdict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Every run of a test shares one history and one copy store.
    private var environment: [String: String] { ["XDG_STATE_HOME": path("state"), "XDG_CACHE_HOME": path("cache")] }

    /// Two posts by user `user`, the first titled `title`: the posts view shows titles and
    /// bodies, never the user.
    private func posts(user: Int, title: String) -> String {
        #"[{"userId": \#(user), "id": 1, "title": "\#(title)", "body": "first body"}, {"userId": \#(user), "id": 2, "title": "two", "body": "second body"}]"#
    }

    private func server(_ document: ChangingDocument) -> TestServer {
        TestServer { server, _ in server.route("/posts", document.handler()) }
    }

    /// How many lines the file `name` has.
    private func lines(_ name: String) -> Int {
        ((try? String(contentsOfFile: path(name), encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// Runs loadrun to its end; it must exit `status`.
    @discardableResult
    private func run(_ arguments: [String], status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> LoadrunProcess {
        let run = try LoadrunProcess(arguments, environment: environment)
        XCTAssertEqual(run.waitForExit(), .exited(status), "\(arguments): \(run.standardError)", file: file, line: line)
        return run
    }

    /// How many versions the history holds of its one source.
    private func versions() throws -> Int? {
        let listing = try run(["history", "--output", "json"])
        let sources = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listing.standardOutput.utf8)) as? [[String: Any]], listing.standardOutput)
        XCTAssertEqual(sources.count, 1, listing.standardOutput)
        return sources.first?["versions"] as? Int
    }

    func testHiddenFieldChangesAreChangesToNDJSONTheCommandAndTheHistory() throws {
        let document = ChangingDocument(posts(user: 1, title: "one"))
        let server = server(document)
        let watch = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts", "--watch", "300ms", "--output", "ndjson",
                                        "--on-change", "echo ran >> '\(path("runs"))'"], environment: environment)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 2 }, watch.standardError)
        document.set(posts(user: 2, title: "one"))
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { lines("runs") == 1 }, watch.standardError)
        document.set(posts(user: 3, title: "one"))
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { lines("runs") == 2 }, watch.standardError)
        document.set(posts(user: 3, title: "changed"))
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { lines("runs") == 3 }, watch.standardError)
        // One more load of the same content: no change, no run.
        let seen = document.requests
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= seen + 2 })
        watch.send(SIGTERM)
        XCTAssertEqual(watch.waitForExit(), .exited(143), watch.standardError)

        let loads = watch.standardOutput.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }.filter { $0["cause"] as? String == "succeeded" }
        XCTAssertGreaterThanOrEqual(loads.count, 6, watch.standardOutput)
        XCTAssertEqual(loads.map { $0["changed"] as? Bool }.filter { $0 == true }.count, 4, "the first load and three changes: \(watch.standardOutput)")
        XCTAssertEqual(lines("runs"), 3, "one run per change, two of them in a field the view hides")
        XCTAssertEqual(try versions(), 4)
    }

    func testUntilChangeEndsAtAChangeToAHiddenField() throws {
        let document = ChangingDocument(posts(user: 1, title: "one"))
        let server = server(document)
        let wait = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts", "--watch", "50ms", "--until-change", "--no-history"],
                                      environment: environment)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 3 }, wait.standardError)
        document.set(posts(user: 2, title: "one"))
        XCTAssertEqual(wait.waitForExit(), .exited(0), wait.standardError)
    }

    func testAWatchOnAPipeSaysAChangeItsViewDoesNotShow() throws {
        let document = ChangingDocument(posts(user: 1, title: "one"))
        let server = server(document)
        let watch = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "posts", "--watch", "50ms", "--no-history"],
                                       environment: environment)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 2 }, watch.standardError)
        document.set(posts(user: 2, title: "one"))
        XCTAssertTrue(watch.waitForStandardError(containing: "posts: changed: fields not shown"), watch.standardError)
        watch.send(SIGTERM)
        XCTAssertEqual(watch.waitForExit(), .exited(143), watch.standardError)
        XCTAssertEqual(watch.standardOutput.components(separatedBy: "==> posts at").count, 2, "printed once: \(watch.standardOutput)")
    }

    func testViewsOfUnchangedContentAndActionsBesideItAreNoNewVersions() throws {
        let document = ChangingDocument(posts(user: 1, title: "one"))
        let server = server(document)
        let url = server.url("/posts")
        try run(["--url", url])
        try run(["--url", url, "--jq", ".[0].title"])
        try run(["--url", url, "--output", "json"])
        try run(["--url", url, "--max-items", "1"])
        try run(["--url", url, "-X", "DELETE"])
        try run(["--url", url])
        XCTAssertEqual(try versions(), 1)
    }

    func testTwoPipesIntoStandardInputAreNotVersionsOfOneSource() throws {
        let first = try LoadrunProcess(shell: #"echo '[1, 2]' | "$LOADRUN" --url -"#, environment: environment)
        XCTAssertEqual(first.waitForExit(), .exited(0), first.standardError)
        let second = try LoadrunProcess(shell: #"echo '[3]' | "$LOADRUN" --url -"#, environment: environment)
        XCTAssertEqual(second.waitForExit(), .exited(0), second.standardError)
        let listing = try run(["history", "--output", "json"])
        XCTAssertEqual(listing.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines), "[]", listing.standardOutput)
    }
}
