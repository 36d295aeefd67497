public import Loader
internal import TerminalText

/// A live stream of JSON values (JSON Lines, NDJSON, json-seq sent with no length, or a
/// Kubernetes `?watch=1`'s `application/json;stream=watch`: `docker events`, an event feed), read as a list that grows while the stream lasts:
/// each value printed on a pipe as it comes, one compact line of JSON, as `jq -c` prints it.
///
/// Chosen by the response's head, and only for a stream (`ResponseInfo.isLiveStream`): the
/// same values sent with their length are a document, which the JSON plugin reads whole.
public struct JSONLinesPlugin: ContentPlugin, BodyTappingDecoder {
    public let name = "lines"
    public let mediaTypes = ["application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
                             "application/jsonlines", "application/json-seq"]
    public let summary = "lines: a live stream of JSON values sent with no length (JSON Lines, NDJSON), each a line as it comes"
    public let takes = "JSON Lines streams"

    /// The most bytes one line may hold: a stream past it is cut off.
    public static let lineLimit = 16 << 20

    public init() {}

    public var isChosenByHead: Bool { true }

    /// A whole body is a document, the JSON plugin's: only a stream is this plugin's.
    public func offer(_ body: ResponseBody) -> Offer<StreamValues> { .declined }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> StreamValues {
        let tap = JSONLinesTap(handing: nil)
        body.withUnsafeBytes { tap.take($0) }
        return try Self.values(tap.finish())
    }

    /// The values of the content a tap made.
    static func values(_ content: AnyContent) -> StreamValues {
        content.model as? StreamValues ?? StreamValues()
    }

    public func tap(for response: ResponseInfo, handingTo handoff: ItemHandoff?) -> (any BodyTap)? {
        guard response.isLiveStream, response.mediaType != MediaType.eventStream else { return nil }
        return JSONLinesTap(handing: handoff?.shown.map { shown in { value in shown(AnyContent(StreamValues([value]), decoder: self)) } },
                            handoff: handoff)
    }

    public func decode(_ body: [UInt8], response: ResponseInfo, handingTo handoff: ItemHandoff?, tapped tap: any BodyTap) throws(DecodeFailure) -> StreamValues {
        guard let tap = tap as? JSONLinesTap else { return try decode(body, response: response) }
        return try Self.values(tap.finish())
    }

    public func itemCount(_ model: StreamValues) -> Int? { model.values.count }

    public func notes(_ model: StreamValues) -> [String] {
        model.dropped > 0 && !model.values.isEmpty ? ["the last \(model.values.count) values; \(model.dropped) before them were let go"] : []
    }

    // MARK: Rendering

    /// Each value on a line of its own, compact, made safe, and ended.
    public func render(_ model: StreamValues, context: RenderContext) -> String {
        let writer = JSONWriter(context: context.compacted)
        return model.values.reduce(into: "") { text, value in text += UntrustedText.forTerminal(writer.write(value)) + "\n" }
    }

    /// One compact JSON value a line: JSON Lines, as it came.
    public func renderJSON(_ model: StreamValues, context: RenderContext) -> String {
        let writer = JSONWriter(context: context.compacted)
        return model.values.map { writer.write($0) }.joined(separator: "\n")
    }

    public func skeleton(context: RenderContext) -> String {
        Skeleton.bars((0..<6).map { Skeleton.fraction($0, from: 0.4, to: 0.9) }, context: context)
    }

    public func emptyState(_ model: StreamValues) -> String? {
        model.values.isEmpty && model.dropped == 0 ? "no values" : nil
    }

    public func renderItems(_ model: StreamValues, context: RenderContext) -> RenderedItems? {
        let writer = JSONWriter(context: context.compacted)
        let lines = model.values.map { UntrustedText.forTerminalLine(writer.write($0)) }
        return RenderedItems(text: lines.joined(separator: "\n"), itemLines: Array(lines.indices))
    }

    /// A value's top-level scalars, as a list item's: one with a URL opens it.
    public func itemFields(_ model: StreamValues, at index: Int) -> [String: String]? {
        model.values.indices.contains(index) ? model.values[index].itemFields : nil
    }

    public var noDetailNote: String? { "a value is whole as it came" }
}

/// A live stream's JSON values: the last of them, at most a window's worth, and how many came
/// before those.
public struct StreamValues: Equatable, Sendable {
    public var values: [JSON]
    /// Values that came before `values` and were let go, to keep the window.
    public var dropped: Int

    public init(_ values: [JSON] = [], dropped: Int = 0) {
        self.values = values
        self.dropped = dropped
    }
}
