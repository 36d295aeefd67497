import Foundation
import SampleSource
import TestSupport
import XCTest

/// The run's cookie jar, `-b` and `-c`, through the real binary to a server that sets cookies,
/// redirects, and records the Cookie header each request brought; curl is the judge of the
/// file `-c` writes.
final class CookieTests: XCTestCase {
    /// `/set?NAME=VALUE` sets the cookie and redirects to `/show` (or to `to`); `/show`
    /// answers and records the Cookie header it got (`-` for none).
    private func cookieServer(_ seen: Record<String>) -> TestServer {
        TestServer { server, _ in
            server.route("/set") { exchange in
                for (name, value) in exchange.query where name != "to" { exchange.setHeader("Set-Cookie", "\(name)=\(value); Path=/") }
                exchange.setHeader("Location", exchange.query["to"] ?? "/show")
                exchange.respond(status: 302, text: "")
            }
            server.route("/show") { exchange in
                let cookie = exchange.requestHeader("Cookie") ?? "-"
                seen.append(cookie)
                exchange.respond(status: 200, contentType: "application/json", text: "{\"cookie\": \"\(cookie)\"}")
            }
        }
    }

    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-cookies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    func testACookieSetOnARedirectIsSentToItsTarget() throws {
        let seen = Record<String>()
        let server = cookieServer(seen)
        let run = try LoadrunProcess([server.url("/set?session=abc"), "--no-cache", "--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(seen.all, ["session=abc"])
    }

    func testTheJarIsWrittenAsCurlReadsItAndReadBackWithB() throws {
        let seen = Record<String>()
        let server = cookieServer(seen)
        let jar = try temporaryDirectory().appendingPathComponent("jar.txt").path
        let write = try LoadrunProcess(["-c", jar, server.url("/set?session=abc"), "--no-cache", "--output", "json"])
        XCTAssertEqual(write.waitForExit(), .exited(0), write.standardError)
        let attributes = try FileManager.default.attributesOfItem(atPath: jar)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600, "the jar is the user's alone")
        let text = try String(contentsOfFile: jar, encoding: .utf8)
        XCTAssertTrue(text.contains("127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\tabc\n"), text)

        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "-o", "/dev/null", "-b", jar, server.url("/show")]
        try curl.run()
        curl.waitUntilExit()
        XCTAssertEqual(curl.terminationStatus, 0)
        let read = try LoadrunProcess(["-b", jar, server.url("/show"), "--no-cache", "--output", "json"])
        XCTAssertEqual(read.waitForExit(), .exited(0), read.standardError)
        XCTAssertEqual(seen.all, ["session=abc", "session=abc", "session=abc"], "loadrun's redirect, curl's read, loadrun's read")
    }

    func testACookieNeverGoesToAnotherHost() throws {
        let seen = Record<String>()
        let server = cookieServer(seen)
        // The same server under another name: a cookie of 127.0.0.1 is not localhost's.
        let elsewhere = server.url("/show").replacingOccurrences(of: "127.0.0.1", with: "localhost")
        let set = try LoadrunProcess([server.url("/set?session=abc&to=\(elsewhere)"), "--no-cache", "--output", "json"])
        XCTAssertEqual(set.waitForExit(), .exited(0), set.standardError)
        let given = try LoadrunProcess(["-b", "token=t1", server.url("/set?to=\(elsewhere)"), "--no-cache", "--output", "json"])
        XCTAssertEqual(given.waitForExit(), .exited(0), given.standardError)
        let own = try LoadrunProcess(["-b", "token=t1; theme=dark", server.url("/show"), "--no-cache", "--output", "json"])
        XCTAssertEqual(own.waitForExit(), .exited(0), own.standardError)
        XCTAssertEqual(seen.all.count, 3)
        XCTAssertEqual(Array(seen.all.prefix(2)), ["-", "-"], "neither the server's cookie nor a given one reaches another host")
        XCTAssertEqual(Set(seen.all[2].components(separatedBy: "; ")), ["token=t1", "theme=dark"])
    }

    /// Cookies given for a source are its own, as its headers are: to its origin alone, not
    /// to another port of its host, and two sources on one host each send their own.
    func testGivenCookiesGoToTheSourcesOwnOriginAndEachSourceSendsItsOwn() throws {
        let seen = Record<String>()
        let server = cookieServer(seen)
        let otherSeen = Record<String>()
        let otherPort = cookieServer(otherSeen)
        let run = try LoadrunProcess(["-b", "token=t1", server.url("/set?to=\(otherPort.url("/show"))"), "--no-cache", "--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(otherSeen.all, ["-"], "another port of the host gets none of the source's cookies")

        let config = try temporaryDirectory().appendingPathComponent("sources.conf").path
        try "[source a]\nurl=\(server.url("/show?a"))\ncookies=sid=A\n[source b]\nurl=\(server.url("/show?b"))\ncookies=sid=B\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let both = try LoadrunProcess(["--config", config, "a", "b", "--no-cache", "--output", "json"])
        XCTAssertEqual(both.waitForExit(), .exited(0), both.standardError)
        XCTAssertEqual(Set(seen.all), ["sid=A", "sid=B"])

        let unparsed = try LoadrunProcess(["-H", "Cookie: token123", server.url("/show")])
        XCTAssertEqual(unparsed.waitForExit(), .exited(64), "a Cookie header loadrun cannot read is said, not dropped")
    }

    func testTheSourcesFilesCookiesAndAHeaderCookieAreSentAndVerboseMasksThem() throws {
        let seen = Record<String>()
        let server = cookieServer(seen)
        let config = try temporaryDirectory().appendingPathComponent("sources.conf").path
        try "[source api]\nurl=\(server.url("/show"))\ncookies=a=1; b=2\n".write(toFile: config, atomically: true, encoding: .utf8)
        let run = try LoadrunProcess(["--config", config, "api", "-b", "b=3", "-H", "Cookie: c=4", "--no-cache", "--output", "json", "-v"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(Set((seen.all.first ?? "").components(separatedBy: "; ")), ["a=1", "b=3", "c=4"])
        XCTAssertTrue(run.standardError.contains("> Cookie: ***"), run.standardError)
        XCTAssertFalse(run.standardError.contains("a=1"), run.standardError)
    }

    func testAStaleCompactOutputDashCIsToldWhatToGive() throws {
        let named = try LoadrunProcess(["-c", "posts"])
        XCTAssertEqual(named.waitForExit(), .exited(64))
        XCTAssertTrue(named.standardError.contains("--compact-output"), named.standardError)
        let last = try LoadrunProcess(["posts", "-c"])
        XCTAssertEqual(last.waitForExit(), .exited(64))
        XCTAssertTrue(last.standardError.contains("--compact-output"), last.standardError)
        let compact = try LoadrunProcess(["posts", "--compact-output", "--output", "json"])
        XCTAssertEqual(compact.waitForExit(), .exited(0), compact.standardError)
        XCTAssertEqual(compact.standardOutput.split(separator: "\n").count, 1)
    }

    /// httpbin, the peer curl users try: its /cookies/set redirects to /cookies, which says
    /// what it was sent.
    func testHTTPBinsCookieSetThroughTheRedirectIsSentBack() throws {
        let httpbin = try HTTPBinPeer()
        let run = try LoadrunProcess([httpbin.url("/cookies/set?a=1"), "--no-cache", "--output", "json", "-v"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(object["cookies"] as? [String: String], ["a": "1"])
        XCTAssertTrue(run.standardError.contains("> Cookie: ***"), run.standardError)
    }
}
