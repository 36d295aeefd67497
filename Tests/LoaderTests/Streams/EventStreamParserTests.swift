import Loader
import XCTest

/// `EventStreamParser` as a value, against the HTML standard's "Interpreting an event stream"
/// (§9.2.6) and its examples.
final class EventStreamParserTests: XCTestCase {
    private func outputs(_ chunks: [[UInt8]], limit: Int = 1 << 20) throws -> [EventStreamParser.Output] {
        var parser = EventStreamParser(limit: limit)
        return try chunks.flatMap { try parser.feed($0) }
    }

    private func outputs(_ text: String, limit: Int = 1 << 20) throws -> [EventStreamParser.Output] {
        try outputs([Array(text.utf8)], limit: limit)
    }

    private func events(_ text: String) throws -> [ServerSentEvent] {
        try outputs(text).compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    func testDataLinesAreJoinedByNewlines() throws {
        XCTAssertEqual(try events("data: YHOO\ndata: +2\ndata: 10\n\n"), [ServerSentEvent(data: "YHOO\n+2\n10")])
    }

    func testTheStandardsExampleOfIDsAndSpaces() throws {
        let stream = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
        XCTAssertEqual(try events(stream), [
            ServerSentEvent(data: "first event", id: "1"),
            ServerSentEvent(data: "second event", id: nil),
            ServerSentEvent(data: " third event", id: nil),
        ], "an empty id: clears the last event ID; only one space after the colon is dropped")
    }

    func testEmptyDataIsAnEventAndAnUnendedEventIsNever() throws {
        XCTAssertEqual(try events("data\n\ndata\ndata\n\ndata:"), [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")])
        XCTAssertEqual(try events("data:test\n\ndata: test\n\n"), [ServerSentEvent(data: "test"), ServerSentEvent(data: "test")])
    }

    func testTheEventFieldNamesTheTypeForOneEventOnly() throws {
        XCTAssertEqual(try events("event: add\ndata: 73857293\n\ndata: 2\n\n"),
                       [ServerSentEvent(type: "add", data: "73857293"), ServerSentEvent(data: "2")])
        XCTAssertEqual(try events("event: lone\n\ndata: x\n\n"), [ServerSentEvent(data: "x")],
                       "a type with no data dispatches nothing, and does not carry over")
    }

    func testAnIDStaysInForceAndIsTakenUpEvenWithoutData() throws {
        var parser = EventStreamParser(limit: 1024)
        XCTAssertEqual(try parser.feed(Array("id: 3\ndata: a\n\ndata: b\n\n".utf8)),
                       [.event(ServerSentEvent(data: "a", id: "3")), .event(ServerSentEvent(data: "b", id: "3"))])
        XCTAssertEqual(try parser.feed(Array("id: 7\n\n".utf8)), [])
        XCTAssertEqual(parser.lastEventID, "7", "the ID to resume from, though no event came with it")
        XCTAssertEqual(try parser.feed(Array("id: 8\ndata: c\n".utf8)), [])
        XCTAssertEqual(parser.lastEventID, "7", "an id: is taken up only at the blank line")
        XCTAssertEqual(try parser.feed(Array("id: x\u{0}y\n\n".utf8)), [.event(ServerSentEvent(data: "c", id: "8"))])
        XCTAssertEqual(parser.lastEventID, "8", "an id with a NUL in it is ignored")
    }

    func testRetryTakesOnlyDigits() throws {
        XCTAssertEqual(try outputs("retry: 5000\nretry: 5s\nretry:\nretry: -1\nretry:0\nretry: 99999999999999999\n"),
                       [.retry(milliseconds: 5000), .retry(milliseconds: 0)])
    }

    func testCommentsUnknownFieldsAndFieldsWithoutAColon() throws {
        XCTAssertEqual(try events(":keep-alive\n: ping\nfoo: bar\ndata: a\n:between\nDATA: no\ndata: b\nid\n\n"),
                       [ServerSentEvent(data: "a\nb")], "field names are case-sensitive")
        XCTAssertEqual(try events("data: x:y: z\n\n"), [ServerSentEvent(data: "x:y: z")], "only the first colon splits")
    }

    func testALeadingByteOrderMarkIsDroppedOnlyAtTheStart() throws {
        XCTAssertEqual(try events("\u{FEFF}data: a\n\n\u{FEFF}data: b\n\n"), [ServerSentEvent(data: "a")],
                       "a later BOM makes the field name unknown")
        XCTAssertEqual(try outputs([[0xEF, 0xBB, 0xBF], Array("data: a\n\n".utf8)]), [.event(ServerSentEvent(data: "a"))],
                       "a BOM alone in the first chunk")
    }

    func testEveryLineEndingAndEverySplitGiveTheSameEvents() throws {
        let stream = "event: e\r\ndata: 1\rdata: 2\n\r\nid: 9\r\rdata: ü\r\n\r\n"
        let expected = try outputs(stream)
        XCTAssertEqual(expected, [.event(ServerSentEvent(type: "e", data: "1\n2")), .event(ServerSentEvent(data: "ü", id: "9"))])
        let bytes = Array(stream.utf8)
        for cut in 0...bytes.count {
            XCTAssertEqual(try outputs([Array(bytes[..<cut]), Array(bytes[cut...])]), expected, "cut at \(cut)")
        }
        XCTAssertEqual(try outputs(bytes.map { [$0] }), expected, "a byte at a time, the ü's two bytes apart")
    }

    func testBytesThatAreNotUTF8BecomeReplacementCharacters() throws {
        XCTAssertEqual(try outputs([Array("data: a".utf8) + [0xFF] + Array("b\n\n".utf8)]), [.event(ServerSentEvent(data: "a\u{FFFD}b"))])
    }

    func testALineOrAnEventLargerThanTheLimitIsRefused() {
        XCTAssertThrowsError(try outputs("data: " + String(repeating: "x", count: 100) + "\n", limit: 64)) { error in
            XCTAssertEqual(error as? EventStreamParser.Failure, .tooLarge(limit: 64, completed: []))
        }
        let manyLines = String(repeating: "data: 0123456789\n", count: 10)
        XCTAssertThrowsError(try outputs(manyLines, limit: 64), "short lines that add up to an event past the bound")
        XCTAssertEqual(try outputs(String(repeating: "data: 0123456789\n\n", count: 10), limit: 64).count, 10,
                       "each event alone is within the bound")
    }
}
