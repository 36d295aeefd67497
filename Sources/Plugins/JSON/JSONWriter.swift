public import Loader
internal import TerminalText
/// JSON as text: indented two spaces, `"key": value` as jq writes it, keys in the order they
/// came unless sorted. Strings escape what JSON requires and also DEL, C1 controls and bidi
/// overrides and isolates, so the text is safe for a terminal as it is (`UntrustedText`).
public struct JSONWriter {
    public var sortsKeys: Bool
    /// One line, no spaces: for JSON Lines.
    public var isCompact = false

    public init(sortsKeys: Bool = false) { self.sortsKeys = sortsKeys }

    /// As `context` asks: keys sorted (`--sort-keys`), one line (`-c`).
    public init(context: RenderContext) {
        sortsKeys = context.sortsKeys
        isCompact = context.compactsJSON
    }

    /// Values as JSON Lines: each on a line of its own, compact, without a trailing newline.
    public func write(lines values: [JSON]) -> String {
        var compact = self
        compact.isCompact = true
        return values.map { compact.write($0) }.joined(separator: "\n")
    }

    /// The document, indented (unless compact), without a trailing newline.
    public func write(_ value: JSON) -> String {
        // Sized once, a little over so the caller's final newline fits too: the text is never
        // held twice.
        RenderSink.collect(capacity: value.estimatedTextSize(indent: 0) + 64) { write(value, to: $0) }
    }

    /// Writes the document, indented and without a trailing newline, into `sink` a piece at
    /// a time.
    public func write(_ value: JSON, to sink: RenderSink) {
        var out: [UInt8] = []
        // A container starts with a page's worth, and grows (doubling) up to about a chunk; a
        // scalar needs only its own size. A whole chunk up front was a 68 KB buffer, never
        // filled, per source of a 1,000-URL `--output json` run whose pages are 1 KB.
        switch value {
        case .array, .object: out.reserveCapacity(4096)
        case .string(let text): out.reserveCapacity(text.utf8.count + 8)
        case .number(let literal): out.reserveCapacity(literal.utf8.count)
        case .null, .bool: out.reserveCapacity(8)
        }
        write(value, indent: 0, into: &out, flushingTo: sink)
        Self.flush(&out, into: sink)
    }

    /// Bytes gathered before they go to the sink: a whole token at a time, never part of a
    /// character.
    private static let chunk = 1 << 16

    private static func flush(_ out: inout [UInt8], into sink: RenderSink) {
        sink.write(String(decoding: out, as: UTF8.self))
        out.removeAll(keepingCapacity: true)
    }

    /// Several documents as one JSON array, indented.
    public func write(array values: [JSON]) -> String { write(.array(values)) }

    private func write(_ value: JSON, indent: Int, into out: inout [UInt8], flushingTo sink: RenderSink) {
        if out.count >= Self.chunk {
            Self.flush(&out, into: sink)
        }
        // The taker wants no more (stdout closed, a signal): the rest would be dropped anyway.
        if sink.isStopped { return }
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let literal): out.append(contentsOf: literal.utf8)
        case .string(let text): Self.quote(text, into: &out)
        case .array(let items):
            guard !items.isEmpty else { return out.append(contentsOf: "[]".utf8) }
            out.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 2, into: &out)
                write(item, indent: indent + 2, into: &out, flushingTo: sink)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { return out.append(contentsOf: "{}".utf8) }
            out.append(UInt8(ascii: "{"))
            let ordered = sortsKeys ? members.sorted { $0.key < $1.key } : members
            for (position, member) in ordered.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 2, into: &out)
                Self.quote(member.key, into: &out)
                out.append(contentsOf: (isCompact ? ":" : ": ").utf8)
                write(member.value, indent: indent + 2, into: &out, flushingTo: sink)
            }
            newline(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private func newline(_ indent: Int, into out: inout [UInt8]) {
        if isCompact { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    /// `text` as a JSON string literal, escaped as `write` escapes it, appended to `out`.
    public static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // ASCII with nothing to escape is copied in runs, found by a table: four compares a
            // byte were 18 instructions a byte of a 1,000-URL run's output.
            Self.plainASCII.withUnsafeBufferPointer { plain in
                var runStart = 0
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if plain[Int(byte)] {
                        index += 1
                        continue
                    }
                    if byte >= 0x80 && !startsUnsafeScalar(bytes, at: index) {
                        index += 1
                        continue
                    }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    index += escape(bytes, at: index, into: &out)
                    runStart = index
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// For each byte, whether it is printable ASCII that JSON leaves as it is: not `"` or `\`.
    private static let plainASCII: [Bool] = (0...255).map { byte in
        byte >= 0x20 && byte < 0x7F && byte != Int(UInt8(ascii: "\"")) && byte != Int(UInt8(ascii: "\\"))
    }

    /// Whether the UTF-8 sequence at `index` is a C1 control (C2 80–9F) or a bidi override
    /// or isolate (E2 80 AA–AE, E2 81 A6–A9).
    private static func startsUnsafeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        if byte == 0xC2, index + 1 < bytes.count { return bytes[index + 1] <= 0x9F }
        guard byte == 0xE2, index + 2 < bytes.count else { return false }
        let (second, third) = (bytes[index + 1], bytes[index + 2])
        return (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
    }

    /// Escapes the character at `index`; returns how many bytes it took.
    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, into out: inout [UInt8]) -> Int {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8); return 1
        case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8); return 1
        case 0x0A: out.append(contentsOf: #"\n"#.utf8); return 1
        case 0x09: out.append(contentsOf: #"\t"#.utf8); return 1
        case 0x0D: out.append(contentsOf: #"\r"#.utf8); return 1
        case 0x00..<0x20, 0x7F: unicodeEscape(UInt32(byte), into: &out); return 1
        case 0xC2: unicodeEscape(UInt32(bytes[index + 1]), into: &out); return 2
        default:
            // E2 80 AA–AE → U+202A–202E; E2 81 A6–A9 → U+2066–2069.
            let value = 0x2000 | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
            unicodeEscape(value, into: &out)
            return 3
        }
    }

    private static func unicodeEscape(_ value: UInt32, into out: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        out.append(contentsOf: #"\u"#.utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(digits[Int((value >> UInt32(shift)) & 0xF)])
        }
    }
}
