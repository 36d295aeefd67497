public import Loader
internal import TerminalText

/// Server-Sent Events (`text/event-stream`), read as the HTML standard says, as a list of
/// events that grows while the stream lasts: each event printed on a pipe as it comes, as one
/// line of text, or one line of JSON (`{"id", "event", "data"}`) with `--output json`.
///
/// Chosen by the response's head, before any body (a stream may never end for the other
/// plugins to be offered it). A whole body of events (a file, a stream that ended) decodes
/// the same way.
public struct EventStreamPlugin: ContentPlugin, BodyTappingDecoder {
    public let name = "events"
    public let mediaTypes = [EventStreamPlugin.mediaType]
    public let summary = "events: a Server-Sent Events stream, each event a line as it comes (its data as JSON where it parses)"
    public let takes = MediaType.eventStream

    /// The most bytes one event (or one line of it) may hold: a stream past it is cut off.
    public static let eventLimit = 16 << 20
    /// The most events a load keeps to show while it streams and once it comes to rest
    /// (those a pipe printed as they came are not kept).
    public static let window = 1_000
    /// The most bytes the kept events may take (as `LiveWindow.heldSize` reckons them from
    /// their text: 1 MiB of events as they came, at most): the last event is kept whatever
    /// its size, and as many before it as fit.
    public static let windowBytes = 16 << 20

    /// The one media type it takes.
    public static let mediaType = MediaType.eventStream

    public init() {}

    public var isChosenByHead: Bool { true }

    public func offer(_ body: ResponseBody) -> Offer<StreamEvents> {
        guard body.info.mediaType == Self.mediaType else { return .declined }
        do throws(DecodeFailure) {
            return .taken(try decode(body.bytes, response: body.info))
        } catch {
            return .failed(error)
        }
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> StreamEvents {
        let tap = EventStreamTap(handing: nil)
        body.withUnsafeBytes { tap.take($0) }
        return try Self.events(tap.finish())
    }

    /// The events of the content a tap made.
    static func events(_ content: AnyContent) -> StreamEvents {
        content.model as? StreamEvents ?? StreamEvents()
    }

    public func tap(for response: ResponseInfo, handingTo handoff: ItemHandoff?) -> (any BodyTap)? {
        guard response.mediaType == Self.mediaType else { return nil }
        return EventStreamTap(handing: handoff?.shown.map { shown in { event in shown(AnyContent(StreamEvents([event]), decoder: self)) } },
                              handoff: handoff)
    }

    public func decode(_ body: [UInt8], response: ResponseInfo, handingTo handoff: ItemHandoff?, tapped tap: any BodyTap) throws(DecodeFailure) -> StreamEvents {
        guard let tap = tap as? EventStreamTap else { return try decode(body, response: response) }
        return try Self.events(tap.finish())
    }

    public func itemCount(_ model: StreamEvents) -> Int? { model.events.count }

    public func notes(_ model: StreamEvents) -> [String] {
        var notes: [String] = []
        if model.dropped > 0 && !model.events.isEmpty { notes.append("the last \(model.events.count) events; \(model.dropped) before them were let go") }
        if model.endedMidEvent { notes.append("the stream ended in the middle of an event, which was dropped") }
        return notes
    }

    // MARK: Rendering

    /// Each event on a line of its own, ended: pieces printed as they come follow each other.
    public func render(_ model: StreamEvents, context: RenderContext) -> String {
        model.events.reduce(into: "") { text, event in text += Self.line(event, context: context) + "\n" }
    }

    /// An event on one line: its data (JSON compact), after its type where it has one of its
    /// own and its ID where it has one, as `#7 update {"i":7}`.
    static func line(_ event: StreamEvent, context: RenderContext) -> String {
        var line = ""
        if let id = event.id { line += "#" + UntrustedText.forTerminal(id) + " " }
        if event.type != "message" { line += UntrustedText.forTerminal(event.type) + " " }
        switch event.data {
        case .string(let text):
            // A multi-line data's lines stay apart, under the first.
            line += text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { UntrustedText.forTerminal(String($0)) }.joined(separator: "\n  ")
        default:
            line += UntrustedText.forTerminal(JSONWriter(context: context.compacted).write(event.data))
        }
        return line
    }

    /// One compact JSON object a line, one line an event: JSON Lines, as a stream is read.
    public func renderJSON(_ model: StreamEvents, context: RenderContext) -> String {
        let writer = JSONWriter(context: context.compacted)
        return model.events.map { writer.write($0.json) }.joined(separator: "\n")
    }

    /// Short lines, an event each.
    public func skeleton(context: RenderContext) -> String {
        Skeleton.bars((0..<6).map { Skeleton.fraction($0, from: 0.3, to: 0.8) }, context: context)
    }

    public func emptyState(_ model: StreamEvents) -> String? {
        model.events.isEmpty && model.dropped == 0 ? "no events" : nil
    }

    /// An event's fields: its `id` and `event`, and its data's top-level scalars (or `data`
    /// itself, where it is text), as a list item's fields are: one with a URL opens it.
    public func itemFields(_ model: StreamEvents, at index: Int) -> [String: String]? {
        guard model.events.indices.contains(index) else { return nil }
        let event = model.events[index]
        var fields = event.data.itemFields
        switch event.data {
        case .string(let text): fields["data"] = text
        case .number(let literal): fields["data"] = literal
        default: break
        }
        fields["event"] = event.type
        if let id = event.id { fields["id"] = id }
        return fields
    }

    public var noDetailNote: String? { "an event is whole as it came" }

    public func renderItems(_ model: StreamEvents, context: RenderContext) -> RenderedItems? {
        var lines: [Int] = []
        var text = ""
        var line = 0
        for event in model.events {
            if !text.isEmpty { text += "\n" }
            lines.append(line)
            let rendered = Self.line(event, context: context)
            line += 1 + rendered.utf8.count { $0 == UInt8(ascii: "\n") }
            text += rendered
        }
        return RenderedItems(text: text, itemLines: lines)
    }
}
