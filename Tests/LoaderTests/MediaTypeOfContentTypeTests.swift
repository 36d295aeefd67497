import Loader
import XCTest

/// `ResponseInfo.mediaType`: what stands before a `Content-Type`'s first `;`, trimmed and
/// lowercased, as a value.
final class MediaTypeOfContentTypeTests: XCTestCase {
    private func mediaType(_ contentType: String?) -> String? {
        var headers = HTTPHeaders()
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        return ResponseInfo(url: "http://a.test/", headers: headers).mediaType
    }

    func testTheTypeBeforeItsParametersTrimmedAndLowercased() {
        XCTAssertEqual(mediaType("application/json"), "application/json")
        XCTAssertEqual(mediaType("Application/JSON; charset=UTF-8"), "application/json")
        XCTAssertEqual(mediaType(" \ttext/html \t;q=1;x=2"), "text/html")
        XCTAssertEqual(mediaType("image/svg+xml;"), "image/svg+xml")
        XCTAssertEqual(mediaType("TEXT/PLAIN"), "text/plain")
    }

    func testNoTypeIsNil() {
        XCTAssertNil(mediaType(nil))
        XCTAssertNil(mediaType(""))
        XCTAssertNil(mediaType(" \t "))
        XCTAssertNil(mediaType("; charset=utf-8"), "parameters alone name no type")
    }

    func testAnythingBeyondASCIIIsLowercasedAsTextIs() {
        XCTAssertEqual(mediaType("Text/Ünicode; x=1"), "text/ünicode")
    }
}
