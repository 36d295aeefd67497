import Foundation
import SampleSource
import TestSupport
import XCTest

/// `-u`, `--netrc`, `--netrc-file` and the sources file's `user=`, through the real binary to
/// real servers on loopback, with real files and real modes.
final class CredentialTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-credentials-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A file in the test's directory with `text` and `mode`.
    private func file(_ name: String, _ text: String, mode: Int) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    /// A server whose `/posts` records the Authorization it got (`-` for none) and answers 200
    /// to anything, as an echo server does.
    private func recordingServer(_ seen: Record<String>) -> TestServer {
        TestServer { server, _ in
            server.route("/posts") { exchange in
                seen.append(exchange.requestHeader("Authorization") ?? "-")
                exchange.respond(status: 200, contentType: "application/json", text: Fixtures.posts(1))
            }
        }
    }

    func testUserGoesAsBasicWithTheFirstRequestAndAHeaderGoesInstead() throws {
        let seen = Record<String>()
        let server = recordingServer(seen)
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--no-cache", "-u", "alice:s3cret"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let empty = try LoadrunProcess(["--url", server.url("/posts"), "--no-cache", "-u", "alice:"])
        XCTAssertEqual(empty.waitForExit(), .exited(0), empty.standardError)
        let header = try LoadrunProcess(["--url", server.url("/posts"), "--no-cache", "-u", "alice:s3cret", "-H", "Authorization: Bearer t"])
        XCTAssertEqual(header.waitForExit(), .exited(0), header.standardError)
        XCTAssertEqual(seen.all, ["Basic YWxpY2U6czNjcmV0", "Basic YWxpY2U6", "Bearer t"])
    }

    /// SoupAuthDomainDigest challenges; loadrun answers once, and a wrong password ends as the
    /// 401 it is, as any 401 does.
    func testADigestChallengeIsAnsweredOnceAndAWrongPasswordEndsAsThe401() throws {
        let server = TestServer { server, _ in
            server.requireDigest(path: "/private", realm: "loadrun-test", user: "alice", password: "s3cret")
            server.route("/private") { exchange in
                exchange.respond(status: 200, contentType: "application/json", text: Fixtures.posts(1))
            }
        }
        let run = try LoadrunProcess(["--url", server.url("/private"), "--no-cache", "--plugin", "posts", "-u", "alice:s3cret"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.contains("Post number 1"), run.standardOutput)

        let wrong = try LoadrunProcess(["--url", server.url("/private"), "--no-cache", "--no-retry", "-u", "alice:wrong"])
        XCTAssertEqual(wrong.waitForExit(), .exited(2), wrong.standardError)
        XCTAssertTrue(wrong.standardError.contains("HTTP 401"), wrong.standardError)
        XCTAssertFalse(wrong.standardError.contains("wrong"), "the password is never said: \(wrong.standardError)")
        let none = try LoadrunProcess(["--url", server.url("/private"), "--no-cache", "--no-retry"])
        XCTAssertEqual(none.waitForExit(), .exited(2), none.standardError)
        XCTAssertTrue(none.standardError.contains("HTTP 401"), none.standardError)
    }

    func testTheNetrcGivesTheHostsEntryElseDefaultWithQuotedPasswords() throws {
        let seen = Record<String>()
        let server = recordingServer(seen)
        let byHost = try file("by-host.netrc", """
            machine example.com login nobody password no
            machine 127.0.0.1 login alice password "s3 cret"
            default login anon password guest
            """, mode: 0o600)
        let byDefault = try file("default.netrc", "machine example.com login nobody password no\ndefault login anon password guest\n", mode: 0o600)
        for netrc in [byHost, byDefault] {
            let run = try LoadrunProcess(["--url", server.url("/posts"), "--no-cache", "--netrc-file", netrc])
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        }
        // --netrc reads $HOME/.netrc; -u USER takes that login's password from it.
        _ = try file(".netrc", "machine 127.0.0.1 login bob password b0b\nmachine 127.0.0.1 login alice password \"s3 cret\"\n", mode: 0o600)
        let home = try LoadrunProcess(["--url", server.url("/posts"), "--no-cache", "--netrc", "-u", "alice"], environment: ["HOME": directory.path])
        XCTAssertEqual(home.waitForExit(), .exited(0), home.standardError)
        XCTAssertEqual(seen.all, ["Basic YWxpY2U6czMgY3JldA==", "Basic YW5vbjpndWVzdA==", "Basic YWxpY2U6czMgY3JldA=="])
    }

    func testANetrcOthersCanReadOrNoneAtAllIsAUsageError() throws {
        let open = try file("open.netrc", "default login anon password guest\n", mode: 0o640)
        let run = try LoadrunProcess(["--url", "http://127.0.0.1:9/posts", "--netrc-file", open])
        XCTAssertEqual(run.waitForExit(), .exited(64), run.standardError)
        XCTAssertTrue(run.standardError.contains("mode 640); run chmod 600 \(open)"), run.standardError)

        let missing = try LoadrunProcess(["--url", "http://127.0.0.1:9/posts", "--netrc"], environment: ["HOME": directory.path])
        XCTAssertEqual(missing.waitForExit(), .exited(64), missing.standardError)
        XCTAssertTrue(missing.standardError.contains("--netrc reads ~/.netrc, and there is no \(directory.path)/.netrc"), missing.standardError)

        let fifo = directory.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let special = try LoadrunProcess(["--url", "http://127.0.0.1:9/posts", "--netrc-file", fifo])
        XCTAssertEqual(special.waitForExit(), .exited(64), special.standardError)
        XCTAssertTrue(special.standardError.contains("a FIFO, not a regular file"), special.standardError)

        let alone = try LoadrunProcess(["--url", "http://127.0.0.1:9/posts", "-u", "alice"])
        XCTAssertEqual(alone.waitForExit(), .exited(64), alone.standardError)
        XCTAssertTrue(alone.standardError.contains("write alice:PASSWORD, or use --netrc"), alone.standardError)
    }

    /// libsoup 3.2.3 drops Authorization on a redirect to another port itself (measured: the
    /// test passes without loadrun's own stripping in `onRestarted`); this pins the outcome.
    func testCredentialsGoOnlyToTheSourcesOriginNotThroughARedirectToAnother() throws {
        let elsewhere = Record<String>()
        let other = recordingServer(elsewhere)
        let home = Record<String>()
        let server = TestServer { server, _ in
            server.route("/away", TestRoutes.redirect(to: other.url("/posts")))
            server.route("/here", TestRoutes.redirect(to: "/posts"))
            server.route("/posts") { exchange in
                home.append(exchange.requestHeader("Authorization") ?? "-")
                exchange.respond(status: 200, contentType: "application/json", text: Fixtures.posts(1))
            }
        }
        for path in ["/away", "/here"] {
            let run = try LoadrunProcess(["--url", server.url(path), "--no-cache", "--plugin", "posts", "-u", "alice:s3cret"])
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        }
        XCTAssertEqual(elsewhere.all, ["-"], "another origin gets no credentials")
        XCTAssertEqual(home.all, ["Basic YWxpY2U6czNjcmV0"], "the same origin keeps them")
    }

    func testANextPageOnAnotherOriginGetsNoCredentials() throws {
        let elsewhere = Record<String>()
        let other = recordingServer(elsewhere)
        let home = Record<String>()
        let server = TestServer { server, _ in
            server.route("/posts") { exchange in
                home.append(exchange.requestHeader("Authorization") ?? "-")
                exchange.setHeader("Link", "<\(other.url("/posts"))>; rel=\"next\"")
                exchange.respond(status: 200, contentType: "application/json", text: Fixtures.posts(1))
            }
        }
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--no-cache", "--pages", "2", "--follow-cross-host", "-u", "alice:s3cret"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(home.all, ["Basic YWxpY2U6czNjcmV0"])
        XCTAssertEqual(elsewhere.all, ["-"], "the next page, on another port, is loaded without them")
    }

    func testUserInTheSourcesFileIsSentListedMaskedAndTheCommandLineGoesOver() throws {
        let seen = Record<String>()
        let server = recordingServer(seen)
        let config = try file("sources.conf", "[source api]\nurl=\(server.url("/posts"))\nuser=alice:s3cret\n", mode: 0o600)
        let run = try LoadrunProcess(["--config", config, "--source", "api", "--no-cache"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let over = try LoadrunProcess(["--config", config, "--source", "api", "--no-cache", "-u", "bob:b0b"])
        XCTAssertEqual(over.waitForExit(), .exited(0), over.standardError)
        XCTAssertEqual(seen.all, ["Basic YWxpY2U6czNjcmV0", "Basic Ym9iOmIwYg=="])

        let listing = try LoadrunProcess(["sources", "--config", config])
        XCTAssertEqual(listing.waitForExit(), .exited(0), listing.standardError)
        XCTAssertTrue(listing.standardOutput.contains("\talice:***\t"), listing.standardOutput)
        XCTAssertFalse(listing.standardOutput.contains("s3cret"), listing.standardOutput)

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config)
        let exposed = try LoadrunProcess(["sources", "--config", config])
        XCTAssertEqual(exposed.waitForExit(), .exited(0), exposed.standardError)
        XCTAssertTrue(exposed.standardError.contains("holds a secret (the password in the user of api)"), exposed.standardError)
    }

    /// As curl does: the password of `-u` is blanked in argv, which anyone may read in
    /// /proc/PID/cmdline, while the run lasts.
    func testThePasswordIsBlankedInTheProcesssArguments() throws {
        let release = Flag()
        let requests = Counter()
        let server = TestServer { server, loop in
            server.route("/posts", TestRoutes.held(until: release, on: loop, body: Fixtures.posts(1), requests: requests))
        }
        let run = try LoadrunProcess(["-u", "alice:s3cret", "--user=bob:b0bpass", "-kucarol:c4rolpw", "-qu", "dave:d4vepw", "--no-cache", server.url("/posts")])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { requests.count == 1 }, "the load is in flight")
        let arguments = try String(decoding: Data(contentsOf: URL(fileURLWithPath: "/proc/\(run.pid)/cmdline")), as: UTF8.self)
        release.set()
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(arguments.contains("alice:******"), arguments)
        XCTAssertTrue(arguments.contains("--user=bob:*******"), arguments)
        XCTAssertTrue(arguments.contains("-kucarol:******") && arguments.contains("dave:******"), arguments)
        XCTAssertFalse(["s3cret", "b0bpass", "c4rolpw", "d4vepw"].contains { arguments.contains($0) }, arguments)
    }

    /// Issue 57: a Digest server that calls every nonce stale got 21 requests and ended in
    /// libsoup's "Message was restarted too many times". The challenges are answered a few
    /// times, and then the load fails in loadrun's words, which say what to check.
    func testADigestServerThatCallsEveryNonceStaleIsGivenUp() throws {
        let challenge = "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Digest realm=\"x\", nonce=\"n\", qop=\"auth\", algorithm=MD5, stale=true\r\n"
            + "Content-Length: 0\r\n\r\n"
        let server = RawHTTPServer(.keepAlive(first: challenge, then: challenge))
        let run = try LoadrunProcess(["-u", "alice:s3cret", "--no-retry", "--no-cache", server.url("/private")])
        XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
        XCTAssertTrue(run.standardError.contains("challenged the request 4 times in a row, each answered with its credentials"), run.standardError)
        XCTAssertTrue(run.standardError.contains("check the user and password"), run.standardError)
        XCTAssertFalse(run.standardError.contains("restarted too many times"), run.standardError)
        XCTAssertLessThanOrEqual(server.requests, 5, "not 21")
    }

    /// curl's shapes: `-uUSER:PW` attached, `-qu USER:PW` grouped; and a mistyped letter is
    /// said alone, never with the password after it.
    func testAttachedAndGroupedShortOptionsAreReadAsCurlReadsThem() throws {
        let seen = Record<String>()
        let server = recordingServer(seen)
        for shape in [["-ualice:s3cret"], ["-qu", "alice:s3cret"], ["-qualice:s3cret"], ["-kH", "Authorization: Basic YWxpY2U6czNjcmV0"]] {
            let run = try LoadrunProcess(shape + ["--url", server.url("/posts"), "--no-cache"])
            XCTAssertEqual(run.waitForExit(), .exited(0), "\(shape): \(run.standardError)")
        }
        XCTAssertEqual(seen.all, Array(repeating: "Basic YWxpY2U6czNjcmV0", count: 4))
        for shape in [["-Zualice:s3cret"], ["-qZu", "alice:s3cret"], ["-qu"]] {
            let refused = try LoadrunProcess(shape + ["--url", server.url("/posts"), "--no-cache"])
            XCTAssertEqual(refused.waitForExit(), .exited(64), refused.standardError)
            XCTAssertFalse(refused.standardError.contains("s3cret"), refused.standardError)
        }
    }

    /// A password in `[defaults]` is for the file's own sources: a URL typed on the command
    /// line names a host the file never chose, and gets none.
    func testADefaultsPasswordGoesToTheFilesSourcesNotToATypedURL() throws {
        let seen = Record<String>()
        let server = recordingServer(seen)
        let config = try file("sources.conf", "[defaults]\nuser=alice:s3cret\n\n[source api]\nurl=\(server.url("/posts"))\n", mode: 0o600)
        let own = try LoadrunProcess(["--config", config, "--source", "api", "--no-cache"])
        XCTAssertEqual(own.waitForExit(), .exited(0), own.standardError)
        let typed = try LoadrunProcess(["--config", config, server.url("/posts"), "--no-cache"])
        XCTAssertEqual(typed.waitForExit(), .exited(0), typed.standardError)
        XCTAssertEqual(seen.all, ["Basic YWxpY2U6czNjcmV0", "-"])
    }

    /// `-vv` shows the header as libsoup's logger writes it, which itself hides a Basic
    /// password (`Basic [alice:******]`).
    func testVerboseMasksTheAuthorizationAndVeryVerboseShowsTheUser() throws {
        let server = recordingServer(Record<String>())
        for (flag, shown) in [("-v", "> Authorization: Basic *** (-vv shows it)"), ("-vv", "> Authorization: Basic [alice:")] {
            let run = try LoadrunProcess(["--url", server.url("/posts"), "--no-cache", flag, "-u", "alice:s3cret", "--output", "ndjson"])
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
            XCTAssertTrue(run.standardError.contains(shown), "\(flag): \(run.standardError)")
            if flag == "-v" { XCTAssertFalse((run.standardError + run.standardOutput).contains("YWxpY2U6czNjcmV0"), run.standardError) }
        }
    }
}
