import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import Synchronization
import XCTest

/// The sources file and `loadrun sources`, through the real binary.
final class SourcesFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-sources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `text` as a sources file with `mode`; returns its path.
    private func sourcesFile(_ text: String, mode: Int = 0o600, name: String = "sources.conf") throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    /// A CA file read when the run starts is named at its own line, not its group's.
    func testABadCAFileIsNamedAtItsLine() throws {
        let path = try sourcesFile("# mine\n[source c]\nurl=https://127.0.0.1:9/\ncacert=/nonexistent/ca.pem\n")
        let run = try LoadrunProcess(["--config", path, "--source", "c"])
        XCTAssertEqual(run.waitForExit(), .exited(64), run.standardError)
        XCTAssertEqual(run.standardErrorLines, ["loadrun: \(path):4: cacert: /nonexistent/ca.pem cannot be read: no such file or directory; give a PEM file of CA certificates"])
    }

    func testSourcesListsBuiltInsAndTheFileWithWhereEachWasDefined() throws {
        let path = try sourcesFile("""
            # comments and blank lines are fine

            [source posts]
            interval=10s

            [source status]
            url=http://127.0.0.1:9/status
            plugin=articles
            interval=500ms
            retry=5

            [source feed]
            url=https://example.com/feed.json
            detail=/items/{id}
            related=author:/users/{userId};tags:/items/{id}/tags
            """)
        let run = try LoadrunProcess(["sources", "--config", path])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let lines = run.standardOutput.split(separator: "\n").map { $0.replacingOccurrences(of: "\t", with: " ") }
        XCTAssertEqual(lines, [
            "NAME URL PLUGIN INTERVAL DETAIL RELATED USER DEFINED",
            "posts (embedded sample)/posts posts 10s /posts/{id} comments:/posts/{id}/comments - \(path):3 (overrides the built-in)",
            "articles (embedded sample)/articles articles - - - - built-in",
            "images (embedded sample)/images images - - - - built-in",
            "status http://127.0.0.1:9/status articles 500ms - - - \(path):6",
            "feed https://example.com/feed.json by Content-Type - /items/{id} author:/users/{userId};tags:/items/{id}/tags - \(path):12",
        ])
        XCTAssertEqual(run.standardError, "")
    }

    /// Issue 41: `loadrun sources` showed `-` for an interval that [defaults] gives.
    func testSourcesShowsTheIntervalThatDefaultsGive() throws {
        let path = try sourcesFile("""
            [defaults]
            interval=45s

            [source status]
            url=http://127.0.0.1:9/status

            [source fast]
            url=http://127.0.0.1:9/fast
            interval=2s
            """)
        let run = try LoadrunProcess(["sources", "--config", path])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let lines = run.standardOutput.split(separator: "\n").map { $0.replacingOccurrences(of: "\t", with: " ") }
        XCTAssertTrue(lines.contains("status http://127.0.0.1:9/status by Content-Type 45s - - - \(path):4"), "\(lines)")
        XCTAssertTrue(lines.contains("fast http://127.0.0.1:9/fast by Content-Type 2s - - - \(path):7"), "its own wins: \(lines)")
    }

    func testTheDefaultFileIsUnderXDGConfigHomeAndAMissingOneIsFine() throws {
        let config = directory.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("loadrun"), withIntermediateDirectories: true)
        let none = try LoadrunProcess(["sources"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(none.waitForExit(), .exited(0))
        XCTAssertEqual(none.standardOutput.split(separator: "\n").count, 4, "header and the three built-ins")

        try "[source extra]\nurl=http://127.0.0.1:9/x\n".write(to: config.appendingPathComponent("loadrun/sources.conf"), atomically: true, encoding: .utf8)
        let one = try LoadrunProcess(["sources"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(one.waitForExit(), .exited(0))
        XCTAssertTrue(one.standardOutput.contains("extra"), one.standardOutput)

        let missing = try LoadrunProcess(["sources", "--config", directory.appendingPathComponent("nope.conf").path])
        XCTAssertEqual(missing.waitForExit(), .exited(64))
        XCTAssertTrue(missing.standardError.contains("nope.conf: no such file"), missing.standardError)
    }

    func testMalformedFilesNameFileLineAndKeyAndExit64() throws {
        // Each file's one problem stops `--source a`, which loads the group it breaks (or, for
        // [sauce a], may have meant it, so the unknown source follows on a second line).
        let cases: [(text: String, message: String)] = [
            ("[source a]\nurl=http://x/a\n\n[source a]\nurl=http://x/b\n", ":4: [source a] appears twice, first at line 1"),
            ("[source a]\nplugin=posts\n", ":1: url: [source a] has no url"),
            ("[source a]\nurl=http://x/\nplugin=rss\n", ":3: plugin: unknown plugin \"rss\"; known: empty, posts, events, lines, feed, articles, table, json, images, text, bytes"),
            ("[source a]\nurl=http://x/\ninterval=soon\n", ":3: interval: \"soon\" is not a duration such as 500ms, 30s, 1m30s or 1h"),
            ("[source a]\nurl=http://x/\n\nheaders=Authorization=env:LOADRUN_TEST_UNSET_TOKEN\n",
             ":4: headers: Authorization=env:LOADRUN_TEST_UNSET_TOKEN, but LOADRUN_TEST_UNSET_TOKEN is not set"),
            ("[source a]\nurl=http://x/\nintervall=3s\n", ":3: intervall: unknown key; did you mean interval?"),
            ("[sauce a]\nurl=http://x/\n", ":1: [sauce a] is not a source group"),
            ("[source a]\nurl=http://x/\nthis is not a key\n", ":3: "),
            ("[source a]\nurl=http://x/\nheaders=Bad Name=1\n", ":3: headers: \"Bad Name\" is not a header name"),
            ("[source a]\nurl=http://x/\nheaders=X-Token=file:missing-token\n", ":3: headers: X-Token=file:missing-token: cannot read \(directory.path)/missing-token: no such file or directory"),
            ("[source a]\nurl=ftp://x/\n", ":2: url: \"ftp://x/\" has the scheme ftp:"),
            ("[source a]\nurl=http://x/\ndetail=/a/{id\n", ":3: detail: \"/a/{id\": the { at column 4 is never closed"),
            ("[source a]\nurl=http://x/\nrelated=/a/{id}/c\n", ":3: related: \"/a/{id}/c\" does not start with a name"),
        ]
        for (index, bad) in cases.enumerated() {
            let path = try sourcesFile(bad.text, name: "bad\(index).conf")
            let run = try LoadrunProcess(["--config", path, "--source", "a"], environment: ["LOADRUN_TEST_UNSET_TOKEN": ""])
            XCTAssertEqual(run.waitForExit(), .exited(64), bad.text)
            XCTAssertEqual(run.standardOutput, "")
            XCTAssertTrue(run.standardError.hasPrefix("loadrun: \(path)\(bad.message)"), "\(bad.text)\n→ \(run.standardError)")
            XCTAssertEqual(run.standardErrorLines.count, bad.text.hasPrefix("[sauce") ? 2 : 1, run.standardError)
        }
    }

    func testAProblemInAGroupThisRunDoesNotLoadIsAWarning() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(1))) }
        let path = try sourcesFile("""
            [source good]
            url=\(server.url("/posts"))

            [source typo]
            url=\(server.url("/posts"))
            intervall=5s
            """)
        let warning = "loadrun: warning: \(path):6: intervall: unknown key; did you mean interval? (source typo is skipped: this run does not load it)"
        for arguments in [["--url", server.url("/posts")], ["--source", "good"]] {
            let run = try LoadrunProcess(["--config", path] + arguments)
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
            XCTAssertEqual(try PipeJSON.titles(run.standardOutput), ["Post number 1"], run.standardOutput)
            XCTAssertEqual(run.standardErrorLines.first, warning)
        }

        for arguments in [["--source", "typo"], ["--all"], ["--source", "typo", "--url", server.url("/posts")]] {
            let run = try LoadrunProcess(["--config", path] + arguments)
            XCTAssertEqual(run.waitForExit(), .exited(64), "\(arguments)")
            XCTAssertEqual(run.standardOutput, "")
            XCTAssertEqual(run.standardErrorLines, ["loadrun: \(path):6: intervall: unknown key; did you mean interval?"], "\(arguments)")
        }

        let listing = try LoadrunProcess(["sources", "--config", path])
        XCTAssertEqual(listing.waitForExit(), .exited(64), "the listing checks the file")
        XCTAssertTrue(listing.standardOutput.contains("good"), listing.standardOutput)
        XCTAssertFalse(listing.standardOutput.contains("typo"), listing.standardOutput)
        XCTAssertEqual(listing.standardErrorLines, ["loadrun: \(path):6: intervall: unknown key; did you mean interval?"])
    }

    func testAFileThatCannotBeReadSaysWhyAndStopsOnlyRunsThatNeedIt() throws {
        // A directory where the file should be fails to read as root too.
        let folder = directory.appendingPathComponent("folder.conf")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var unreadable = [(folder.path, "is a directory")]
        if geteuid() != 0 {
            unreadable.append((try sourcesFile("[source a]\nurl=http://x/\n", mode: 0o000, name: "locked.conf"), "permission denied"))
        } else {
            print("running as root, which reads a file of mode 000: only a directory stands for an unreadable file here")
        }
        let file = directory.appendingPathComponent("posts.json")
        try Data(Fixtures.posts(1).utf8).write(to: file)
        for (path, reason) in unreadable {
            let run = try LoadrunProcess(["--config", path, "--source", "a"])
            XCTAssertEqual(run.waitForExit(), .exited(64))
            XCTAssertEqual(run.standardErrorLines, ["loadrun: \(path): cannot read it: \(reason)"])

            let urlOnly = try LoadrunProcess(["--config", path, "--url", file.absoluteString])
            XCTAssertEqual(urlOnly.waitForExit(), .exited(0), urlOnly.standardError)
            XCTAssertEqual(try PipeJSON.titles(urlOnly.standardOutput), ["Post number 1"], urlOnly.standardOutput)
            XCTAssertEqual(urlOnly.standardErrorLines.first, "loadrun: warning: \(path): cannot read it: \(reason) (this run loads no source from it)")
        }
    }

    func testHeadersComeFromTheFileTheEnvironmentOrAFileAndGoToTheServer() throws {
        let seen = HeaderLog()
        let server = TestServer { server, _ in
            server.route("/posts") { exchange in
                seen.record(["Authorization", "X-Trace", "X-Key", "Cookie"].map { exchange.requestHeader($0) ?? "-" })
                exchange.respond(status: 200, contentType: "application/json", text: Fixtures.posts(1))
            }
        }
        try "key-from-file\n".write(to: directory.appendingPathComponent("key"), atomically: true, encoding: .utf8)
        let path = try sourcesFile("""
            [source secured]
            url=\(server.url("/posts"))
            headers=Authorization=env:LOADRUN_TEST_TOKEN;X-Trace=on;X-Key=file:key;Cookie=a=1\\;b=2
            """, mode: 0o644)
        let run = try LoadrunProcess(["--config", path, "--source", "secured"], environment: ["LOADRUN_TEST_TOKEN": "Bearer s3cret"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(seen.all, [["Bearer s3cret", "on", "key-from-file", "a=1; b=2"]], "the run's cookie jar writes the header as RFC 6265 does")
        XCTAssertFalse(run.standardError.contains("s3cret"))
        XCTAssertTrue(run.standardError.contains("warning: \(path) holds a secret (the Cookie header of secured) and is readable by group or others (mode 644); run chmod 600"),
                      run.standardError)

        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let quiet = try LoadrunProcess(["--config", path, "--source", "secured"], environment: ["LOADRUN_TEST_TOKEN": "Bearer s3cret"])
        XCTAssertEqual(quiet.waitForExit(), .exited(0))
        XCTAssertFalse(quiet.standardError.contains("warning"), quiet.standardError)
    }
}

/// Request headers a server saw, across threads.
final class HeaderLog: Sendable {
    private let values = Mutex<[[String]]>([])
    func record(_ headers: [String]) { values.withLock { $0.append(headers) } }
    var all: [[String]] { values.withLock { $0 } }
}
