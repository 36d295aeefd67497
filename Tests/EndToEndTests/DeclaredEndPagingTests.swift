import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// Numbered pages against servers that say where the list ends, as json-server does with
/// `X-Total-Count`, or with a `Link` whose rel is `last`.
final class DeclaredEndPagingTests: XCTestCase {
    /// A json-server-style `/todos`: `_page` and `_limit` (or a fixed page size, for a server
    /// that ignores the size asked for), with the total in `X-Total-Count` or a `rel="last"`
    /// link; `emptyFrom` pages on come back empty whatever the total says.
    private func todos(total: Int, pageSize: Int? = nil, declares: String = "count", emptyFrom: Int = .max,
                       limits: Record<String>? = nil) -> TestServer {
        TestServer { server, _ in
            server.route("/todos") { exchange in
                limits?.append(exchange.query["_limit"] ?? "-")
                let page = Int(exchange.query["_page"] ?? "1") ?? 1
                let size = pageSize ?? Int(exchange.query["_limit"] ?? "10") ?? 10
                let ids = page >= emptyFrom ? [] : Array(((page - 1) * size + 1)...min(page * size, total) + 0).filter { $0 <= total }
                if declares == "count" {
                    exchange.setHeader("X-Total-Count", "\(total)")
                } else {
                    let last = (total + size - 1) / size
                    exchange.setHeader("Link", "</todos?_page=\(last)&_limit=\(size)>; rel=\"last\"")
                }
                let items = ids.map { #"{"userId":1,"id":\#($0),"title":"todo \#($0)","completed":false}"# }
                exchange.respond(status: 200, contentType: "application/json", text: "[" + items.joined(separator: ",") + "]")
            }
        }
    }

    private func ids(_ arguments: [String]) throws -> (ids: [Int], stderr: String) {
        let run = try LoadrunProcess(arguments + ["--output", "json", "--no-cache"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let items = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        return (items.compactMap { $0["id"] as? Int }, run.standardError)
    }

    func testJSONServerPagesWithUnderscorePageAndLimit() throws {
        let limits = Record<String>()
        let server = todos(total: 45, limits: limits)
        let (ids, _) = try ids(["--url", server.url("/todos"), "--page-param", "_page", "--per-page-param", "_limit",
                                "--per-page", "20", "--all-pages"])
        XCTAssertEqual(ids, Array(1...45))
        XCTAssertEqual(limits.all, ["20", "20", "20"])
    }

    func testAServerThatIgnoresThePageSizeIsPagedToTheTotalItDeclares() throws {
        let counted = todos(total: 23, pageSize: 10)
        XCTAssertEqual(try ids(["--url", counted.url("/todos"), "--page-param", "_page", "--per-page", "20", "--all-pages"]).ids, Array(1...23),
                       "10 items where 20 were asked for is not the end when the server counts 23")
        let linked = todos(total: 23, pageSize: 10, declares: "last")
        XCTAssertEqual(try ids(["--url", linked.url("/todos"), "--page-param", "_page", "--per-page", "20", "--all-pages"]).ids, Array(1...23))
    }

    func testAnEmptyPageBeforeTheDeclaredEndStopsAndSaysHowFarItGot() throws {
        let server = todos(total: 50, emptyFrom: 3)
        let (ids, stderr) = try ids(["--url", server.url("/todos"), "--page-param", "_page", "--per-page-param", "_limit",
                                     "--per-page", "10", "--all-pages"])
        XCTAssertEqual(ids, Array(1...20))
        XCTAssertTrue(stderr.contains("stopped paging: page 3 came back empty after 20 of the 50 items the server counts"), stderr)
    }

    func testPerPageParamNeedsPerPage() throws {
        let run = try LoadrunProcess(["--page-param", "_page", "--per-page-param", "_limit"])
        XCTAssertEqual(run.waitForExit(), .exited(64))
        XCTAssertTrue(run.standardError.contains("--per-page-param"), run.standardError)
    }
}
