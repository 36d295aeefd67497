public import Loader
internal import TerminalText

/// Anything else: a line with its type and size, then its first bytes as `xxd` shows them.
/// The last entry in the table, so that every response gets a faithful view, never a refusal.
public struct BytesPlugin: ContentPlugin {
    public let name = "bytes"
    public let mediaTypes = ["*/*"]
    public let summary = "anything else: its type and size, and its first 256 bytes as a hex dump"
    public let takes = "anything else"
    static let shown = 256

    public init() {}

    /// Anything but nothing: an empty body has no bytes to show, and is said to be empty.
    public func offer(_ body: ResponseBody) -> Offer<Bytes> {
        guard !body.bytes.isEmpty else { return .declined }
        var bytes = Self.bytes(body.bytes, mediaType: body.info.mediaType)
        bytes.choice = "shown as bytes (\(body.info.mediaType ?? "untyped"), \(ByteCount.format(body.bytes.count)); no plugin takes it, --plugin names one)"
        return .taken(bytes)
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> Bytes {
        Self.bytes(body, mediaType: response.mediaType)
    }

    private static func bytes(_ body: [UInt8], mediaType: String?) -> Bytes {
        Bytes(mediaType: mediaType, body: body)
    }

    public func notes(_ model: Bytes) -> [String] { model.choice.map { [$0] } ?? [] }

    /// Data off a terminal: the bytes as they came, where the sink takes bytes; otherwise
    /// (the full-screen view, a text of its own) the dump.
    public func write(_ model: Bytes, context: RenderContext, to sink: RenderSink) {
        guard context.writesData, sink.takesBytes else { return sink.write(render(model, context: context)) }
        sink.writeBytes(model.body)
    }

    public func goesOutAsData(_ model: Bytes) -> Bool { true }

    public func render(_ model: Bytes, context: RenderContext) -> String {
        var out = UntrustedText.forTerminalLine(model.summary) + "\n"
        let digits = Array("0123456789abcdef".utf8)
        for start in stride(from: 0, to: model.head.count, by: 16) {
            let row = model.head[start..<min(start + 16, model.head.count)]
            // As xxd: groups of two bytes, the hex area 39 columns wide, then the printable bytes.
            var hex = ""
            for (index, byte) in row.enumerated() {
                if index > 0 && index % 2 == 0 { hex += " " }
                hex += String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
            }
            var line = String(start, radix: 16).leftPadded(to: 8) + ": " + hex + String(repeating: " ", count: 39 - hex.count) + "  "
            line += String(decoding: row.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: ".") }, as: UTF8.self)
            out += line + "\n"
        }
        if model.count > model.head.count {
            out += TextStyle.dim.apply("… \(ByteCount.format(model.count - model.head.count)) more", in: context) + "\n"
        }
        return out
    }

    /// A type line over rows of a dump.
    public func skeleton(context: RenderContext) -> String {
        Skeleton.bars([0.3] + Array(repeating: 0.85, count: 4), context: context)
    }

    public func renderJSON(_ model: Bytes, context: RenderContext) -> String {
        JSONWriter(context: context).write(.object([
            JSON.Member("mediaType", model.mediaType.map(JSON.string) ?? .null), JSON.Member("bytes", .number(String(model.count))),
        ]))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
