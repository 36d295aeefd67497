import Foundation
import SampleSource
import TestSupport
import XCTest

/// What the sources file does to a run: every problem said at once, `--all` meaning the file's
/// sources, and the `[defaults]` group, through the real binary.
final class SourcesFileRunTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-sources-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `text` as a sources file, 0600; returns its path.
    private func sourcesFile(_ text: String) throws -> String {
        let path = directory.appendingPathComponent("sources.conf").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return path
    }

    func testEveryProblemOfTheFileIsSaidInOneRun() throws {
        let path = try sourcesFile("[source status]\nurl=http://127.0.0.1:9/s\nintervall=30s\nplugn=posts\nretry=many\n\n[source b]\nurl=http://127.0.0.1:9/b\ntimeout=soon\n")
        let run = try LoadrunProcess(["--config", path, "status"])
        XCTAssertEqual(run.waitForExit(), .exited(64), run.standardError)
        XCTAssertEqual(run.standardErrorLines, [
            "loadrun: \(path):3: intervall: unknown key; did you mean interval?",
            "loadrun: \(path):4: plugn: unknown key; did you mean plugin?",
            "loadrun: \(path):5: retry: \"many\" is not a number of retries after the first attempt, from 0 to 100",
            "loadrun: warning: \(path):9: timeout: \"soon\" is not a duration such as 500ms, 30s, 1m30s or 1h",
        ])
    }

    func testAllLoadsTheFilesSourcesAndNoBuiltIn() throws {
        let server = TestServer { server, _ in
            server.route("/a", TestRoutes.fixed(Fixtures.posts(1)))
            server.route("/b", TestRoutes.fixed(Fixtures.posts(2)))
        }
        let path = try sourcesFile("[source a]\nurl=\(server.url("/a"))\nplugin=posts\n[source b]\nurl=\(server.url("/b"))\nplugin=posts\n")
        let run = try LoadrunProcess(["--config", path, "--all"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let headers = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("==> ") }
        XCTAssertEqual(headers, ["==> a <==", "==> b <=="], run.standardOutput)
    }

    /// A `--url` run takes `[defaults]`'s headers and `max-items`; `--max-items` still wins.
    func testDefaultsApplyToAURLRunUnderTheCommandLine() throws {
        let seen = Record<String>()
        let server = TestServer { server, _ in
            server.route("/posts") { exchange in
                seen.append(exchange.requestHeader("X-Team") ?? "-")
                exchange.respond(status: 200, contentType: "application/json", text: Fixtures.posts(5))
            }
        }
        let path = try sourcesFile("[defaults]\nheaders=X-Team=core\nmax-items=2\n")
        let run = try LoadrunProcess(["--config", path, server.url("/posts"), "--no-cache", "--plugin", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(seen.all, ["core"])
        XCTAssertEqual(run.standardOutput.components(separatedBy: "\"title\"").count - 1, 2, run.standardOutput)
        XCTAssertTrue(run.standardErrorLines.contains { $0.hasSuffix(": --max-items left out 3 items of the JSON's arrays") }, run.standardError)

        let wider = try LoadrunProcess(["--config", path, server.url("/posts"), "--no-cache", "--plugin", "json", "--max-items", "4"])
        XCTAssertEqual(wider.waitForExit(), .exited(0), wider.standardError)
        XCTAssertEqual(wider.standardOutput.components(separatedBy: "\"title\"").count - 1, 4, wider.standardOutput)
    }
}
