import Foundation
import TestSupport
import XCTest

/// A jq program's results on a pipe, from a run that loads once: written as they come, as
/// `jq` writes them, so that `| head -1` ends a program that never would; bounded where they
/// must be kept.
final class JQStreamTests: XCTestCase {
    private func server() -> TestServer {
        TestServer { server, _ in
            server.route("/users", TestRoutes.fixed(JQOptionTests.users))
        }
    }

    /// `range(1e9) | head -1` once collected results for ever before writing any.
    func testResultsStreamSoThatAReaderThatLeavesEndsTheRun() throws {
        let server = server()
        for format in ["text", "json"] {
            let run = try LoadrunProcess(shell: #""$LOADRUN" "$@" | head -1; exit "${PIPESTATUS[0]}""#,
                                         arguments: ["loadrun", "--url", server.url("/users"), "--no-history", "-q", "--output", format,
                                                     "--jq", "range(1e9)"])
            XCTAssertEqual(run.waitForExit(), .exited(0), "the reader left: a quiet end (\(format)): \(run.standardError)")
            XCTAssertEqual(run.standardOutput, "0\n", format)
        }
    }

    /// As jq does: the results before a runtime error are written, then the error is said.
    func testResultsBeforeARuntimeErrorAreWrittenAndTheErrorSaid() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/users"), "--no-history", "--jq", #".[].id, error("boom")"#])
        XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
        XCTAssertEqual(run.standardOutput, "1\n2\n")
        XCTAssertTrue(run.standardError.contains("gave jq an error: boom"), run.standardError)
    }

    /// Where results must be kept (NDJSON, a watch, the full-screen view), a program that gives
    /// without end is stopped at the bound, and the load fails with words that say why.
    func testKeptResultsAreBoundedAndSaid() throws {
        let server = server()
        let run = try LoadrunProcess(["--url", server.url("/users"), "--no-history", "--output", "ndjson", "--jq", "range(1e9)"])
        XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
        XCTAssertTrue(run.standardOutput.contains(#""to":"failed""#), run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains("it gave more than 64 MiB of results"), run.standardOutput)
    }
}
