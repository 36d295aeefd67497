import Foundation
import TestSupport
import XCTest

/// Peers that lie about their framing, encoding or headers, through the real binary: each is
/// refused with its own reason and exit 2, never loaded as if it were the answer.
final class BrokenServerTests: XCTestCase {
    private let post = #"[{"userId":1,"id":1,"title":"t","body":"b"}]"#

    /// The one error line of a run against `raw`, after checking it failed with exit 2 and
    /// printed nothing on stdout.
    private func failure(_ raw: RawHTTPServer, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try LoadrunProcess(["--url", raw.url("/posts"), "--plugin", "posts", "--no-cache", "--no-retry"])
        XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError, file: file, line: line)
        XCTAssertEqual(run.standardOutput, "", file: file, line: line)
        return try XCTUnwrap(run.standardErrorLines.last, file: file, line: line)
    }

    private func head(_ fields: String) -> String {
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\(fields)\r\n"
    }

    func testConflictingContentLengthsAreRefused() throws {
        let raw = RawHTTPServer(.respond(head("Content-Length: 44\r\nContent-Length: 49\r\n") + post))
        let error = try failure(raw)
        XCTAssertEqual(error, "posts: 127.0.0.1:\(raw.port) sent conflicting Content-Length headers (44 and 49) — "
                       + "the body's end is unknown, so it is not used; the server or a proxy in between is broken")
    }

    func testANegativeOrOverflowingContentLengthIsRefused() throws {
        for value in ["-1", "99999999999999999999999"] {
            let raw = RawHTTPServer(.respond(head("Content-Length: \(value)\r\n") + post))
            XCTAssertTrue(try failure(raw).contains("sent an invalid Content-Length (\(value))"), value)
        }
    }

    func testGzipThatIsNotGzipOrFailsItsCheckIsRefused() throws {
        let plain = RawHTTPServer(.respond(head("Content-Encoding: gzip\r\nContent-Length: 44\r\n") + post))
        XCTAssertTrue(try failure(plain).hasPrefix("posts: the body from 127.0.0.1:\(plain.port) does not decode as its Content-Encoding declares"))
        // A good gzip member whose CRC-32 has one bit flipped.
        var member = Self.gzippedPost
        member[member.count - 8] ^= 0x01
        let corrupt = RawHTTPServer(.respondBytes(head: head("Content-Encoding: gzip\r\nContent-Length: \(member.count)\r\n"), body: member))
        XCTAssertTrue(try failure(corrupt).contains("does not decode as its Content-Encoding declares"))
        let unknown = RawHTTPServer(.respond(head("Content-Encoding: zstd\r\nContent-Length: 44\r\n") + post))
        XCTAssertTrue(try failure(unknown).contains("sent a body encoded as zstd, which loadrun does not decode"))
    }

    func testAGoodGzipBodyStillLoads() throws {
        let raw = RawHTTPServer(.respondBytes(head: head("Content-Encoding: gzip\r\nContent-Length: \(Self.gzippedPost.count)\r\n"),
                                              body: Self.gzippedPost))
        let run = try LoadrunProcess(["--url", raw.url("/posts"), "--plugin", "posts", "--no-cache"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.hasPrefix("1  t"), run.standardOutput)
    }

    func testHeadersPastTheLimitAreSaidToBe() throws {
        let big = RawHTTPServer(.respond(head("X-Big: " + String(repeating: "a", count: 100 * 1024) + "\r\nContent-Length: 2\r\n") + "[]"))
        XCTAssertTrue(try failure(big).contains("sent headers larger than the limit (64 KiB, libsoup's)"))
        let many = RawHTTPServer(.respond(head((0..<10_000).map { "X-H\($0): v\r\n" }.joined() + "Content-Length: 2\r\n") + "[]"))
        XCTAssertTrue(try failure(many).contains("sent headers larger than the limit"))
    }

    func testA304ToAnUnconditionalRequestSaysSo() throws {
        let raw = RawHTTPServer(.respond("HTTP/1.1 304 Not Modified\r\n\r\n"))
        XCTAssertEqual(try failure(raw), "posts: HTTP 304 Not Modified from 127.0.0.1:\(raw.port) — the request was not conditional, "
                       + "so there is no copy to keep; the server or a cache in between is broken")
    }

    /// `[{"userId":1,"id":1,"title":"t","body":"b"}]`, gzipped by Python's gzip.compress.
    static let gzippedPost: [UInt8] = Array(Data(base64Encoded: "H4sIAAAAAAACA4uuViotTi3yTFGyMtRRyoRQJZklOalKVkolSjpKSfkplUBmklJtLAA10Uj0LAAAAA==")!)
}
