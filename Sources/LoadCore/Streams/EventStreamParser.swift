/// One event of a Server-Sent Events stream, as the HTML standard dispatches it.
public struct ServerSentEvent: Equatable, Sendable {
    /// The event's type: its `event:` field, `message` when it had none.
    public var type: String
    /// Its `data:` lines, joined by newlines.
    public var data: String
    /// The stream's last event ID when it came (an `id:` field stays in force for the events
    /// after it); nil while none was given, or after an empty `id:`.
    public var id: String?

    public init(type: String = "message", data: String, id: String? = nil) {
        self.type = type
        self.data = data
        self.id = id
    }
}

/// Reads a `text/event-stream` body as it arrives, as the HTML standard's "Interpreting an
/// event stream" says (§9.2.6): lines end at CRLF, LF or CR; a blank line dispatches the event;
/// `event:`, `data:`, `id:` and `retry:` are its fields, one space after the colon dropped;
/// a line starting with a colon is a comment (a keep-alive); other fields are ignored; a
/// leading byte order mark is dropped; an event not ended by a blank line when the stream
/// ends is never dispatched. The stream is UTF-8, read with U+FFFD for bytes that are not.
///
/// Bounded: one line, and one event's data, may each hold at most `limit` bytes; an `id:` or
/// `event:` value longer than `fieldLimit` is ignored, as an `id:` with a NUL is (each event
/// carries them, and one repeated on every event would be printed with each).
public struct EventStreamParser {
    /// What a chunk brings.
    public enum Output: Equatable, Sendable {
        /// An event, dispatched by a blank line.
        case event(ServerSentEvent)
        /// The server's new reconnection time (`retry:`), in milliseconds.
        case retry(milliseconds: Int)
    }

    /// Why the stream cannot be read further.
    public enum Failure: Error, Equatable, Sendable {
        /// A line, or one event's data, grew past the bound; `completed`: what the chunk
        /// completed before it, still good.
        case tooLarge(limit: Int, completed: [Output])
    }

    /// The ID to resume from: the last `id:` in force at a dispatch (sent back as
    /// `Last-Event-ID` on reconnecting); empty while there is none.
    public private(set) var lastEventID = ""

    /// The most bytes an `id:` or `event:` value may hold.
    public static let fieldLimit = 4_096

    private var lines: StreamLines
    private let limit: Int
    private var data: [UInt8] = []
    private var eventType = ""
    /// The `id:` read since the last dispatch, taken up at the next.
    private var idBuffer = ""
    private var atStart = true
    private var outputs: [Output] = []

    /// A parser whose lines and events hold at most `limit` bytes each.
    public init(limit: Int) {
        self.limit = limit
        lines = StreamLines(endings: .eventStream, limit: limit)
    }

    /// Whether what came so far stops in the middle of an event: a line without its end, or
    /// data no blank line has dispatched yet. A stream that ends so lost that event.
    public var isMidEvent: Bool { lines.hasPartialLine || !data.isEmpty }

    /// The events and retry times `chunk` completes, in order.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer) throws(Failure) -> [Output] {
        // The splitter is moved out while it hands lines to `take`, which changes the rest of
        // self; swapped, not copied, so that its buffer is never shared and copied on write.
        var lines = StreamLines(endings: .eventStream, limit: limit)
        swap(&lines, &self.lines)
        defer { swap(&lines, &self.lines) }
        do {
            try lines.feed(chunk) { (line) throws(StreamLines.TooLong) in try take(line) }
        } catch {
            defer { outputs = [] }
            throw .tooLarge(limit: error.limit, completed: outputs)
        }
        defer { outputs = [] }
        return outputs
    }

    /// The events and retry times `bytes` complete, in order.
    public mutating func feed(_ bytes: [UInt8]) throws(Failure) -> [Output] {
        // `withUnsafeBytes` rethrows untyped: the parser's own result is carried out by hand.
        var result: Result<[Output], Failure> = .success([])
        bytes.withUnsafeBytes { chunk in
            result = Result { () throws(Failure) in try feed(chunk) }
        }
        return try result.get()
    }

    /// The connection ended: its half-read line and undispatched event are dropped, as the
    /// standard says; the last event ID stays, to resume from.
    public mutating func connectionEnded() {
        lines = StreamLines(endings: .eventStream, limit: limit)
        data.removeAll(keepingCapacity: true)
        eventType = ""
        idBuffer = lastEventID
        atStart = true
    }

    private mutating func take(_ line: UnsafeRawBufferPointer) throws(StreamLines.TooLong) {
        var line = line
        if atStart {
            atStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = UnsafeRawBufferPointer(rebasing: line[3...]) }
        }
        guard !line.isEmpty else { return dispatch() }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        if colon == line.startIndex { return }
        let field = UnsafeRawBufferPointer(rebasing: line[..<(colon ?? line.endIndex)])
        var value = colon.map { UnsafeRawBufferPointer(rebasing: line[($0 + 1)...]) } ?? UnsafeRawBufferPointer(rebasing: line[line.endIndex...])
        if value.first == UInt8(ascii: " ") { value = UnsafeRawBufferPointer(rebasing: value[1...]) }
        if field.elementsEqual("data".utf8) {
            guard data.count + value.count + 1 <= limit else { throw StreamLines.TooLong(limit: limit) }
            data.append(contentsOf: value)
            data.append(UInt8(ascii: "\n"))
        } else if field.elementsEqual("event".utf8) {
            if value.count <= Self.fieldLimit { eventType = String(decoding: value, as: UTF8.self) }
        } else if field.elementsEqual("id".utf8) {
            if value.count <= Self.fieldLimit, !value.contains(0) { idBuffer = String(decoding: value, as: UTF8.self) }
        } else if field.elementsEqual("retry".utf8) {
            // Only ASCII digits; a number too large for a duration is no number.
            if !value.isEmpty, value.count <= 12, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                outputs.append(.retry(milliseconds: value.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }))
            }
        }
    }

    private mutating func dispatch() {
        lastEventID = idBuffer
        defer { eventType = "" }
        guard !data.isEmpty else { return }
        data.removeLast()
        let event = ServerSentEvent(type: eventType.isEmpty ? "message" : eventType, data: String(decoding: data, as: UTF8.self),
                                    id: lastEventID.isEmpty ? nil : lastEventID)
        data.removeAll(keepingCapacity: true)
        outputs.append(.event(event))
    }
}
