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
        var piece = piece
        let count = piece.utf8.count
        guard count > 0 else { return "" }
        // Straight from the piece's bytes into the result's storage: compaction only drops
        // bytes, so the piece's size always holds it (a byte-wise Array and a second copy
        // into a String were ~30 instructions a byte of a 1,000-URL `--output json` run).
        return piece.withUTF8 { input in
            String(unsafeUninitializedCapacity: count) { output in compact(input, into: output) }
        }
    }

    /// Writes `input`, compact, into `output` (at least as large); returns how many bytes.
    private mutating func compact(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        // The state in locals for the loop, stored back once at the end.
        var inString = self.inString, escaped = self.escaped, depth = self.depth
        var written = 0
        for byte in input {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                output[written] = byte
                written += 1
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                // Between top-level values (`1 2`, one a line): one newline keeps them apart.
                if depth == 0, let last = written > 0 ? output[written - 1] : lastKept, last != UInt8(ascii: "\n") {
                    output[written] = UInt8(ascii: "\n")
                    written += 1
                }
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
            output[written] = byte
            written += 1
        }
        self.inString = inString
        self.escaped = escaped
        self.depth = depth
        if written > 0 { lastKept = output[written - 1] }
        return written
    }

    /// A whole document, compact.
    public static func compacted(_ json: String) -> String {
        var compaction = JSONCompaction()
        return compaction.next(json)
    }
}
