/// Entity tags for the sample server's content (RFC 9110 §8.8.3).
public enum ETag {
    /// A strong tag from the content's 64-bit FNV-1a hash: the same bytes, the same tag.
    public static func strong(for body: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// Whether an `If-None-Match` list names `etag`; the weak comparison applies, as for GET.
    public static func matches(_ ifNoneMatch: String, _ etag: String) -> Bool {
        // Entity tags hold no whitespace, so each list entry is one token once split.
        let weakless = { (tag: Substring) in tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
        return ifNoneMatch.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).contains { tag in
            tag == "*" || weakless(tag) == weakless(Substring(etag))
        }
    }
}
