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
        let tap = try XCTUnwrap(plugin.tap(for: response(), handingTo: nil) as? EventStreamTap)
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
        let pieces = ItemHandoff(isReady: { true }, shown: { taken.append($0); return taken.count < 2 })
        let tap = try XCTUnwrap(plugin.tap(for: response(), handingTo: pieces))
        XCTAssertTrue(tap.isLive)
        Array("data: 1\n\nda".utf8).withUnsafeBytes { tap.take($0) }
        XCTAssertEqual(taken.count, 1, "the first event, before the second is whole")
        XCTAssertTrue(tap.wantsMore)
        Array("ta: 2\n\ndata: 3\n\n".utf8).withUnsafeBytes { tap.take($0) }
        XCTAssertEqual(taken.count, 2, "the taker left after the second: the third is not handed over")
        XCTAssertFalse(tap.wantsMore, "a taker that left ends the body")
        let rest = try plugin.decode([], response: response(), handingTo: pieces, tapped: tap)
        XCTAssertEqual(rest.events, [], "what went out is not kept")
    }

    /// Events a chunk brought while the taker cannot take more wait, unread, with the rest of
    /// the body: one goes out as the taker is ready again, not the whole chunk at once.
    func testEventsOfAChunkWaitWhileTheTakerIsNotReady() throws {
        var taken: [AnyContent] = []
        var ready = true
        let pieces = ItemHandoff(isReady: { ready }, shown: { taken.append($0); ready = false; return true })
        let tap = try XCTUnwrap(plugin.tap(for: response(), handingTo: pieces))
        Array("data: 1\n\ndata: 2\n\ndata: 3\n\n".utf8).withUnsafeBytes { tap.take($0) }
        XCTAssertEqual(taken.count, 1, "the first, then the taker was full")
        XCTAssertFalse(tap.isReadyForMore)
        XCTAssertEqual(taken.count, 1, "asked while the taker is still full: nothing more")
        ready = true
        XCTAssertFalse(tap.isReadyForMore, "the second went out, and filled the taker again")
        XCTAssertEqual(taken.count, 2)
        ready = true
        _ = tap.isReadyForMore
        ready = true
        XCTAssertTrue(tap.isReadyForMore, "all three out, and the taker ready")
        XCTAssertEqual(taken.count, 3)
    }

    /// A program's error on an event (a failure from the taker) ends the stream there: the
    /// events after it in the same chunk are not handed over.
    func testAFailureOnAnEventStopsTheRestOfItsChunk() throws {
        var handed: [StreamEvent] = []
        let tap = EventStreamTap(handing: { (event) throws(DecodeFailure) -> Bool in
            handed.append(event)
            if event.data == .number("2") { throw DecodeFailure("two") }
            return true
        })
        Array("data: 1\n\ndata: 2\n\ndata: 3\n\ndata: 4\n\n".utf8).withUnsafeBytes { tap.take($0) }
        XCTAssertEqual(handed.map(\.data), [.number("1"), .number("2")])
        XCTAssertFalse(tap.wantsMore)
        XCTAssertThrowsError(try tap.finish())
    }

    /// The run is told of each event before it is handed over: the one it waited for ends the
    /// stream, whole, as its end mark, and is not handed over itself.
    func testTheEventTheRunWaitedForEndsTheStreamAndMaxItemsLastToo() throws {
        var told: [StreamEvent] = []
        var handed: [StreamEvent] = []
        let items = ItemHandoff(arrived: { item in
            let event = (item().model as! StreamEvents).events[0]
            told.append(event)
            return event.data == .string("[DONE]") ? .endWithout : event.data == .number("4") ? .takeAndEnd : .take
        })
        let tap = EventStreamTap(handing: { (event) throws(DecodeFailure) -> Bool in handed.append(event); return true }, handoff: items)
        Array("data: 1\n\ndata: [DONE]\n\ndata: 3\n\n".utf8).withUnsafeBytes { tap.take($0) }
        XCTAssertEqual(told.map(\.data), [.number("1"), .string("[DONE]")])
        XCTAssertEqual(handed.map(\.data), [.number("1")])
        XCTAssertFalse(tap.wantsMore, "the stream is whole")
        XCTAssertEqual(EventStreamPlugin.events(try tap.finish()).events, [], "nothing failed")
        XCTAssertEqual(tap.itemCount, 1, "the end mark is no item")
        // The last item `--max-items` allows is taken, and ends the stream.
        let last = EventStreamTap(handing: { (event) throws(DecodeFailure) -> Bool in handed.append(event); return true }, handoff: items)
        Array("data: 4\n\ndata: 5\n\n".utf8).withUnsafeBytes { last.take($0) }
        XCTAssertEqual(handed.map(\.data), [.number("1"), .number("4")])
        XCTAssertFalse(last.wantsMore)
    }

    /// The window keeps at most its bytes of data (the last event whatever its size), and
    /// what it keeps is the content so far, asked once for each time it grew.
    func testTheWindowIsBoundedByBytesAndIsTheContentSoFar() throws {
        let tap = EventStreamTap(handing: nil, window: 100, windowBytes: 700)
        XCTAssertNil(tap.contentSoFar())
        Array("data: 0123456789\n\ndata: abcdefghij\n\n".utf8).withUnsafeBytes { tap.take($0) }
        let two = try XCTUnwrap(tap.contentSoFar()?.model as? StreamEvents)
        XCTAssertEqual(two.events.count, 2)
        XCTAssertNil(tap.contentSoFar(), "nothing new since")
        Array("data: klmnopqrst\n\n".utf8).withUnsafeBytes { tap.take($0) }
        let bounded = try XCTUnwrap(tap.contentSoFar()?.model as? StreamEvents)
        XCTAssertEqual(bounded.events.map(\.data), [.string("abcdefghij"), .string("klmnopqrst")], "three of 336 bytes held (17 as they came) do not fit in 700")
        XCTAssertEqual(bounded.dropped, 1)
        Array(("data: " + String(repeating: "x", count: 40) + "\n\n").utf8).withUnsafeBytes { tap.take($0) }
        XCTAssertEqual(EventStreamPlugin.events(try tap.finish()).events.count, 1, "the last event stays, whatever its size")
    }

    /// Two streams with the same events have the same fingerprint; another event, or the same
    /// with another ID, another.
    func testTheItemsFingerprintTellsStreamsApart() throws {
        func fingerprint(_ text: String) -> UInt64 {
            let tap = EventStreamTap(handing: nil)
            Array(text.utf8).withUnsafeBytes { tap.take($0) }
            return tap.itemsFingerprint
        }
        XCTAssertEqual(fingerprint("id: 1\ndata: a\n\n"), fingerprint(": hi\nid: 1\ndata: a\n\n"))
        XCTAssertNotEqual(fingerprint("id: 1\ndata: a\n\n"), fingerprint("id: 2\ndata: a\n\n"))
        XCTAssertNotEqual(fingerprint("data: a\n\n"), fingerprint("data: a\n\ndata: a\n\n"))
        XCTAssertNotEqual(fingerprint("data: a\n\n"), EventStreamTap(handing: nil).itemsFingerprint)
    }

    /// An event past the bound cuts the stream off, after the events its chunk completed before it.
    func testAnEventPastTheBoundComesAfterTheEventsBeforeIt() throws {
        var handed: [StreamEvent] = []
        let tap = EventStreamTap(handing: { (event) throws(DecodeFailure) -> Bool in handed.append(event); return true })
        var chunk = Array("data: 1\n\ndata: ".utf8)
        chunk += Array(repeating: UInt8(ascii: "x"), count: EventStreamPlugin.eventLimit + 1)
        chunk.withUnsafeBytes { tap.take($0) }
        XCTAssertEqual(handed.map(\.data), [.number("1")])
        XCTAssertFalse(tap.wantsMore)
        XCTAssertThrowsError(try tap.finish()) { error in
            XCTAssertTrue((error as? DecodeFailure)?.reason.contains("16 MiB") == true, "\(error)")
        }
    }
}
