import Foundation
import SampleSource
import TestSupport
import XCTest

/// curl's spellings of what loadrun does: -s, -L, -f, --compressed, --max-redirs.
final class CurlSpellingTests: XCTestCase {
    /// `/hop?left=N` redirects to `left=N-1`, and `left=0` answers; `/missing` is a 404.
    private func server() -> TestServer {
        TestServer { server, _ in
            server.route("/hop") { exchange in
                let left = Int(exchange.query["left"] ?? "") ?? 0
                guard left == 0 else {
                    exchange.setHeader("Location", "/hop?left=\(left - 1)")
                    return exchange.respond(status: 302, text: "")
                }
                exchange.respond(status: 200, contentType: "application/json", text: "{\"arrived\": true}")
            }
            server.route("/missing") { exchange in exchange.respond(status: 404, text: "not here") }
        }
    }

    func testCurlsFlagsAreAcceptedAndSilentIsQuiet() throws {
        let server = server()
        let run = try LoadrunProcess(["-sLf", "--compressed", server.url("/hop?left=2"), "--no-cache"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "{\n  \"arrived\": true\n}\n")
        XCTAssertEqual(run.standardError, "", "-s says nothing but errors")
        let failed = try LoadrunProcess(["-s", "-f", server.url("/missing"), "--no-cache", "--no-retry"])
        XCTAssertEqual(failed.waitForExit(), .exited(2))
        XCTAssertEqual(failed.standardOutput, "", "no error page as content")
        XCTAssertTrue(failed.standardError.contains("HTTP 404"), failed.standardError)
    }

    func testMaxRedirsEndsALongerChainAndSaysWhatToDo() throws {
        let server = server()
        let stopped = try LoadrunProcess(["--max-redirs", "2", server.url("/hop?left=3"), "--no-cache", "--no-retry"])
        XCTAssertEqual(stopped.waitForExit(), .exited(2))
        XCTAssertTrue(stopped.standardError.contains("redirected the request more than 2 times"), stopped.standardError)
        XCTAssertTrue(stopped.standardError.contains("--max-redirs"), stopped.standardError)
        let enough = try LoadrunProcess(["--max-redirs", "3", server.url("/hop?left=3"), "--no-cache"])
        XCTAssertEqual(enough.waitForExit(), .exited(0), enough.standardError)
        let none = try LoadrunProcess(["--max-redirs", "-1", server.url("/hop?left=0")])
        XCTAssertEqual(none.waitForExit(), .exited(64))
    }

    func testAnOptionOfCurlsThatLoadrunHasNotSaysWhatToUseInstead() throws {
        for (option, advice) in [("--data-binary", "-d @FILE"), ("-G", "put the query in the URL"), ("-e", "Referer"), ("--max-time", "--timeout")] {
            let run = try LoadrunProcess([option, "x", "http://127.0.0.1:9/"])
            XCTAssertEqual(run.waitForExit(), .exited(64))
            XCTAssertTrue(run.standardError.contains("\(option) is curl's") && run.standardError.contains(advice), run.standardError)
        }
    }

    func testWriteOutSaysTheStatusAndTimesAsCurlsDoes() throws {
        let server = server()
        let run = try LoadrunProcess(["-s", "-o", "/dev/null", "-w", "%{http_code} %{time_total} %{size_download}\\n", server.url("/hop?left=1"), "--no-cache"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertNotNil(run.standardOutput.wholeMatch(of: /200 0\.\d{6} 17\n/), run.standardOutput)
        XCTAssertEqual(run.standardError, "")
        var info = stat()
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "-o /dev/null writes into the device, never renames over it")

        let json = try LoadrunProcess(["-s", "-w", "%{json}", server.url("/missing"), "--no-cache", "--no-retry"])
        XCTAssertEqual(json.waitForExit(), .exited(2))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any], json.standardOutput)
        XCTAssertEqual(object["http_code"] as? Int, 404)
        XCTAssertEqual(object["url_effective"] as? String, server.url("/missing"))
        XCTAssertGreaterThan(object["time_total"] as? Double ?? 0, 0)

        let unknown = try LoadrunProcess(["-w", "%{speed}", server.url("/missing")])
        XCTAssertEqual(unknown.waitForExit(), .exited(64))
        XCTAssertTrue(unknown.standardError.contains("time_total"), unknown.standardError)
    }

    func testNDJSONLoadedAndFailedLinesCarryTheRequestsPhases() throws {
        let server = server()
        let run = try LoadrunProcess([server.url("/hop?left=0"), "http://127.0.0.1:9/refused", "--no-cache", "--no-retry", "--output", "ndjson"])
        _ = run.waitForExit()
        let lines = try run.standardOutput.split(separator: "\n").map { try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        for line in lines {
            let settled = ["loaded", "failed"].contains(line["to"] as? String)
            XCTAssertEqual(line["phases"] is NSNull, !settled, "\(line)")
        }
        let loaded = try XCTUnwrap(lines.first { $0["to"] as? String == "loaded" }?["phases"] as? [String: Any])
        XCTAssertEqual(Set(loaded.keys), ["dns_ms", "connect_ms", "tls_ms", "first_byte_ms", "total_ms"])
        XCTAssertGreaterThan(loaded["total_ms"] as? Double ?? 0, 0)
        XCTAssertGreaterThan(loaded["first_byte_ms"] as? Double ?? 0, 0)
        XCTAssertTrue(loaded["tls_ms"] is NSNull, "no TLS over http")
        let failed = try XCTUnwrap(lines.first { $0["to"] as? String == "failed" }?["phases"] as? [String: Any])
        XCTAssertTrue(failed["first_byte_ms"] is NSNull, "a refused connection had no first byte")
    }
}
