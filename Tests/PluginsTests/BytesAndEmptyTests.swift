import Loader
@testable import Plugins
import XCTest

/// The two answers for what no view draws: bytes get their type, exact size and first bytes;
/// a body that is not there is the empty state.
final class BytesAndEmptyTests: XCTestCase {
    private let context = RenderContext(width: 80, allowsStyling: false)

    private func bytes(_ count: Int, type: String? = "application/octet-stream") throws -> Bytes {
        let body = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        return try BytesPlugin().decode(body, response: ResponseInfo(url: "http://h/bytes", headers: type.map { HTTPHeaders([("Content-Type", $0)]) } ?? HTTPHeaders()))
    }

    func testTheSummaryGivesTheTypeAndTheExactSize() throws {
        XCTAssertEqual(try bytes(1024).summary, "application/octet-stream, 1.0 KB (1024 bytes)")
        XCTAssertEqual(try bytes(2048).summary, "application/octet-stream, 2.0 KB (2048 bytes)")
        XCTAssertEqual(try bytes(999).summary, "application/octet-stream, 999 bytes", "below a kilobyte the exact size says it all")
        XCTAssertEqual(try bytes(1).summary, "application/octet-stream, 1 byte")
        XCTAssertEqual(try bytes(5, type: nil).summary, "untyped, 5 bytes")
    }

    func testTheViewIsTheSummaryOverTheFirstBytesInHex() throws {
        let lines = BytesPlugin().render(try bytes(1024), context: context).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "application/octet-stream, 1.0 KB (1024 bytes)")
        XCTAssertEqual(lines[1], "00000000: 030a 1118 1f26 2d34 3b42 4950 575e 656c  .....&-4;BIPW^el", "the first 16 bytes, as xxd shows them")
        XCTAssertEqual(lines.count, 1 + 16 + 1, "256 bytes shown, and what is left said")
        XCTAssertEqual(lines.last, "… 768 B more")
    }

    func testBytesAsJSONAreTheTypeAndTheSize() throws {
        XCTAssertEqual(BytesPlugin().renderJSON(try bytes(1024), context: context), "{\n  \"mediaType\": \"application/octet-stream\",\n  \"bytes\": 1024\n}")
        XCTAssertEqual(BytesPlugin().renderJSON(try bytes(3, type: nil), context: context), "{\n  \"mediaType\": null,\n  \"bytes\": 3\n}")
    }

    func testAnEmptyBodyIsNoContentWithItsStatus() throws {
        let plugin = NoContentPlugin()
        let noContent = try plugin.decode([], response: ResponseInfo(url: "http://h/posts", status: 204, reasonPhrase: "No Content"))
        XCTAssertEqual(noContent, NoContent(status: 204))
        XCTAssertEqual(plugin.emptyState(noContent), "no content (204)")
        XCTAssertEqual(try plugin.decode([], response: ResponseInfo(url: "https://h/posts")).stateLine, "no content (200)")
        XCTAssertFalse(plugin.accepts([], response: ResponseInfo(url: "file:///tmp/empty.json")),
                       "an empty file or standard input stays an error: more often a broken pipeline than an answer")
        XCTAssertEqual(try plugin.decode([], response: ResponseInfo(url: "file:///tmp/empty.json")).stateLine, "no content",
                       "named by hand, a file's 200 is a stand-in no server sent")
        XCTAssertEqual(plugin.render(noContent, context: context), "", "stdout carries content only")
        XCTAssertEqual(plugin.renderJSON(noContent, context: context), "null")
        XCTAssertThrowsError(try plugin.decode([0x7B], response: ResponseInfo(url: "http://h/x")), "named by hand on a body, it says so")
    }

    func testTheEmptyStateIsFirstInTheTableAndTakesOnlyEmptyBodies() throws {
        let registry = PluginRegistry.default()
        XCTAssertEqual(registry.names.first, "empty")
        XCTAssertEqual(registry.names.last, "bytes", "anything else, last")
        XCTAssertEqual(registry.emptyBodyDecoder?.name, "empty")
        XCTAssertTrue(registry.acceptHeader.hasPrefix("application/json, "), "it asks for no type: \(registry.acceptHeader)")

        let json = ResponseInfo(url: "http://h/posts", headers: HTTPHeaders([("Content-Type", "application/json")]))
        XCTAssertEqual(registry.plugin(for: [], response: json), "empty")
        XCTAssertEqual(registry.plugin(for: Array("[]".utf8), response: json), "json", "a body goes past it")
        let content = try XCTUnwrap(try? registry.choose(for: [], response: json)?.decoded.get())
        XCTAssertEqual(registry.emptyState(of: content), "no content (200)")
        let binary = try XCTUnwrap(try? registry.choose(for: [0, 1], response: ResponseInfo(url: "http://h/b"))?.decoded.get())
        XCTAssertNil(registry.emptyState(of: binary), "content with something to show has no empty state")
    }
}
