/// JSON text with the whitespace between its tokens dropped, as `jq -c` writes it, a piece at
/// a time: a pretty document streamed through it comes out on one line, its strings untouched.
/// A newline between top-level values stays: each stays on a line of its own.
public struct JSONCompaction {
    /// Inside a string, and just after a backslash there, as of the end of the last piece.
    private var inString = false
    private var escaped = false
    /// How many arrays and objects are open.
    private var depth = 0
    /// The last byte given out, in this piece or one before.
    private var lastKept: UInt8?

    public init() {}

    /// `piece`, compact, given what came before it.
    public mutating func next(_ piece: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(piece.utf8.count)
        for byte in piece.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                bytes.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                // Between top-level values (`1 2`, one a line): one newline keeps them apart.
                if depth == 0, let last = bytes.last ?? lastKept, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
                continue
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth = max(depth - 1, 0)
            default:
                break
            }
            bytes.append(byte)
        }
        if let last = bytes.last { lastKept = last }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A whole document, compact.
    public static func compacted(_ json: String) -> String {
        var compaction = JSONCompaction()
        return compaction.next(json)
    }
}
