import Foundation
import Loader
@testable import LoadrunCLI
import Plan
import Plugins
@testable import Store
import XCTest

/// The history recorder carrying out the verdicts' steps on a real history file: which loads
/// make a version, which only move the last one's time, and which keep nothing.
final class HistoryRecorderTests: XCTestCase {
    private let registry = PluginRegistry.default()
    private let url = "https://example.com/posts"
    private var directory: String!
    private var problems: [StoreProblem] = []

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-history-\(UUID().uuidString)").path
        problems = []
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
        XCTAssertEqual(problems.map(\.description), [])
    }

    func testANewVersionKeepsTheServersBodyAndSeenAgainMovesItsTime() throws {
        let (recorder, store) = try make()
        recorder.record(posts([1, 2], body: 7), first: first("[1,2]"), step: .newVersion, status: 200, ofSource: 0, pages: 1)
        recorder.finish(waitsForLock: true)
        let (again, _) = try make()
        again.record(posts([1, 2], body: 7), first: first("[1,2]"), step: .seenAgain, status: 304, ofSource: 0, pages: 1)
        again.finish(waitsForLock: true)
        let source = try XCTUnwrap(store.sources()?.first)
        XCTAssertEqual(source.url, url)
        let versions = try XCTUnwrap(store.versions(of: source.id))
        XCTAssertEqual(versions.map(\.number), [1], "seen again is no new version")
        XCTAssertEqual(versions.first?.fingerprint, 7)
        XCTAssertEqual(versions.first?.status, 200)
        XCTAssertEqual(versions.first?.items?.count, 2)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(versions.first?.lastSeen), try XCTUnwrap(versions.first?.seenAt))
        let stored = try XCTUnwrap(store.version(1, of: source.id))
        XCTAssertEqual(stored.body.map { String(decoding: $0, as: UTF8.self) }, "[1,2]", "what the server sent, not a rendering")
        XCTAssertEqual(stored.contentType, "application/json")
    }

    /// A version seen again waits to move its time, and goes before a new version that
    /// follows it: written after, it would be taken for a version newer than that one.
    func testSeenAgainThenChangedKeepsTheOrderOfTheVersions() throws {
        let (recorder, store) = try make()
        recorder.record(posts([1], body: 7), first: first("[1]"), step: .newVersion, status: 200, ofSource: 0, pages: 1)
        recorder.finish(waitsForLock: true)
        let (again, _) = try make()
        for _ in 0..<3 { again.record(posts([1], body: 7), first: first("[1]"), step: .seenAgain, status: 304, ofSource: 0, pages: 1) }
        again.record(posts([1, 2], body: 8), first: first("[1,2]"), step: .newVersion, status: 200, ofSource: 0, pages: 1)
        again.record(posts([1, 2], body: 8), first: first("[1,2]"), step: .seenAgain, status: 304, ofSource: 0, pages: 1)
        again.finish(waitsForLock: true)
        let source = try XCTUnwrap(store.sources()?.first)
        let versions = try XCTUnwrap(store.versions(of: source.id)).sorted { $0.number < $1.number }
        XCTAssertEqual(versions.map(\.number), [1, 2])
        XCTAssertEqual(versions.map(\.fingerprint), [7, 8])
        XCTAssertLessThanOrEqual(versions[0].lastSeen, versions[1].seenAt)
        XCTAssertGreaterThanOrEqual(versions[1].lastSeen, versions[1].seenAt)
    }

    func testAConfirmedCopyIsRecordedAsThe200ItWas() throws {
        let (recorder, store) = try make()
        recorder.record(posts([1], body: 9), first: first("[1]"), step: .newVersion, status: 304, ofSource: 0, pages: 1)
        recorder.finish(waitsForLock: true)
        let source = try XCTUnwrap(store.sources()?.first)
        XCTAssertEqual(try XCTUnwrap(store.versions(of: source.id)).map(\.status), [200])
    }

    func testLoadsThatBringNoVersionKeepNothing() throws {
        let (recorder, store) = try make()
        recorder.record(posts([1], body: 3), first: first("[1]"), step: .none, status: 200, ofSource: 0, pages: 1)
        recorder.record(posts([1], body: 4), first: nil, step: .newVersion, status: 200, ofSource: 0, pages: 1)
        recorder.record(posts([1], body: 5), first: first("[1]"), step: .seenAgain, status: 200, ofSource: 0, pages: 1)
        recorder.finish(waitsForLock: true)
        XCTAssertEqual(store.sources()?.count ?? 0, 0, "no step, no body, and seen again of a version never kept: no row")
    }

    func testSeveralPagesKeepTheListTheyMake() throws {
        let (recorder, store) = try make()
        recorder.record(posts([1, 2, 3], body: 11), first: nil, step: .newVersion, status: 200, ofSource: 0, pages: 2)
        recorder.finish(waitsForLock: true)
        let source = try XCTUnwrap(store.sources()?.first)
        let stored = try XCTUnwrap(store.version(1, of: source.id))
        XCTAssertEqual(stored.contentType, "application/json")
        let body = try XCTUnwrap(stored.body)
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body)) as? [[String: Any]])
        XCTAssertEqual(list.compactMap { $0["id"] as? Int }, [1, 2, 3])
    }

    // MARK: Helpers

    /// Issue 57: marks made with `M` while another process held the history's lock for 2 s
    /// were lost for good. They wait, as versions do, and the run's end writes them.
    func testReadMarksAnotherProcesssLockKeptOutAreWrittenLater() throws {
        let (recorder, store) = try make()
        recorder.record(posts([1, 2], body: 7), first: first("[1,2]"), step: .newVersion, status: 200, ofSource: 0, pages: 1)
        recorder.finish(waitsForLock: true)
        let other = try SQLiteDatabase(path: store.path)
        try other.execute("BEGIN IMMEDIATE")
        recorder.mark(["id:1"], of: url, read: true, at: 1_000)
        recorder.mark(["id:2"], of: url, read: true, at: 2_000)
        XCTAssertEqual(store.readItems(of: [url])?[url] ?? [], [], "kept out by the lock")
        XCTAssertEqual(problems.map(\.description).filter { $0.contains("stayed locked by another process; what this run records") }.count, 1,
                       problems.map(\.description).joined(separator: "\n"))
        try other.execute("COMMIT")
        recorder.finish(waitsForLock: true)
        XCTAssertEqual(store.readItems(of: [url])?[url], ["id:1", "id:2"], "written once the lock was gone")
        problems = []
    }

    private func make() throws -> (HistoryRecorder, HistoryStore) {
        let plan = RunPlan(sourceNames: [], urls: [url], all: false, settings: SourceSettings())
        let files = URLInput.Files(directory: "/", environment: [:], read: { _, _ in .failure(.missing) },
                                   readStandardInput: { _ in .success([]) }) { _ in false }
        let requests = try plan.requests(catalog: SourceCatalog(), registry: registry, environment: [:], files: files).requests
        XCTAssertNotNil(requests.first?.historyKeep, "a URL's loads are kept by default")
        let store = HistoryStore(directory: directory) { [unowned self] in problems.append($0) }
        return (HistoryRecorder(store: store, plugins: registry, loop: EventLoop(), requests: requests), store)
    }

    private func posts(_ ids: [Int], body: UInt64) -> AnyContent {
        AnyContent(ids.map { Post(id: $0, title: "title \($0)", body: "body \($0)") }, decoder: PostsPlugin()).fingerprinted(body: body)
    }

    private func first(_ body: String) -> ServedPage {
        ServedPage(info: ResponseInfo(url: url, headers: HTTPHeaders([("Content-Type", "application/json")])), bytes: Array(body.utf8))
    }
}
