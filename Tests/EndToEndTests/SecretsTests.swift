#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// A URL's password is shown nowhere, as the injection tests check control bytes: one
/// payload, every output path. A server never makes loadrun read a local file, and a sources
/// file that is not the user's own cannot make it send their environment or files.
final class SecretsTests: XCTestCase {
    private let password = "s3cr3tPW"
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func withPassword(_ url: String) -> String {
        url.replacingOccurrences(of: "http://", with: "http://ada:\(password)@")
    }

    private func assertNoPassword(_ run: LoadrunProcess, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNotEqual(run.waitForExit(), .hung, what, file: file, line: line)
        XCTAssertFalse(run.standardOutput.contains(password), "\(what): stdout: \(run.standardOutput)", file: file, line: line)
        XCTAssertFalse(run.standardError.contains(password), "\(what): stderr: \(run.standardError)", file: file, line: line)
    }

    func testAPasswordInAURLAppearsInNoOutput() throws {
        // The redirect names the server's own port, known once it listens.
        let port = Record<Int>()
        let server = TestServer { server, _ in
            server.route("/posts", TestRoutes.fixed(#"[{"id":1,"title":"t","body":"b"}]"#))
            server.route("/missing", TestRoutes.fixed(status: 404, "{}"))
            server.route("/moved") { exchange in
                exchange.setHeader("Location", "http://ada:s3cr3tPW@127.0.0.1:\(port.all.first ?? 0)/posts")
                exchange.respond(status: 302, text: "")
            }
        }
        port.append(server.port)
        let posts = withPassword(server.url("/posts"))
        let cases: [(String, [String])] = [
            ("the announce line", ["--url", posts]),
            ("-v", ["-v", "--url", posts]),
            ("-v through a redirect that carries a password", ["-v", "--url", server.url("/moved")]),
            ("an HTTP error", ["--url", withPassword(server.url("/missing"))]),
            ("ndjson", ["--output", "ndjson", "--url", withPassword("http://127.0.0.1:9/x"), "--no-retry"]),
            ("a usage error", ["--url", "gopher://ada:\(password)@127.0.0.1/"]),
            ("a watch", ["--watch", "100ms", "--url", withPassword("http://127.0.0.1:9/x"), "--no-retry", "--output", "json"]),
        ]
        for (what, arguments) in cases {
            let run = try LoadrunProcess(arguments)
            if arguments.contains("--watch") {
                XCTAssertTrue(run.waitForStandardError(containing: "connection refused"), run.standardError)
                run.send(SIGTERM)
            }
            assertNoPassword(run, what)
            XCTAssertTrue(run.standardError.contains("ada:***@") || what == "an HTTP error" || what == "ndjson" || what.hasPrefix("-v through"),
                          "\(what): the user stays, the password is masked: \(run.standardError)")
        }
        let redirected = try LoadrunProcess(["-v", "--url", server.url("/moved")])
        _ = redirected.waitForExit()
        XCTAssertTrue(redirected.standardErrorLines.contains { $0.hasPrefix("< Location: http://ada:***@127.0.0.1:") }, redirected.standardError)
        XCTAssertTrue(redirected.standardErrorLines.contains { $0.hasPrefix("* following the redirect to http://ada:***@127.0.0.1:") }, redirected.standardError)
        let unmasked = try LoadrunProcess(["-vv", "--url", server.url("/moved")])
        _ = unmasked.waitForExit()
        XCTAssertTrue(unmasked.standardError.contains("< Location: http://ada:\(password)@"), "-vv shows it, as asked: \(unmasked.standardError)")
    }

    func testAPasswordInAURLListOrASourcesFileAppearsInNoOutput() throws {
        let list = directory.appendingPathComponent("urls.txt")
        try "gopher://ada:\(password)@127.0.0.1/x\n".write(to: list, atomically: true, encoding: .utf8)
        let fromList = try LoadrunProcess(["--url-file", list.path])
        assertNoPassword(fromList, "--url-file")
        XCTAssertEqual(fromList.waitForExit(), .exited(64), fromList.standardError)

        let config = directory.appendingPathComponent("sources.conf")
        try "[source mine]\nurl=http://ada:\(password)@127.0.0.1:9/x\n".write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o644)
        let listing = try LoadrunProcess(["sources", "--config", config.path])
        assertNoPassword(listing, "loadrun sources")
        XCTAssertTrue(listing.standardOutput.contains("http://ada:***@127.0.0.1:9/x"), listing.standardOutput)
        XCTAssertTrue(listing.standardError.contains("holds a secret (the password in the url of mine) and is readable by group or others (mode 644)"),
                      "a world-readable file with a password is warned of: \(listing.standardError)")
        let run = try LoadrunProcess(["--config", config.path, "--source", "mine", "--no-retry"])
        assertNoPassword(run, "a source from the file")
    }

    /// With --follow-cross-host too: a server's next link to file:// is never followed.
    func testANextLinkToALocalFileIsNeverFollowed() throws {
        let secret = directory.appendingPathComponent("secret.json")
        try #"[{"id":99,"title":"LOCAL SECRET","body":"b"}]"#.write(to: secret, atomically: true, encoding: .utf8)
        let server = TestServer { server, _ in
            server.route("/posts") { exchange in
                exchange.setHeader("Link", "<\(secret.absoluteString)>; rel=\"next\"")
                exchange.respond(status: 200, contentType: "application/json", body: Array(#"[{"id":1,"title":"first","body":"b"}]"#.utf8))
            }
        }
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--all-pages", "--follow-cross-host", "--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertFalse(run.standardOutput.contains("LOCAL SECRET"), run.standardOutput)
        XCTAssertTrue(run.standardError.contains("stopped paging: the next link is not an http or https URL (\(secret.absoluteString))"), run.standardError)
    }

    func testAPasswordInAURLIsNotWrittenIntoTheHistory() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(#"[{"id":1,"title":"t","body":"b"}]"#)) }
        let state = directory.appendingPathComponent("state").path
        let run = try LoadrunProcess(["--url", withPassword(server.url("/posts"))], environment: ["XDG_STATE_HOME": state])
        assertNoPassword(run, "the load")
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let files = try FileManager.default.contentsOfDirectory(atPath: state + "/loadrun")
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: state + "/loadrun/" + file))
            XCTAssertNil(bytes.range(of: Data(password.utf8)), "\(file) holds the password")
        }
        let listing = try LoadrunProcess(["history"], environment: ["XDG_STATE_HOME": state])
        XCTAssertEqual(listing.waitForExit(), .exited(0), listing.standardError)
        XCTAssertTrue(listing.standardOutput.contains("http://ada:***@127.0.0.1"), listing.standardOutput)
    }

