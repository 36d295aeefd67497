#if canImport(Glibc)
import Glibc
#endif
import Loader
import SampleSource
import TestSupport
import XCTest

/// Real signals sent to the built binary while a request is in flight.
final class SignalTests: XCTestCase {
    /// Starts loadrun against an endpoint that answers after 30 s and waits until the
    /// server has the request, so the signal arrives mid-load.
    private func startSlowLoad() throws -> (LoadrunProcess, TestServer) {
        let requests = Counter()
        let server = TestServer { server, loop in
            server.route("/slow", TestRoutes.delayed(.seconds(30), on: loop, body: "[]", requests: requests))
        }
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/slow")])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { requests.count == 1 }, "the request reached the server")
        return (run, server)
    }

    func testInterruptCancelsTheLoadAndExits130() throws {
        let (run, server) = try startSlowLoad()
        run.send(SIGINT)
        // An exit status, not death by signal: loadrun handled SIGINT on its loop.
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(130), run.standardError)
        XCTAssertEqual(run.standardOutput, "", "nothing partial on stdout")
        XCTAssertEqual(run.standardErrorLines, ["posts: \(server.url("/slow"))", "posts: cancelled"])
    }

    func testInterruptMidBodyCancelsAndWritesNothing() throws {
        let chunks = Counter()
        let server = TestServer { server, loop in
            server.route("/drip", TestRoutes.drip(first: "[", every: .milliseconds(20), on: loop, chunks: chunks))
        }
        let run = try LoadrunProcess(["--source", "posts", "--url", server.url("/drip")])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { chunks.count >= 3 }, "the body is under way")
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(130), run.standardError)
        XCTAssertEqual(run.standardOutput, "")
        XCTAssertEqual(run.standardErrorLines.last, "posts: cancelled")
    }

    func testTerminateExits143AndHangUpExits129() throws {
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))] {
            let (run, server) = try startSlowLoad()
            run.send(signal)
            XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(status), "signal \(signal): \(run.standardError)")
            XCTAssertEqual(run.standardOutput, "")
            XCTAssertEqual(run.standardErrorLines, ["posts: \(server.url("/slow"))", "posts: cancelled"])
        }
    }

    func testServeRunsUntilInterrupted() throws {
        let serve = try LoadrunProcess(["serve", "--port", "0"])
        XCTAssertTrue(serve.waitForStandardError(containing: "Ctrl-C to stop"), serve.standardError)
        let postsURL = try XCTUnwrap(serve.standardOutput.split(separator: "\n").first { $0.hasSuffix("/posts") }).description
        XCTAssertTrue(postsURL.hasPrefix("http://127.0.0.1:"), postsURL)

        let client = try LoadrunProcess(["--source", "posts", "--url", postsURL])
        XCTAssertEqual(client.waitForExit(), .exited(0), client.standardError)
        XCTAssertTrue(client.standardOutput.hasPrefix(" 1  Loading states are a contract\n"))
        XCTAssertTrue(serve.waitForStandardError(containing: "GET /posts 200"), serve.standardError)

        serve.send(SIGINT)
        XCTAssertEqual(serve.waitForExit(limit: .seconds(5)), .exited(130))
    }

    func testServeOnAPortInUseFailsClearly() throws {
        let taken = TestServer { _, _ in }
        let serve = try LoadrunProcess(["serve", "--port", "\(taken.port)"])
        XCTAssertEqual(serve.waitForExit(), .exited(2))
        XCTAssertTrue(serve.standardError.contains("cannot listen on 127.0.0.1:\(taken.port)"), serve.standardError)
        XCTAssertTrue(serve.standardError.contains("--port 0"), serve.standardError)
    }
}
