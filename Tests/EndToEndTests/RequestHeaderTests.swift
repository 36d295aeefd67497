import Foundation
import SampleSource
import TestSupport
import XCTest

/// `-H` and `-A`, as curl reads them, through the real binary to a server that records what
/// it received.
final class RequestHeaderTests: XCTestCase {
    private let names = ["X-Token", "Accept", "User-Agent", "Accept-Encoding", "X-Empty"]

    /// A server whose `/posts` records `names` (`-` for absent) and answers one post.
    private func recordingServer(_ seen: Record<[String]>) -> TestServer {
        TestServer { [names] server, _ in
            server.route("/posts") { exchange in
                seen.append(names.map { exchange.requestHeader($0) ?? "-" })
                exchange.respond(status: 200, contentType: "application/json", text: Fixtures.posts(1))
            }
        }
    }

    func testHeadersAreSentRemovedOrEmptiedAndTheUserAgentIsTheUsers() throws {
        let seen = Record<[String]>()
        let server = recordingServer(seen)
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--no-cache", "-H", "X-Token: env:LOADRUN_TEST_TOKEN",
                                      "-H", "Accept:", "-H", "Accept-Encoding:", "-H", "X-Empty;", "-A", "probe/1"],
                                     environment: ["LOADRUN_TEST_TOKEN": "s3cret"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(seen.all, [["s3cret", "-", "probe/1", "-", ""]])

        let plain = try LoadrunProcess(["--url", server.url("/posts"), "--no-cache"])
        XCTAssertEqual(plain.waitForExit(), .exited(0), plain.standardError)
        let defaults = try XCTUnwrap(seen.all.last)
        XCTAssertEqual(defaults[0], "-")
        XCTAssertTrue(defaults[1].contains("application/json"), "loadrun's own Accept: \(defaults[1])")
        XCTAssertEqual(defaults[2], "loadrun/0.1")
        XCTAssertNotEqual(defaults[3], "-", "loadrun asks for gzip and deflate unless told not to")
    }

    func testTheSourcesFilesUserAgentIsWhatTheServerGetsAndTheCommandLineGoesOverIt() throws {
        let seen = Record<[String]>()
        let server = recordingServer(seen)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-headers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("sources.conf").path
        try "[source api]\nurl=\(server.url("/posts"))\nheaders=User-Agent=mine/2;X-Token=from-file\n".write(toFile: config, atomically: true, encoding: .utf8)

        let fromFile = try LoadrunProcess(["--config", config, "--source", "api", "--no-cache"])
        XCTAssertEqual(fromFile.waitForExit(), .exited(0), fromFile.standardError)
        let overridden = try LoadrunProcess(["--config", config, "--source", "api", "--no-cache", "-H", "X-Token: from-flag", "-H", "User-Agent:"])
        XCTAssertEqual(overridden.waitForExit(), .exited(0), overridden.standardError)
        XCTAssertEqual(seen.all.map { [$0[0], $0[2]] }, [["from-file", "mine/2"], ["from-flag", "-"]])
    }

    /// libsoup's auth manager is left off messages without user:password@ (it costs every
    /// message five handlers), and kept for those with: a Basic challenge is still answered.
    func testCredentialsInTheURLAnswerABasicChallengeAndOtherwiseA401Stands() throws {
        let seen = Record<[String]>()
        let server = TestServer { server, _ in
            server.route("/private") { exchange in
                let authorization = exchange.requestHeader("Authorization") ?? "-"
                seen.append([authorization])
                guard authorization == "Basic dTpw" else {  // u:p
                    exchange.setHeader("WWW-Authenticate", "Basic realm=\"test\"")
                    return exchange.respond(status: 401, text: "")
                }
                exchange.respond(status: 200, contentType: "application/json", text: Fixtures.posts(1))
            }
        }
        let withCredentials = server.url("/private").replacingOccurrences(of: "http://", with: "http://u:p@")
        let run = try LoadrunProcess(["--url", withCredentials, "--plugin", "posts", "--no-cache"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.contains("Post number 1"), run.standardOutput)
        XCTAssertEqual(seen.all, [["-"], ["Basic dTpw"]], "challenged, then answered")

        let without = try LoadrunProcess(["--url", server.url("/private"), "--plugin", "posts", "--no-cache"])
        XCTAssertEqual(without.waitForExit(), .exited(2))
        XCTAssertTrue(without.standardError.contains("HTTP 401"), without.standardError)
    }

    func testHeadersGoOnlyToTheSourcesOwnOriginNotThroughARedirectToAnother() throws {
        let elsewhere = Record<[String]>()
        let other = recordingServer(elsewhere)
        let home = Record<[String]>()
        let server = TestServer { [names] server, _ in
            server.route("/away", TestRoutes.redirect(to: other.url("/posts")))
            server.route("/here", TestRoutes.redirect(to: "/posts"))
            server.route("/posts") { exchange in
                home.append(names.map { exchange.requestHeader($0) ?? "-" })
                exchange.respond(status: 200, contentType: "application/json", text: Fixtures.posts(1))
            }
        }
        for path in ["/away", "/here"] {
            let run = try LoadrunProcess(["--url", server.url(path), "--no-cache", "--plugin", "posts", "-H", "X-Token: abc", "-A", "probe/1"])
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        }
        XCTAssertEqual(elsewhere.all.map { [$0[0], $0[2]] }, [["-", "loadrun/0.1"]], "another origin gets neither the token nor the user's agent")
        XCTAssertEqual(home.all.map { [$0[0], $0[2]] }, [["abc", "probe/1"]], "the same origin keeps them")
    }

    func testABadHeaderIsAUsageErrorThatNamesIt() throws {
        for (header, words) in [("Bad Name: x", #""Bad Name" is not a header name"#), ("X-Line: a\nb", "spans lines"),
                                ("no-colon", "is not a header"), ("X-Missing: env:LOADRUN_UNSET_VARIABLE", "LOADRUN_UNSET_VARIABLE is not set")] {
            let run = try LoadrunProcess(["--url", "http://127.0.0.1:9/posts", "-H", header])
            XCTAssertEqual(run.waitForExit(), .exited(64), header)
            XCTAssertTrue(run.standardError.contains(words), "\(header): \(run.standardError)")
        }
    }
}
