import Foundation
import TestSupport
import XCTest

/// A jq program's results on a pipe, from a run that loads once: written as they come, as
/// `jq` writes them, so that `| head -1` ends a program that never would; bounded where they
/// must be kept.
final class JQStreamTests: XCTestCase {
    private func server(requests: Counter = Counter()) -> TestServer {
        TestServer { server, _ in
            server.route("/users", TestRoutes.fixed(JQOptionTests.users, requests: requests))
            server.route("/big", TestRoutes.fixed("[" + String(repeating: #"{"text": "\#(String(repeating: "x", count: 1000))"},"#, count: 2000) + "1]"))
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

    /// As jq does: the results before a runtime error are written, then the error is said;
    /// one result alone too. Another attempt would write them again: there is none.
    func testResultsBeforeARuntimeErrorAreWrittenOnceAndTheErrorSaid() throws {
        let requests = Counter()
        let server = server(requests: requests)
        for (program, output) in [(#".[].id, error("boom")"#, "1\n2\n"), (#".[0].id, error("boom")"#, "1\n")] {
            let before = requests.count
            let run = try LoadrunProcess(["--url", server.url("/users"), "--no-history", "--jq", program,
                                          "--retry-all-errors", "--retry", "2", "--retry-delay", "10ms"])
            XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
            XCTAssertEqual(run.standardOutput, output, program)
            XCTAssertTrue(run.standardError.contains("gave jq an error: boom"), run.standardError)
            XCTAssertEqual(requests.count - before, 1, "\(program): what went out is not sent again")
        }
    }

    /// A first result larger than the window the stream keeps ahead of its reader: alone, it
    /// is not waited on (it waited for a second that never came, until the deadline).
    func testAFirstResultLargerThanTheWindowIsWrittenWhole() throws {
        let server = server()
        let run = try LoadrunProcess(shell: #""$LOADRUN" "$@" | wc -c"#, arguments: ["loadrun", "--url", server.url("/big"), "--no-history", "-q",
                                                                                   "--output", "json", "--jq", "[., .]", "--timeout", "5s"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertGreaterThan(Int(run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, 4_000_000, run.standardError)
    }

    /// The time a reader takes is the reader's: a program held back by a reader that stops a
    /// while is not out of time when its results are all made before the deadline.
    func testAReaderThatStopsAWhileCostsTheProgramNoTime() throws {
        let server = server()
        // Forty results of 100 KB: more than the stream keeps ahead of a reader that waits.
        let run = try LoadrunProcess(shell: #""$LOADRUN" "$@" | { head -c 1 >/dev/null; sleep 2; cat; } | wc -l"#,
                                     arguments: ["loadrun", "--url", server.url("/users"), "--no-history", "-q",
                                                 "--jq", #"range(40) | "x" * 100000"#, "--timeout", "1s"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines), "40", run.standardError)
        XCTAssertEqual(run.standardError, "")
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
