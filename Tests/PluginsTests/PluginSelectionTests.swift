import Loader
import Plugins
import XCTest

/// Which built-in plugin takes a response when nobody named one.
final class PluginSelectionTests: XCTestCase {
    private let registry = PluginRegistry.default()

    private func chosen(_ body: String, contentType: String?) -> String? {
        var headers = HTTPHeaders()
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        return registry.plugin(for: Array(body.utf8), response: ResponseInfo(url: "http://h/x", headers: headers))?.name
    }

    func testJSONArrayGoesToPostsAndJSONObjectToArticles() {
        XCTAssertEqual(chosen(" [{\"id\":1}]", contentType: "application/json"), "posts")
        XCTAssertEqual(chosen("\n{\"title\":\"t\",\"body\":\"b\"}", contentType: "application/json; charset=utf-8"), "articles")
        XCTAssertNil(chosen("{\"title\":\"no body\"}", contentType: "application/json"), "an object without title and body")
        XCTAssertEqual(chosen("[]", contentType: "application/vnd.api+json"), "posts")
    }

    func testJSONWithoutAContentTypeIsJudgedByShape() {
        XCTAssertEqual(chosen("[1]", contentType: nil), "posts")
        XCTAssertEqual(chosen(#"{"title":"t","body":"b"}"#, contentType: nil), "articles")
    }

    func testOtherMediaTypesFindNoPlugin() {
        XCTAssertNil(chosen("[1]", contentType: "text/plain"))
        XCTAssertNil(chosen("<html>", contentType: "text/html"))
        XCTAssertEqual(chosen("<svg/>", contentType: "image/svg+xml"), "images", "and the images decoder refuses it")
        XCTAssertEqual(chosen("\u{89}PNG", contentType: "image/png"), "images")
        XCTAssertNil(chosen("\"just a string\"", contentType: "application/json"))
    }

    func testAcceptHeaderListsEachMediaTypeOnce() {
        XCTAssertEqual(registry.acceptHeader, "application/json, image/*")
    }

    func testMediaTypeWildcards() {
        XCTAssertTrue(MediaType.matches("image/png", anyOf: ["image/*"]))
        XCTAssertFalse(MediaType.matches("imagery/png", anyOf: ["image/*"]))
        XCTAssertTrue(MediaType.matches("TEXT/PLAIN", anyOf: ["text/plain"]))
        XCTAssertTrue(MediaType.matches("anything/else", anyOf: ["*/*"]))
    }
}
