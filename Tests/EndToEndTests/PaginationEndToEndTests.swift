import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// --pages, --all-pages and --page-param against the sample server, which pages both ways.
final class PaginationEndToEndTests: XCTestCase {
    private func ids(_ arguments: [String]) throws -> [Int] {
        let run = try LoadrunProcess(arguments + ["--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let posts = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        return posts.compactMap { $0["id"] as? Int }
    }

    /// Issue 58's review: a wait's program judges the list a chain of pages makes, once, at
    /// the chain's end, never a first page on its way: `length == 10` holds on the first load.
    func testAWaitJudgesTheWholeChainOfPages() throws {
        let server = TestServer { server, _ in server.serveSampleContent() }
        let run = try LoadrunProcess(["--url", server.url("/posts?page=1&per_page=5"), "--pages", "2", "--until", "length == 10",
                                      "--until-timeout", "20s", "--output", "ndjson"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let records = try run.standardOutput.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }
        let judged = records.filter { $0["condition_met"] is Bool }
        XCTAssertEqual(judged.map { $0["condition_met"] as? Bool }, [true], "one verdict, on both pages: \(run.standardOutput)")
        XCTAssertEqual(records.filter { $0["cause"] as? String == "started" }.count, 2, "two pages, one load")
    }

    func testPagesFollowLinkHeaders() throws {
        let server = TestServer { server, _ in server.serveSampleContent() }
        let first = server.url("/posts?page=1&per_page=5")
        XCTAssertEqual(try ids(["--url", first]), Array(1...5))
        XCTAssertEqual(try ids(["--url", first, "--pages", "2"]), Array(1...10))
        XCTAssertEqual(try ids(["--url", first, "--all-pages"]), Array(1...12))
    }

    func testPageParameterNumbersThePages() throws {
        let server = TestServer { server, _ in server.serveSampleContent() }
        XCTAssertEqual(try ids(["--url", server.url("/posts"), "--page-param", "page", "--per-page", "4", "--pages", "2"]), Array(1...8))
        XCTAssertEqual(try ids(["--url", server.url("/posts"), "--page-param", "page", "--per-page", "5", "--all-pages"]), Array(1...12))
    }

    func testPagingOptionsAreValidated() throws {
        for arguments in [["--pages", "0"], ["--pages", "2", "--all-pages"], ["--per-page", "3"]] {
            let run = try LoadrunProcess(arguments)
            XCTAssertEqual(run.waitForExit(), .exited(64), "\(arguments)")
        }
    }

    private func chain(_ next: @escaping @Sendable (Int) -> String?) -> TestServer {
        TestServer(pageChain: next) { #"{"id": \#($0), "title": "t", "body": "b"}"# }
    }

    func testAPageChainThatLoopsIsStoppedAndSaidSo() throws {
        let server = chain { $0 == 3 ? "/p?n=1" : "/p?n=\($0 + 1)" }
        let run = try LoadrunProcess(["--url", server.url("/p?n=1"), "--all-pages", "--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.contains("\"id\": 3"), run.standardOutput)
        XCTAssertTrue(run.standardError.contains("stopped paging: the next link points back to"), run.standardError)
    }

    func testANextLinkToAnotherHostNeedsFollowCrossHost() throws {
        let other = chain { _ in nil }
        let otherPage = other.url("/p?n=2")
        let server = chain { $0 == 1 ? otherPage : nil }
        let refused = try LoadrunProcess(["--url", server.url("/p?n=1"), "--pages", "2", "--output", "json"])
        XCTAssertEqual(refused.waitForExit(), .exited(0), refused.standardError)
        XCTAssertTrue(refused.standardError.contains("give --follow-cross-host"), refused.standardError)
        XCTAssertEqual(try ids(["--url", server.url("/p?n=1"), "--pages", "2", "--follow-cross-host"]), [1, 2])
    }
}
