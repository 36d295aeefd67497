#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// Outputs that are closed, full or never read: a closed stdout or /dev/full is the run's
/// error (74, said on stderr), a reader that leaves is a quiet end, and an output nobody reads
/// never holds up the loop, so a signal still ends the run.
final class OutputFailureTests: XCTestCase {
    /// Runs `shell` (bash, with `$LOADRUN`) and returns it ended.
    private func ended(_ shell: String, _ arguments: [String] = []) throws -> LoadrunProcess {
        let run = try LoadrunProcess(shell: shell, arguments: ["sh"] + arguments)
        _ = run.waitForExit()
        return run
    }

    func testAClosedStdoutIsAnOutputErrorNotContentLostUnseen() throws {
        for format in ["text", "json"] {
            let run = try ended(#"exec "$LOADRUN" --source posts --output "$1" >&-; "#, [format])
            XCTAssertEqual(run.waitForExit(), .exited(74), "\(format): \(run.standardError)")
            XCTAssertTrue(run.standardErrorLines.contains("loadrun: cannot write the output: standard output is closed"), run.standardError)
        }
        let help = try ended(#"exec "$LOADRUN" --help >&-"#)
        XCTAssertEqual(help.waitForExit(), .exited(74), help.standardError)
    }

    func testAClosedStdoutWithNothingToWriteIsNoError() throws {
        let run = try ended(#"exec "$LOADRUN" --url http://127.0.0.1:9/x --no-retry >&-"#)
        XCTAssertEqual(run.waitForExit(), .exited(2), "the load's own failure, and nothing about the output: \(run.standardError)")
        XCTAssertFalse(run.standardError.contains("cannot write the output"), run.standardError)
    }

    func testAFullDeviceIsAnOutputError() throws {
        for format in ["text", "json", "ndjson"] {
            let run = try ended(#"exec "$LOADRUN" --source posts --output "$1" > /dev/full"#, [format])
            XCTAssertEqual(run.waitForExit(), .exited(74), "\(format): \(run.standardError)")
            XCTAssertTrue(run.standardErrorLines.contains("loadrun: cannot write the output: no space left on device"), run.standardError)
        }
    }

    func testAReaderThatLeavesIsStillAQuietEnd() throws {
        let run = try ended(#""$LOADRUN" --source posts | head -1 > /dev/null; echo "status=${PIPESTATUS[0]}""#)
        XCTAssertEqual(run.standardOutput, "status=0\n", run.standardError)
    }

    func testAClosedStandardInputIsAUsageErrorForURLDash() throws {
        for option in [["--url", "-"], ["--url-file", "-"]] {
            let run = try ended(#"exec "$LOADRUN" "$1" "$2" <&-"#, option)
            XCTAssertEqual(run.waitForExit(), .exited(64), run.standardError)
            XCTAssertTrue(run.standardError.contains("standard input is closed"), run.standardError)
        }
    }

    /// A watch of content that changes on every load, 100 KB a time, into a FIFO that is open
    /// but never read: the pipe fills after the first load, and the loop must still hear SIGTERM.
    func testAWatchWhoseStdoutNobodyReadsEndsOnSIGTERM() throws {
        let (server, requests) = changingServer()
        let fifo = try makeFIFO()
        // The shell holds the FIFO open for reading (so opening it for writing does not wait)
        // and reads nothing; exec makes the shell's pid loadrun's.
        let run = try LoadrunProcess(shell: #"exec 3<>"$1"; exec "$LOADRUN" --url "$2" --plugin posts --watch 20ms > "$1""#,
                                     arguments: ["sh", fifo, server.url("/posts")])
        // Loads go on while the pipe stays full: the loop is not stuck in a write.
        XCTAssertTrue(waitUntil(limit: .seconds(20)) { requests.count >= 8 }, "\(requests.count) loads")
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(limit: .seconds(10)), .exited(143), run.standardError)
    }

    func testAWatchWhoseStderrNobodyReadsEndsOnSIGTERM() throws {
        let (server, requests) = changingServer()
        let fifo = try makeFIFO()
        // -v writes every request's and response's head to stderr: the FIFO fills fast.
        let run = try LoadrunProcess(shell: #"exec 3<>"$1"; exec "$LOADRUN" -v --url "$2" --plugin posts --watch 20ms > /dev/null 2> "$1""#,
                                     arguments: ["sh", fifo, server.url("/posts")])
        XCTAssertTrue(waitUntil(limit: .seconds(20)) { requests.count >= 40 }, "\(requests.count) loads")
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(limit: .seconds(10)), .exited(143))
    }

    /// A one-shot render waiting on a full stdout nobody reads (its pieces go out as bytes)
    /// still ends on SIGINT and SIGTERM, with the signal's status.
    func testALoadOnceWhoseStdoutNobodyReadsEndsOnTheSignal() throws {
        for signal in [SIGINT, SIGTERM] {
            let (server, _) = changingServer()
            let fifo = try makeFIFO()
            // Opened here to see how full it is, and never read.
            let watcher = open(fifo, O_RDONLY | O_NONBLOCK)
            XCTAssertGreaterThanOrEqual(watcher, 0)
            defer { close(watcher) }
            let run = try LoadrunProcess(shell: #"exec "$LOADRUN" --url "$2" --plugin posts > "$1""#,
                                         arguments: ["sh", fifo, server.url("/posts")])
            // The event: the pipe holds as much as it can (64 KiB), so the render waits on it.
            var pending: Int32 = 0
            XCTAssertTrue(waitUntil(limit: .seconds(20)) { ioctl(watcher, UInt(FIONREAD), &pending) == 0 && pending >= 65536 },
                          "\(pending) bytes in the pipe")
            run.send(signal)
            XCTAssertEqual(run.waitForExit(limit: .seconds(10)), .exited(128 + signal), run.standardError)
        }
    }

    /// A one-shot run waits for a slow reader: everything arrives.
    func testALoadOnceWaitsForASlowReaderAndDeliversEverything() throws {
        let (server, _) = changingServer()
        let whole = try ended(#""$LOADRUN" --url "$1" --plugin posts | wc -c"#, [server.url("/posts")])
        let bytes = Int(whole.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        XCTAssertGreaterThan(bytes, 65536, "more than a pipe holds")
        // The reader starts reading only once loadrun has filled the pipe and must wait.
        let slow = try ended(#""$LOADRUN" --url "$1" --plugin posts | { read -r first; sleep 1; cat; } | wc -c"#, [server.url("/posts")])
        XCTAssertGreaterThan(Int(slow.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, bytes - 200)
    }

    /// Posts whose titles change on every request, about 100 KB of text each time.
    private func changingServer() -> (TestServer, Counter) {
        let requests = Counter()
        let server = TestServer { server, _ in
            server.route("/posts") { exchange in
                requests.increment()
                let body = "[" + (1...400).map { #"{"id":\#($0),"title":"load \#(requests.count) item \#($0)","body":"\#(String(repeating: "x", count: 200))"}"# }
                    .joined(separator: ",") + "]"
                exchange.respond(status: 200, contentType: "application/json", body: Array(body.utf8))
            }
        }
        return (server, requests)
    }

    private func makeFIFO() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-fifo-\(UUID().uuidString)").path
        guard mkfifo(path, 0o600) == 0 else { throw XCTSkip("mkfifo failed") }
        addTeardownBlock { unlink(path) }
        return path
    }
}
