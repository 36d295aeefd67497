import Loader
import XCTest

/// Header fields are looked up by name ignoring ASCII case, and only ASCII case.
final class HTTPHeadersTests: XCTestCase {
    func testANameMatchesInAnyASCIICaseAndNothingElse() {
        var headers = HTTPHeaders()
        headers.add(name: "content-TYPE", value: "application/json")
        headers.add(name: "X-A@", value: "at")
        headers.add(name: "Vary", value: "Accept")
        headers.add(name: "vary", value: "Accept-Encoding")
        XCTAssertEqual(headers["Content-Type"], "application/json")
        XCTAssertEqual(headers["CONTENT-type"], "application/json")
        XCTAssertNil(headers["Content-Typ"], "a prefix is another name")
        XCTAssertNil(headers["Content-Types"])
        XCTAssertEqual(headers["x-a@"], "at")
        XCTAssertNil(headers["x-a`"], "@ and ` differ by the case bit but are no letters")
        XCTAssertEqual(headers.all("VARY"), "Accept, Accept-Encoding")
        XCTAssertNil(headers.all("Varies"))
    }
}
