import Foundation
import SampleSource
import TestSupport
import XCTest

/// `-o`, `-O`, `-C -` and `--no-clobber` through the real binary, with curl as the judge of
/// the file a download makes.
final class DownloadTests: XCTestCase {
    /// 100,000 bytes that are no text.
    private static let body: [UInt8] = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ $0 >> 8) }

    /// `/file.bin` answers a `Range: bytes=N-` with the rest (206).
    private func fileServer(_ ranges: Record<String>) -> TestServer {
        TestServer { server, _ in
            server.route("/file.bin") { exchange in
                let range = exchange.requestHeader("Range")
                ranges.append(range ?? "-")
                if let range, range.hasPrefix("bytes="), range.hasSuffix("-"), let start = Int(range.dropFirst(6).dropLast()), start < Self.body.count {
                    exchange.setHeader("Content-Range", "bytes \(start)-\(Self.body.count - 1)/\(Self.body.count)")
                    return exchange.respond(status: 206, contentType: "application/octet-stream", body: Array(Self.body[start...]))
                }
                exchange.respond(status: 200, contentType: "application/octet-stream", body: Self.body)
            }
        }
    }

    private func directory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-downloads-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        return directory
    }

    private func curl(_ arguments: [String]) throws {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s"] + arguments
        try curl.run()
        curl.waitUntilExit()
        XCTAssertEqual(curl.terminationStatus, 0, "curl \(arguments)")
    }

    private func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

    func testOAndCapitalOSaveWhatCurlSavesAndNothingGoesToStdout() throws {
        let server = fileServer(Record<String>())
        let directory = try directory()
        let run = try LoadrunProcess(["-o", directory + "/out.bin", server.url("/file.bin")])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "")
        try curl(["-o", directory + "/curl.bin", server.url("/file.bin")])
        XCTAssertEqual(bytes(directory + "/out.bin"), bytes(directory + "/curl.bin"))
        XCTAssertEqual(bytes(directory + "/out.bin"), Self.body)
        XCTAssertTrue(run.standardError.contains("saved 100.0 KB to \(directory)/out.bin"), run.standardError)

        let named = try LoadrunProcess(["-O", "--output-dir", directory, server.url("/file.bin")])
        XCTAssertEqual(named.waitForExit(), .exited(0), named.standardError)
        XCTAssertEqual(bytes(directory + "/file.bin"), Self.body)
        let again = try LoadrunProcess(["-O", "--no-clobber", "--output-dir", directory, server.url("/file.bin")])
        XCTAssertEqual(again.waitForExit(), .exited(0), again.standardError)
        XCTAssertEqual(bytes(directory + "/file.bin.1"), Self.body, "the existing file is left, the new one numbered")

        let nameless = try LoadrunProcess(["-O", server.url("/")])
        XCTAssertEqual(nameless.waitForExit(), .exited(64))
        XCTAssertTrue(nameless.standardError.contains("names no file"), nameless.standardError)
        let missing = try LoadrunProcess(["-o", directory + "/a/b/out.bin", server.url("/file.bin")])
        XCTAssertEqual(missing.waitForExit(), .exited(64))
        XCTAssertTrue(missing.standardError.contains("--create-dirs"), missing.standardError)
        let made = try LoadrunProcess(["--create-dirs", "-o", directory + "/a/b/out.bin", server.url("/file.bin")])
        XCTAssertEqual(made.waitForExit(), .exited(0), made.standardError)
        XCTAssertEqual(bytes(directory + "/a/b/out.bin"), Self.body)
    }

    func testADownloadCutShortKeepsOnlyItsPartAndDashCResumesItWithRange() throws {
        let half = Array(Self.body.prefix(50_000))
        let cut = RawHTTPServer(.respondBytes(head: "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\n", body: half))
        let directory = try directory()
        let target = directory + "/out.bin"
        let first = try LoadrunProcess(["-o", target, "--no-retry", cut.url("/file.bin")])
        XCTAssertEqual(first.waitForExit(), .exited(2), first.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target), "no half file under the target's name")
        XCTAssertEqual(bytes(target + ".part"), half)
        XCTAssertTrue(first.standardError.contains("kept the 50.0 KB that came in \(target).part"), first.standardError)
        XCTAssertTrue(first.standardError.contains("-C -"), first.standardError)

        let ranges = Record<String>()
        let server = fileServer(ranges)
        let resumed = try LoadrunProcess(["-C", "-", "-o", target, server.url("/file.bin")])
        XCTAssertEqual(resumed.waitForExit(), .exited(0), resumed.standardError)
        XCTAssertEqual(ranges.all, ["bytes=50000-"])
        XCTAssertEqual(bytes(target), Self.body, "the part and the rest make the whole file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target + ".part"))
        XCTAssertTrue(resumed.standardError.contains("resumed after 50.0 KB"), resumed.standardError)

        // A server that ignores the range sends the whole file anew, and that is said.
        try Data(half).write(to: URL(fileURLWithPath: target + ".part"))
        try FileManager.default.removeItem(atPath: target)
        // libsoup's server answers a Range itself: a raw one ignores it.
        let ignoring = RawHTTPServer(.respondBytes(head: "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n", body: Self.body))
        let anew = try LoadrunProcess(["-C", "-", "-o", target, ignoring.url("/file.bin")])
        XCTAssertEqual(anew.waitForExit(), .exited(0), anew.standardError)
        XCTAssertEqual(bytes(target), Self.body)
        XCTAssertTrue(anew.standardError.contains("ignored the range"), anew.standardError)
    }

    /// A resumed download whose rest is cut short, tried again: each attempt starts where the
    /// bytes that were there end, never after what the attempt before it added.
    func testARetryOfAResumedDownloadNeverAddsTheSameBytesTwice() throws {
        let target = try directory() + "/out.bin"
        try Data(Self.body.prefix(40_000)).write(to: URL(fileURLWithPath: target + ".part"))
        let rest = Array(Self.body[40_000..<70_000])
        let cut = RawHTTPServer(.respondBytes(head: "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 40000-99999/100000\r\nContent-Length: 60000\r\n\r\n",
                                              body: rest))
        let run = try LoadrunProcess(["-C", "-", "-o", target, "--retry", "1", "--retry-delay", "10ms", "--retry-all-errors", cut.url("/file.bin")])
        XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
        XCTAssertEqual(cut.acceptedConnections, 2, "tried twice")
        XCTAssertEqual(bytes(target + ".part"), Array(Self.body.prefix(70_000)), "the part, and the rest's first 30,000 bytes once")

        // A range that does not start where the part ends is refused, and the part left alone.
        let wrong = RawHTTPServer(.respondBytes(head: "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 0-99999/100000\r\nContent-Length: 100000\r\n\r\n",
                                                body: Self.body))
        let refused = try LoadrunProcess(["-C", "-", "-o", target, "--no-retry", wrong.url("/file.bin")])
        XCTAssertEqual(refused.waitForExit(), .exited(2), refused.standardError)
        XCTAssertTrue(refused.standardError.contains("does not start at the 70000 bytes there"), refused.standardError)
        XCTAssertEqual(bytes(target + ".part"), Array(Self.body.prefix(70_000)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
    }

    func testAFileOrStandardInputIsSavedWholeAndTwoURLsMayNotShareATarget() throws {
        let directory = try directory()
        try Data(Self.body).write(to: URL(fileURLWithPath: directory + "/source.bin"))
        let local = try LoadrunProcess(["-o", directory + "/copy.bin", directory + "/source.bin"])
        XCTAssertEqual(local.waitForExit(), .exited(0), local.standardError)
        XCTAssertEqual(bytes(directory + "/copy.bin"), Self.body)
        let shared = try LoadrunProcess(["-O", "http://127.0.0.1:9/a/file.txt", "http://127.0.0.1:9/b/file.txt"])
        XCTAssertEqual(shared.waitForExit(), .exited(64))
        XCTAssertTrue(shared.standardError.contains("target of two URLs"), shared.standardError)
    }

    func testCtrlCInTheMiddleLeavesNoFileUnderTheTargetsName() throws {
        let half = Array(Self.body.prefix(50_000))
        let stalled = RawHTTPServer(.respondThenStall(head: "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n", body: half))
        let target = try directory() + "/out.bin"
        let run = try LoadrunProcess(["-o", target, stalled.url("/file.bin")])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { self.bytes(target + ".part")?.count == half.count }, "the first half is on disk")
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(), .exited(130), run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
        XCTAssertEqual(bytes(target + ".part"), half)
    }

    func testATerminalShowsTheProgressBarWithThePercentage() throws {
        try TmuxSession.requireTmux()
        let half = Array(Self.body.prefix(50_000))
        let stalled = RawHTTPServer(.respondThenStall(head: "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n", body: half))
        let target = try directory() + "/out.bin"
        let tmux = try TmuxSession("'\(LoadrunProcess.binaryPath)' -o '\(target)' \(stalled.url("/file.bin"))", width: 120)
        XCTAssertTrue(tmux.waitForScreen(containing: "50% 50.0 KB of 100.0 KB"), tmux.screen())
        XCTAssertTrue(tmux.screen().contains("▌") || tmux.screen().contains("█"), tmux.screen())
        try tmux.send("C-c")
        XCTAssertTrue(tmux.waitForScreen(containing: "-C - to resume"), tmux.screen())
    }

    func testSeveralOsGoWithTheURLsInOrderAndTheRestArePrinted() throws {
        let server = TestServer { server, _ in
            for name in ["a", "b", "c"] {
                server.route("/\(name)") { exchange in exchange.respond(status: 200, contentType: "text/plain", text: "file \(name)\n") }
            }
        }
        let directory = try directory()
        let run = try LoadrunProcess(["-o", directory + "/1", "-o", directory + "/2", server.url("/a"), server.url("/b"), server.url("/c")])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(try String(contentsOfFile: directory + "/1", encoding: .utf8), "file a\n")
        XCTAssertEqual(try String(contentsOfFile: directory + "/2", encoding: .utf8), "file b\n")
        XCTAssertTrue(run.standardOutput.contains("file c"), "a URL without an -o is printed: \(run.standardOutput)")
        let tooMany = try LoadrunProcess(["-o", directory + "/x", "-o", directory + "/y", server.url("/a")])
        XCTAssertEqual(tooMany.waitForExit(), .exited(64))
        XCTAssertTrue(tooMany.standardError.contains("2 files for 1 source"), tooMany.standardError)
    }

    func testDownloadsRefuseWhatReloads() throws {
        let run = try LoadrunProcess(["-o", "/tmp/never.bin", "--watch", "1s", "http://127.0.0.1:9/x"])
        XCTAssertEqual(run.waitForExit(), .exited(64))
        XCTAssertTrue(run.standardError.contains("once"), run.standardError)
        let offset = try LoadrunProcess(["-C", "100", "-o", "/tmp/never.bin", "http://127.0.0.1:9/x"])
        XCTAssertEqual(offset.waitForExit(), .exited(64))
        XCTAssertTrue(offset.standardError.contains("-C -"), offset.standardError)
    }
}
