public import Loader

/// One event of a live stream as an item: its ID, its type, and its data, read as JSON where
/// it parses (as most streams send it) and as a string otherwise (`[DONE]`, plain text).
public struct StreamEvent: Equatable, Sendable {
    public var id: String?
    public var type: String
    public var data: JSON

    public init(id: String?, type: String, data: JSON) {
        self.id = id
        self.type = type
        self.data = data
    }

    /// `event` as an item, its data parsed.
    public init(_ event: ServerSentEvent) {
        id = event.id
        type = event.type
        data = Self.data(event.data)
    }

    /// `text` as JSON where it is one JSON value, else as a string.
    static func data(_ text: String) -> JSON {
        // Only what can start a JSON value is tried: a sentence costs no failed parse.
        guard let first = text.utf8.first(where: { !JSONBody.isJSONWhitespace($0) }),
              first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"") || first == UInt8(ascii: "-")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: "t") || first == UInt8(ascii: "f")
                || first == UInt8(ascii: "n"),
              let json = try? JSONParser.parse(Array(text.utf8))
        else { return .string(text) }
        return json
    }

    /// The event as `{"id": …, "event": …, "data": …}`.
    var json: JSON {
        .object([JSON.Member("id", id.map(JSON.string) ?? .null), JSON.Member("event", .string(type)), JSON.Member("data", data)])
    }
}

/// A live stream's events: the last of them, at most a window's worth, and how many came
/// before those.
public struct StreamEvents: Equatable, Sendable {
    public var events: [StreamEvent]
    /// Events that came before `events` and were let go, to keep the window.
    public var dropped: Int
    /// Whether the stream ended in the middle of an event, which was dropped (a connection
    /// that was not opened again: a POST's, a last one).
    public var endedMidEvent: Bool

    public init(_ events: [StreamEvent] = [], dropped: Int = 0, endedMidEvent: Bool = false) {
        self.events = events
        self.dropped = dropped
        self.endedMidEvent = endedMidEvent
    }
}
