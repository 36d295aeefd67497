import Foundation
import TestSupport
import XCTest

/// URLs, options and durations as people type them, through the real binary (paths to local
/// files: `LocalSourceTests`).
final class TypedInputTests: XCTestCase {
    // MARK: Durations

    func testAWatchIntervalMayCombineUnitsButNotBeZero() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(1))) }
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--watch", "1m30s", "--timeout", "1m", "--retry-delay", "2"])
        XCTAssertTrue(run.waitForStandardError(containing: "posts: \(server.url("/posts"))"), run.standardError)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { run.standardOutput.contains("Post number 1") }, run.standardOutput)
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143), run.standardError)

        let zero = try LoadrunProcess(["--watch", "0"])
        XCTAssertEqual(zero.waitForExit(), .exited(64))
        XCTAssertEqual(zero.standardError, "loadrun: --watch 0: the interval must be at least 10ms\n")
    }
}
