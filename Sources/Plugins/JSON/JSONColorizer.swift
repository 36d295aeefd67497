/// Colours JSON text as jq 1.6 colours it (`jq -C`), piece by piece as the text is written, so
/// that `--output json` on a terminal looks as it does through jq.
///
/// The colours are jq 1.6's defaults, which Debian 12 ships: `JQ_COLORS` of
/// `1;30:0;39:0;39:0;39:0;32:1;39:1;39` (null, false, true, numbers, strings, arrays, objects)
/// and object keys in `34;1`, which jq 1.6 fixes (jq 1.7.1 made it an eighth field, same
/// default). The escapes stand where jq 1.6's `jv_dump_term` puts them, reset for reset: a
/// container's colour comes again after each of its values, a key and the space after its
/// colon are reset. The text must be JSON that is already safe for a terminal (`JSONWriter`'s,
/// or after `UntrustedText.forJSON`): this only adds escapes, between tokens.
public struct JSONColorizer {
    static let null = "\u{1B}[1;30m"
    /// false, true and numbers.
    static let scalar = "\u{1B}[0;39m"
    static let string = "\u{1B}[0;32m"
    /// Arrays and objects alike.
    static let container = "\u{1B}[1;39m"
    static let field = "\u{1B}[34;1m"
    static let reset = "\u{1B}[0m"

    private enum Container { case array, object }

    /// The open containers, and whether each has had a value yet.
    private var open: [(kind: Container, isEmpty: Bool)] = []
    private var inString = false
    private var escaped = false
    private var stringIsKey = false
    private var inLiteral = false
    /// In an object, after `{` or `,`: the next string is a key.
    private var expectsKey = false
    private var out: [UInt8] = []

    public init() {}

    /// `text` whole, coloured.
    public static func colored(_ text: String) -> String {
        var colorizer = JSONColorizer()
        return colorizer.color(text)
    }

    /// The next piece of the text, coloured. A number, `true`, `false` or `null` ends at the
    /// byte after it, so the newline after a document is what ends one at the top level.
    public mutating func color(_ piece: String) -> String {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(piece.utf8.count * 2)
        for byte in piece.utf8 { take(byte) }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func take(_ byte: UInt8) {
        if inString { return takeInString(byte) }
        if inLiteral {
            if Self.isLiteral(byte) { return out.append(byte) }
            inLiteral = false
            endValue()
        }
        switch byte {
        case UInt8(ascii: "\""):
            if expectsKey, open.last?.kind == .object {
                open[open.count - 1].isEmpty = false
                append(Self.reset + Self.field)
                expectsKey = false
                stringIsKey = true
            } else {
                startValue(Self.string)
                stringIsKey = false
            }
            inString = true
            out.append(byte)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            startValue(Self.container)
            out.append(byte)
            open.append((byte == UInt8(ascii: "{") ? .object : .array, true))
            expectsKey = byte == UInt8(ascii: "{")
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            // An empty one was `[]` in one colour; a full one takes its colour again to close.
            if let closed = open.popLast(), !closed.isEmpty { append(Self.container) }
            out.append(byte)
            expectsKey = false
            endValue()
        case UInt8(ascii: ","):
            out.append(byte)
            expectsKey = open.last?.kind == .object
        case _ where Self.isLiteral(byte):
            startValue(byte == UInt8(ascii: "n") ? Self.null : Self.scalar)
            inLiteral = true
            out.append(byte)
        default:
            // Whitespace and colons go as they are.
            out.append(byte)
        }
    }

    private mutating func takeInString(_ byte: UInt8) {
        out.append(byte)
        if escaped {
            escaped = false
        } else if byte == UInt8(ascii: "\\") {
            escaped = true
        } else if byte == UInt8(ascii: "\"") {
            inString = false
            if stringIsKey {
                append(Self.reset + Self.container)
            } else {
                endValue()
            }
        }
    }

    /// A value starts: after a key's `: `, jq resets first; then the value's colour.
    private mutating func startValue(_ color: String) {
        if let last = open.last {
            open[open.count - 1].isEmpty = false
            if last.kind == .object { append(Self.reset) }
        }
        append(color)
    }

    /// A value ended: reset, then its container's colour again, for the `,` or the close.
    private mutating func endValue() {
        append(Self.reset)
        if !open.isEmpty { append(Self.container) }
    }

    private mutating func append(_ escape: String) { out.append(contentsOf: escape.utf8) }

    private static func isLiteral(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".")
    }
}
