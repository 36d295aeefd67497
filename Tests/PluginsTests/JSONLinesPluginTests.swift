import Loader
@testable import Plugins
import XCTest

/// JSON Lines read as a live stream, as values: a value a line as it comes, the window kept,
/// a last line without its newline, and a line that is no JSON.
final class JSONLinesPluginTests: XCTestCase {
    private let plugin = JSONLinesPlugin()

    private func response(length: Int? = nil, url: String = "http://a.test/watch") -> ResponseInfo {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/x-ndjson")
        if let length { headers.add(name: "Content-Length", value: String(length)) }
        return ResponseInfo(url: url, headers: headers)
    }

    /// Only a stream is this plugin's: the same values with their length, or from a file, are
    /// a document, which the JSON plugin reads whole.
    func testOnlyAStreamSentWithNoLengthIsLive() {
        XCTAssertTrue(response().isLiveStream)
        XCTAssertFalse(response(length: 10).isLiveStream)
        XCTAssertFalse(response(url: "file:///tmp/a.jsonl").isLiveStream)
        XCTAssertNil(plugin.tap(for: response(length: 10), handingTo: nil))
        XCTAssertNotNil(plugin.tap(for: response(), handingTo: nil))
        guard case .declined = plugin.offer(ResponseBody(Array("{}\n".utf8), info: response())) else { return XCTFail("a whole body is declined") }
    }

    /// Each value goes out as its line ends, however the chunks cut it; blank lines are
    /// skipped, a json-seq record separator ends a line, and the last line needs no newline.
    func testEachValueGoesOutAsItsLineEnds() throws {
        var taken: [JSON] = []
        let pieces = ItemHandoff(isReady: { true }, shown: { taken += ($0.model as! StreamValues).values; return true })
        let tap = try XCTUnwrap(plugin.tap(for: response(), handingTo: pieces))
        Array("{\"i\": 1}\n{\"i\"".utf8).withUnsafeBytes { tap.take($0) }
        XCTAssertEqual(taken, [.object([JSON.Member("i", .number("1"))])])
        Array(": 2}\n\n\u{1E}3\n\"four\"".utf8).withUnsafeBytes { tap.take($0) }
        XCTAssertEqual(taken.count, 3, "the last line waits for its end")
        let rest = try plugin.decode([], response: response(), handingTo: pieces, tapped: tap)
        XCTAssertEqual(taken.last, .string("four"), "the body's end ends the last line")
        XCTAssertEqual(rest.values, [])
        XCTAssertEqual(rest.dropped, 4)
    }

    /// A line that is no JSON ends the stream, after the values before it, with words that
    /// say which line.
    func testALineThatIsNoJSONEndsTheStreamSayingWhich() throws {
        let tap = try XCTUnwrap(plugin.tap(for: response(), handingTo: nil))
        Array("1\n2\nnot json\n4\n".utf8).withUnsafeBytes { tap.take($0) }
        XCTAssertFalse(tap.wantsMore)
        XCTAssertEqual(tap.itemCount, 2)
        XCTAssertThrowsError(try plugin.decode([], response: response(), handingTo: nil, tapped: tap)) { error in
            let reason = (error as? DecodeFailure)?.reason ?? ""
            XCTAssertTrue(reason.contains("line 3: ") && reason.contains("at column 1"), reason)
            XCTAssertFalse(reason.contains("line 1"), "one line named, the stream's: \(reason)")
        }
    }

    /// Text is a compact line a value, made safe; JSON is JSON Lines.
    func testTextAndJSONAreALineAValue() throws {
        let values = try plugin.decode(Array("{\"a\": [1, 2]}\n\"\\u001b[31mred\"\n".utf8), response: response())
        XCTAssertEqual(plugin.renderJSON(values, context: RenderContext()), "{\"a\":[1,2]}\n\"\\u001b[31mred\"")
        XCTAssertFalse(plugin.render(values, context: RenderContext()).contains("\u{1B}"))
        XCTAssertEqual(plugin.renderItems(values, context: RenderContext())?.itemLines, [0, 1])
        XCTAssertEqual(plugin.itemCount(values), 2)
    }
}
