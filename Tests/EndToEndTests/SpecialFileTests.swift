#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import XCTest

/// A FIFO where a regular file is meant hung the run at start: opening it waits for a writer,
/// and reading it for data. Each place is refused at once, with the path and what it is.
final class SpecialFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-special-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A FIFO that nobody writes to, at `name` in the test's directory.
    private func fifo(_ name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        return path
    }

    private func ended(_ arguments: [String], environment: [String: String] = [:]) throws -> LoadrunProcess {
        let run = try LoadrunProcess(arguments, environment: environment)
        XCTAssertNotEqual(run.waitForExit(limit: .seconds(10)), .hung, "\(arguments) hung")
        return run
    }

    func testAFIFOAsTheSourcesFileIsRefusedEvenForARunOfURLs() throws {
        let path = try fifo("sources.conf")
        let urls = try ended(["--config", path, "--url", "http://127.0.0.1:9/x", "--no-retry"])
        XCTAssertEqual(urls.waitForExit(), .exited(2), urls.standardError)
        XCTAssertTrue(urls.standardError.contains("loadrun: warning: \(path): cannot read it: it is a FIFO, not a regular file"), urls.standardError)
        let named = try ended(["--config", path, "--source", "mine"])
        XCTAssertEqual(named.waitForExit(), .exited(64), named.standardError)
        XCTAssertTrue(named.standardError.contains("it is a FIFO, not a regular file"), named.standardError)
    }

    func testAFIFOInThePluginsDirectoryIsSkippedWithItsReason() throws {
        let path = try fifo("data/loadrun/plugins/stuck.plugin")
        let run = try ended(["--source", "posts"], environment: ["XDG_DATA_HOME": directory.appendingPathComponent("data").path])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardError.contains("loadrun: \(path): cannot be read: it is a FIFO, not a regular file — skipped"), run.standardError)
    }

    func testAFIFOAsAHeaderFileRefusesTheGroup() throws {
        let secret = try fifo("token")
        let config = directory.appendingPathComponent("sources.conf")
        try "[source mine]\nurl=http://127.0.0.1:9/x\nheaders=X-Token=file:\(secret)\n".write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o600)
        let run = try ended(["--config", config.path, "--source", "mine", "--no-retry"])
        XCTAssertEqual(run.waitForExit(), .exited(64), run.standardError)
        XCTAssertTrue(run.standardError.contains("it is a FIFO, not a regular file"), run.standardError)
    }

    func testAFIFOAsAURLListACAFileOrALocalSourceIsRefused() throws {
        let path = try fifo("stuck")
        let list = try ended(["--url-file", path])
        XCTAssertEqual(list.waitForExit(), .exited(64), list.standardError)
        XCTAssertTrue(list.standardError.contains("--url-file \(path): cannot read it: it is a FIFO, not a regular file"), list.standardError)
        let ca = try ended(["--cacert", path, "--url", "https://127.0.0.1:9/x"])
        XCTAssertEqual(ca.waitForExit(), .exited(64), ca.standardError)
        XCTAssertTrue(ca.standardError.contains("\(path) cannot be read: it is a FIFO, not a regular file"), ca.standardError)
        let local = try ended(["--url", path])
        XCTAssertEqual(local.waitForExit(), .exited(2), local.standardError)
        XCTAssertTrue(local.standardError.contains("\(path) cannot be read: it is a FIFO, not a regular file — name a regular file, or give - to read standard input"),
                      local.standardError)
    }

    /// Where a stream is meant, a FIFO is read: standard input, by `-` or by `/dev/stdin`. What
    /// was read goes to the pipe as the JSON `--output json` writes (issue 59).
    func testStandardInputMayBeAFIFO() throws {
        for url in ["-", "/dev/stdin"] {
            let run = try LoadrunProcess(shell: #"printf '[{"id":1,"title":"piped","body":"b"}]' | "$LOADRUN" --url "$1""#, arguments: ["sh", url])
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
            XCTAssertEqual(try PipeJSON.titles(run.standardOutput), ["piped"], run.standardOutput)
        }
    }
}