    func testADataFileIsReadOnlyFromASourcesFileThatIsTheUsersOwn() throws {
        let bodies = Record<String>()
        let server = TestServer { server, _ in
            server.route("/x") { exchange in
                bodies.append(String(decoding: exchange.requestBody, as: UTF8.self))
                exchange.respond(status: 200, contentType: "application/json", body: Array("[]".utf8))
            }
        }
        let secret = directory.appendingPathComponent("secret")
        try "private words\n".write(to: secret, atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("sources.conf")
        try "[source x]\nurl=\(server.url("/x"))\ndata=@\(secret.path)\n".write(to: config, atomically: true, encoding: .utf8)
        for mode: mode_t in [0o666, 0o646, 0o664] {
            chmod(config.path, mode)
            let refused = try LoadrunProcess(["--config", config.path, "--all", "--no-history"])
            XCTAssertEqual(refused.waitForExit(), .exited(64), refused.standardError)
            XCTAssertTrue(refused.standardError.contains("\(config.path):3: data: @FILE values are read only from a sources file that is yours and that no one else can write"),
                          refused.standardError)
        }
        XCTAssertEqual(bodies.all, [], "nothing was sent")
        chmod(config.path, 0o600)
        let allowed = try LoadrunProcess(["--config", config.path, "--all", "--no-history"])
        XCTAssertEqual(allowed.waitForExit(), .exited(0), allowed.standardError)
        XCTAssertEqual(bodies.all, ["private words\n"], "the user's own file sends what it names")
        chmod(config.path, 0o666)
        let overridden = try LoadrunProcess(["--config", config.path, "--all", "--no-history", "-d", "mine"])
        XCTAssertEqual(overridden.waitForExit(), .exited(0), "the command line's body reads nothing of the file's: \(overridden.standardError)")
    }

    func testEnvAndFileHeadersNeedASourcesFileThatIsTheUsersOwn() throws {
        let token = directory.appendingPathComponent("token")
        try "t0ken\n".write(to: token, atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("sources.conf")
        try "[source mine]\nurl=http://127.0.0.1:9/x\nheaders=X-Token=file:\(token.path);X-Home=env:HOME\n".write(to: config, atomically: true, encoding: .utf8)
        chmod(config.path, 0o664)
        let refused = try LoadrunProcess(["--config", config.path, "--source", "mine", "--no-retry"])
        XCTAssertEqual(refused.waitForExit(), .exited(64), refused.standardError)
        XCTAssertTrue(refused.standardError.contains("\(config.path):3: headers: env: and file: values are read only from a sources file that is yours and that no one else can write, and group or others can write it (mode 664)"),
                      refused.standardError)
        chmod(config.path, 0o644)
        let allowed = try LoadrunProcess(["--config", config.path, "--source", "mine", "--no-retry"])
        XCTAssertEqual(allowed.waitForExit(), .exited(2), "loads, and fails only to connect: \(allowed.standardError)")
    }

    /// Issue 57: `jq=` in a world-writable file read `$ENV.SECRET` and put it in the URL an
    /// item opened. From such a file jq sees no environment and no file names; from the
    /// user's own, and with --jq, it sees them as jq does.
    func testAJQProgramFromASourcesFileOthersCanWriteSeesNoEnvironment() throws {
        let server = TestServer { server, _ in server.route("/x", TestRoutes.fixed(#"[{"id":1}]"#)) }
        let config = directory.appendingPathComponent("sources.conf")
        let program = #"[{secret: ($ENV.LOADRUN_TEST_SECRET // "none"), env: (env.LOADRUN_TEST_SECRET // "none"), file: input_filename}]"#
        try "[source x]\nurl=\(server.url("/x"))\njq=\(program)\n".write(to: config, atomically: true, encoding: .utf8)
        let environment = ["LOADRUN_TEST_SECRET": "hunter2"]
        for mode: mode_t in [0o666, 0o646, 0o664] {
            chmod(config.path, mode)
            let confined = try LoadrunProcess(["--config", config.path, "--source", "x", "--no-history", "--output", "json"], environment: environment)
            XCTAssertEqual(confined.waitForExit(), .exited(0), confined.standardError)
            XCTAssertFalse(confined.standardOutput.contains("hunter2"), "mode \(String(mode, radix: 8)): \(confined.standardOutput)")
            XCTAssertTrue(confined.standardOutput.contains(#""secret": "none""#) && confined.standardOutput.contains(#""env": "none""#),
                          confined.standardOutput)
        }
        chmod(config.path, 0o600)
        let own = try LoadrunProcess(["--config", config.path, "--source", "x", "--no-history", "--output", "json"], environment: environment)
        XCTAssertEqual(own.waitForExit(), .exited(0), own.standardError)
        XCTAssertTrue(own.standardOutput.contains(#""secret": "hunter2""#) && own.standardOutput.contains(#""env": "hunter2""#), own.standardOutput)
        chmod(config.path, 0o666)
        let given = try LoadrunProcess(["--config", config.path, "--source", "x", "--no-history", "--output", "json", "--jq", program],
                                       environment: environment)
        XCTAssertEqual(given.waitForExit(), .exited(0), given.standardError)
        XCTAssertTrue(given.standardOutput.contains(#""secret": "hunter2""#), "the user's own --jq: \(given.standardOutput)")
    }
}
