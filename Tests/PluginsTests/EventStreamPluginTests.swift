import Loader
@testable import Plugins
import XCTest

/// The events plugin as values: a body of Server-Sent Events in, its events as items out,
/// rendered a line each.
final class EventStreamPluginTests: XCTestCase {
    private let plugin = EventStreamPlugin()

    private func response(_ contentType: String = "text/event-stream") -> ResponseInfo {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        return ResponseInfo(url: "http://a.test/events", headers: headers)
    }

    private func decode(_ text: String) throws -> StreamEvents {
        try plugin.decode(Array(text.utf8), response: response())
    }

    func testEachEventIsAnItemItsDataJSONWhereItParses() throws {
        let events = try decode("id: 1\ndata: {\"a\": [1, 2]}\n\nevent: note\ndata: plain words\n\ndata: 42\n\ndata: null\n\ndata: nope\n\n")
        XCTAssertEqual(events.events.map(\.data), [
            .object([JSON.Member("a", .array([.number("1"), .number("2")]))]), .string("plain words"), .number("42"), .null, .string("nope"),
        ])
        XCTAssertEqual(events.events.map(\.type), ["message", "note", "message", "message", "message"])
        XCTAssertEqual(events.events.map(\.id), ["1", "1", "1", "1", "1"], "an ID stays in force")
        XCTAssertEqual(plugin.itemCount(events), 5)
    }

    func testTextIsALineAnEventAndJSONIsJSONLines() throws {
        let events = try decode("id: 7\nevent: update\ndata: {\"i\": 7}\n\ndata: two\ndata: lines\n\n")
        XCTAssertEqual(plugin.render(events, context: RenderContext(width: 80)), "#7 update {\"i\":7}\n#7 two\n  lines\n")
        XCTAssertEqual(plugin.renderJSON(events, context: RenderContext()),
                       #"{"id":"7","event":"update","data":{"i":7}}"# + "\n" + #"{"id":"7","event":"message","data":"two\nlines"}"#)
        XCTAssertEqual(plugin.renderItems(events, context: RenderContext(width: 80))?.itemLines, [0, 1], "the second event starts on line 1")
    }

    func testWhatAServerSendsIsMadeSafeForTheTerminal() throws {
        let events = try decode("event: \u{1B}[2Jx\ndata: \u{1B}]0;title\u{07}y\n\n")
        XCTAssertFalse(plugin.render(events, context: RenderContext(width: 80)).contains("\u{1B}"))
    }

    func testOnlyAnEventStreamIsTakenAndAnEmptyOneIsSaid() throws {
        guard case .declined = plugin.offer(ResponseBody(Array("data: x\n\n".utf8), info: response("text/plain"))) else {
            return XCTFail("plain text is not an event stream")
        }
        guard case .taken(let events) = plugin.offer(ResponseBody(Array(": only a comment\n".utf8), info: response())) else {
            return XCTFail("an event stream is taken")
        }
        XCTAssertEqual(plugin.emptyState(events), "no events")
        XCTAssertTrue(plugin.isChosenByHead)
    }

    /// The content a load comes to rest with keeps the last window of events, and says how
    /// many went before.
    func testALongStreamKeepsTheLastWindow() throws {
        let count = EventStreamPlugin.window * 2 + 7
        let text = (1...count).map { "data: \($0)\n\n" }.joined()
        let events = try decode(text)
        XCTAssertEqual(events.events.count, EventStreamPlugin.window)
        XCTAssertEqual(events.dropped, count - EventStreamPlugin.window)
        XCTAssertEqual(events.events.first?.data, .number(String(count - EventStreamPlugin.window + 1)))
        XCTAssertEqual(events.events.last?.data, .number(String(count)))
        XCTAssertEqual(plugin.notes(events), ["the last 1000 events; \(count - EventStreamPlugin.window) before them were let go"])
    }

    /// A connection counts as bringing something only with an event: one of a `retry:` and
    /// comments alone (a server that closes at once) is a fruitless one, for the reconnections' bound.
    func testAConnectionOfCommentsAndRetryAloneBroughtNoEvent() throws {
        let tap = try XCTUnwrap(plugin.tap(for: response(), pieces: nil) as? EventStreamTap)
        Array("retry: 200\n: hi\n\n".utf8).withUnsafeBytes { tap.take($0) }
        XCTAssertFalse(tap.connectionEnded())
        XCTAssertEqual(tap.reconnectionTime, .milliseconds(200))
        Array("data: 1\n\n".utf8).withUnsafeBytes { tap.take($0) }
        XCTAssertTrue(tap.connectionEnded())
        XCTAssertFalse(tap.connectionEnded(), "counted anew for each connection")
    }

    /// Where the run takes pieces, each event goes out as it comes and none is kept.
    func testATapHandsEachEventOverAsItComes() throws {
        var taken: [AnyContent] = []
        let pieces = ContentPieces(isReady: { true }, take: { taken.append($0); return taken.count < 2 })
        let tap = try XCTUnwrap(plugin.tap(for: response(), pieces: pieces))
        XCTAssertTrue(tap.isLive)
        Array("data: 1\n\nda".utf8).withUnsafeBytes { tap.take($0) }
        XCTAssertEqual(taken.count, 1, "the first event, before the second is whole")
        XCTAssertTrue(tap.wantsMore)
        Array("ta: 2\n\ndata: 3\n\n".utf8).withUnsafeBytes { tap.take($0) }
        XCTAssertEqual(taken.count, 2, "the taker left after the second: the third is not handed over")
        XCTAssertFalse(tap.wantsMore, "a taker that left ends the body")
        let rest = try plugin.decode([], response: response(), pieces: pieces, tapped: tap)
        XCTAssertEqual(rest.events, [], "what went out is not kept")
    }
}
