#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SampleSource
import TestSupport
import XCTest

/// `-v`, `-vv` and `-q`: what goes over the wire on stderr, masked and made safe, and nothing
/// but errors when quiet.
final class VerboseTests: XCTestCase {
    private func postsServer() -> TestServer {
        TestServer { server, _ in
            server.route("/posts") { $0.respond(status: 200, contentType: "application/json", text: Fixtures.posts(2)) }
            server.route("/moved", TestRoutes.redirect(to: "/posts"))
        }
    }

    func testVerboseShowsRequestResponseVersionAndPluginWithCredentialsMasked() throws {
        let server = postsServer()
        let run = try LoadrunProcess(["-v", "--url", server.url("/moved"), "--no-cache", "-H", "Authorization: Bearer s3cret", "-H", "Cookie: id=s3cret",
                                      "-H", "X-Api-Key: env:LOADRUN_TEST_KEY", "-H", "PRIVATE-TOKEN: s3cret"],
                                     environment: ["LOADRUN_TEST_KEY": "s3cret"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let lines = run.standardErrorLines
        for expected in ["> GET /moved HTTP/1.1", "> Authorization: Bearer *** (-vv shows it)", "> Cookie: *** (-vv shows it)",
                         "< HTTP/1.1 302 Found", "< Location: /posts", "* following the redirect to \(server.url("/posts"))",
                         "> GET /posts HTTP/1.1", "< HTTP/1.1 200 OK", "* HTTP/1.1 with 127.0.0.1:\(server.port)",
                         "* moved: posts took the response (the first in `loadrun plugins` to take it)"] {
            XCTAssertTrue(lines.contains(expected), "\(expected) in \(lines)")
        }
        XCTAssertFalse(run.standardError.contains("s3cret"), run.standardError)
        XCTAssertFalse(run.standardError.contains("Soup-Debug"), "libsoup's bookkeeping stays out")

        let unmasked = try LoadrunProcess(["-vv", "--url", server.url("/posts"), "--no-cache", "-H", "Authorization: Bearer s3cret"])
        XCTAssertEqual(unmasked.waitForExit(), .exited(0), unmasked.standardError)
        XCTAssertTrue(unmasked.standardErrorLines.contains("> Authorization: Bearer s3cret"), unmasked.standardError)
    }

    func testTraceWritesTheTraceToAFileWithTimesMaskedWithOrWithoutV() throws {
        let server = postsServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/trace"
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--no-cache", "--trace", file, "-H", "Authorization: Bearer s3cret"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertFalse(run.standardError.contains("> GET"), "without -v, stderr carries no trace: \(run.standardError)")
        let trace = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertTrue(trace.contains { $0.hasSuffix(" > GET /posts HTTP/1.1") }, "\(trace)")
        XCTAssertTrue(trace.contains { $0.contains("took the response") }, "the plugin's note too: \(trace)")
        XCTAssertTrue(trace.allSatisfy { $0.wholeMatch(of: /\d\d:\d\d:\d\d\.\d\d\d [>*<] .*/) != nil }, "each line after its time: \(trace)")
        XCTAssertFalse(trace.joined().contains("s3cret"), "masked as -v masks it")
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o600)

        let fifo = directory + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let refused = try LoadrunProcess(["--url", server.url("/posts"), "--trace", fifo])
        XCTAssertEqual(refused.waitForExit(), .exited(64), "a FIFO is refused, never waited on")
        XCTAssertEqual(refused.standardErrorLines.last, "loadrun: --trace \(fifo): it is a FIFO, not a regular file; name a file to write the trace to")
    }

    func testAFailedResponseShowsItsHeadToo() throws {
        let server = postsServer()
        let run = try LoadrunProcess(["-v", "--url", server.url("/missing"), "--no-cache"])
        XCTAssertEqual(run.waitForExit(), .exited(2))
        XCTAssertTrue(run.standardErrorLines.contains("< HTTP/1.1 404 Not Found"), run.standardError)
    }

    /// Issue 57: `-v -u` printed a 401's head twice (libsoup's logger printed it, its auth
    /// manager having read the body, and loadrun logged it as a body it never reads).
    func testA401sHeadIsShownOnceWithCredentialsOrWithout() throws {
        let server = TestServer { server, _ in
            server.route("/private") { exchange in
                exchange.setHeader("WWW-Authenticate", #"Basic realm="x""#)
                exchange.respond(status: 401, contentType: "text/plain", text: "no")
            }
        }
        for credentials in [["-u", "alice:wrong"], []] {
            let run = try LoadrunProcess(["-v", "--no-retry", "--no-cache", server.url("/private")] + credentials)
            XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
            XCTAssertEqual(run.standardErrorLines.filter { $0 == "< HTTP/1.1 401 Unauthorized" }.count, 1, "\(credentials): \(run.standardError)")
        }
    }

    func testAHostileServersHeadersAreMadeSafeAndCutPerLine() throws {
        // Long, but within what libsoup takes (a larger head fails the request: issue 15's).
        let huge = String(repeating: "A", count: 30 * 1024)
        let raw = RawHTTPServer(.respond("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Evil: \u{1B}]52;c;UFdORUQ=\u{07}\u{1B}[2Jgone\r\n"
                                         + "X-Huge: \(huge)\r\nContent-Length: 2\r\n\r\n[]"))
        let run = try LoadrunProcess(["-v", "--url", raw.url("/posts"), "--no-cache"])
        _ = run.waitForExit()
        let bytes = run.standardErrorBytes
        XCTAssertFalse(bytes.contains(0x1B), "no escape reaches the terminal")
        XCTAssertTrue(run.standardError.contains("< X-Evil: ␛]52;c;UFdORUQ=␇␛[2Jgone"), run.standardError)
        let longest = run.standardErrorLines.map(\.utf8.count).max() ?? 0
        XCTAssertLessThan(longest, 1100, "a 30 KiB header is one cut line")
        XCTAssertTrue(run.standardError.contains("… (29.7 KB more)"), run.standardError)
    }

    func testTLSShowsTheProtocolAndThePeerCertificate() throws {
        let authority = try TestCertificateAuthority()
        let server = TestServer(tlsCertificatePEM: try authority.serverPEM(.valid)) { server, _ in
            server.route("/posts") { $0.respond(status: 200, contentType: "application/json", text: Fixtures.posts(1)) }
        }
        let run = try LoadrunProcess(["-v", "--url", server.url("/posts"), "--cacert", authority.caFile, "--no-cache"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let lines = run.standardErrorLines
        XCTAssertTrue(lines.contains { $0.hasPrefix("* TLS 1.") }, "\(lines)")
        XCTAssertTrue(lines.contains("* certificate: CN=loadrun test server valid"), "\(lines)")
        XCTAssertTrue(lines.contains("* issued by: CN=loadrun test CA"), "\(lines)")
    }

    func testQuietKeepsOnlyErrors() throws {
        let server = postsServer()
        let quiet = try LoadrunProcess(["-q", "--url", server.url("/posts"), "--no-cache"])
        XCTAssertEqual(quiet.waitForExit(), .exited(0))
        XCTAssertEqual(quiet.standardError, "", "no URL line, no notes")
        XCTAssertTrue(quiet.standardOutput.contains("Post number 2"))
        let loud = try LoadrunProcess(["--url", server.url("/posts"), "--no-cache"])
        XCTAssertEqual(loud.waitForExit(), .exited(0))
        XCTAssertEqual(loud.standardErrorLines, ["posts: \(server.url("/posts"))"], "the line -q drops")
        let failing = try LoadrunProcess(["-q", "--url", server.url("/missing"), "--no-cache"])
        XCTAssertEqual(failing.waitForExit(), .exited(2))
        XCTAssertEqual(failing.standardErrorLines, ["missing: HTTP 404 Not Found from 127.0.0.1:\(server.port) — check the URL's path"])
        let both = try LoadrunProcess(["-q", "-v"])
        XCTAssertEqual(both.waitForExit(), .exited(64))
    }
}
