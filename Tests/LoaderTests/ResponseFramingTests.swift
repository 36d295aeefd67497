@testable import Loader
import XCTest

/// The framing checks and the Content-Encoding list, as values.
final class ResponseFramingTests: XCTestCase {
    private func problem(_ fields: [(String, String)]) -> String? {
        ResponseFraming.problem(in: HTTPHeaders(fields.map { (name: $0.0, value: $0.1) }))
    }

    func testOneOrRepeatedEqualLengthsPassAndDifferentOnesDoNot() {
        XCTAssertNil(problem([]))
        XCTAssertNil(problem([("Content-Type", "application/json")]))
        XCTAssertNil(problem([("Content-Length", "44")]))
        XCTAssertNil(problem([("Content-Length", "44"), ("content-length", "44")]))
        XCTAssertNil(problem([("Content-Length", "44, 44")]))
        XCTAssertNil(problem([("Content-Length", "044"), ("Content-Length", " 44\t")]), "the same number, written otherwise")
        XCTAssertEqual(problem([("Content-Length", "44"), ("Content-Length", "49")]), "sent conflicting Content-Length headers (44 and 49)")
        XCTAssertEqual(problem([("Content-Length", "1, 2, 3, 4")]), "sent conflicting Content-Length headers (1, 2, 3, …)")
    }

    func testALengthThatIsNotDigitsWithinInt64IsInvalid() {
        for value in ["-1", "+5", "1e3", "0x10", "", "9223372036854775808", "99999999999999999999999", "4 4"] {
            XCTAssertNotNil(problem([("Content-Length", value)]), value)
        }
        XCTAssertEqual(problem([("Content-Length", "-1")]), "sent an invalid Content-Length (-1)")
        XCTAssertEqual(problem([("Content-Length", "")]), "sent an invalid Content-Length (empty)")
        XCTAssertNil(problem([("Content-Length", "9223372036854775807")]))
    }

    func testCodingsAreListedInTheOrderApplied() {
        XCTAssertEqual(ContentCoding.codings(of: nil), .success([]))
        XCTAssertEqual(ContentCoding.codings(of: "identity"), .success([]))
        XCTAssertEqual(ContentCoding.codings(of: "GZIP"), .success([.gzip]))
        XCTAssertEqual(ContentCoding.codings(of: "x-gzip"), .success([.gzip]))
        XCTAssertEqual(ContentCoding.codings(of: "deflate, gzip"), .success([.deflate, .gzip]))
        XCTAssertEqual(ContentCoding.codings(of: "gzip, br"), .success([.gzip, .brotli]))
        XCTAssertEqual(ContentCoding.codings(of: "gzip, zstd"), .failure(ContentCoding.Unsupported(name: "zstd")))
    }

    func testAllJoinsEveryValueOfAField() {
        let headers = HTTPHeaders([(name: "Content-Encoding", value: "gzip"), (name: "X", value: "1"), (name: "content-encoding", value: "deflate")])
        XCTAssertEqual(headers.all("Content-Encoding"), "gzip, deflate")
        XCTAssertNil(headers.all("Missing"))
    }
}
