import Loader

/// Server-Sent Events read into events (`EventStreamParser`), for a `LiveItemsTap`: the
/// server's reconnection time is the reader's own news.
struct EventStreamReader: LiveItemReader {
    private(set) var parser = EventStreamParser(limit: EventStreamPlugin.eventLimit)
    /// The server's reconnection time, once it gave one.
    private(set) var retry: Duration?

    init() {}

    mutating func feed(_ chunk: UnsafeRawBufferPointer) -> (outputs: [EventStreamParser.Output], failure: DecodeFailure?) {
        do throws(EventStreamParser.Failure) {
            return (try parser.feed(chunk), nil)
        } catch {
            // What the chunk completed before the event too large still counts.
            guard case .tooLarge(let limit, let completed) = error else { return ([], nil) }
            return (completed, DecodeFailure("has an event larger than \(ByteCount.formatLimit(limit)), which loadrun does not hold",
                                             suggestion: "the stream is cut off there; check that the server ends its events with a blank line",
                                             offersOtherPlugins: false))
        }
    }

    var isMidRecord: Bool { parser.isMidEvent }

    /// An event the stream ended before is never dispatched, as the standard says.
    func end() -> (outputs: [EventStreamParser.Output], failure: DecodeFailure?) { ([], nil) }

    mutating func take(_ output: EventStreamParser.Output) -> (item: StreamEvent, size: Int, fingerprint: UInt64)? {
        switch output {
        case .event(let event):
            // Its ID, type and data as they came: what tells it from another, and its size.
            var (id, type, data) = (event.id ?? "", event.type, event.data)
            let fingerprint = ContentFingerprint.combining(ContentFingerprint.combining(id.withUTF8(Self.hash), type.withUTF8(Self.hash)),
                                                           data.withUTF8(Self.hash))
            return (StreamEvent(event), LiveWindow<StreamEvent>.heldSize(ofText: id.utf8.count + type.utf8.count + data.utf8.count), fingerprint)
        case .retry(let milliseconds):
            retry = .milliseconds(milliseconds)
            return nil
        }
    }

    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        ContentFingerprint.of(UnsafeRawBufferPointer(text))
    }

    static func records(_ events: [StreamEvent]) -> [UInt8] {
        let writer = JSONWriter(context: RenderContext().compacted)
        var text = ""
        for event in events {
            if let id = event.id { text += "id: \(id)\n" }
            if event.type != "message" { text += "event: \(event.type)\n" }
            // Text as it came, unless it reads as JSON (`"42"` sent quoted): then quoted, so
            // that it is read back as the text it was.
            let data = if case .string(let string) = event.data, StreamEvent.data(string) == event.data { string } else { writer.write(event.data) }
            for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
            text += "\n"
        }
        return Array(text.utf8)
    }

    static func content(_ events: [StreamEvent], dropped: Int, endedMidRecord: Bool) -> AnyContent {
        AnyContent(StreamEvents(events, dropped: dropped, endedMidEvent: endedMidRecord), decoder: EventStreamPlugin())
    }

    /// The connection ended: what it left half read is dropped.
    mutating func connectionEnded() { parser.connectionEnded() }
}

/// A Server-Sent Events body read as it arrives: each event an item (see `LiveItemsTap`).
typealias EventStreamTap = LiveItemsTap<EventStreamReader>

extension LiveItemsTap: ResumableStream where Reader == EventStreamReader {
    var lastEventID: String { reader.parser.lastEventID }
    var reconnectionTime: Duration? { reader.retry }

    func connectionEnded() -> Bool {
        reader.connectionEnded()
        defer { connectionItems = 0 }
        return connectionItems > 0
    }
}
