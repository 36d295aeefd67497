/// Runs of spaces, tabs, line breaks and form feeds as one space, none at the ends, as a
/// browser lays text out: by bytes, since a page or a 10 MB feed asks it of every title and
/// paragraph. The HTML reader and the feed reader both lay text out this way.
enum Whitespace {
    static func collapsed(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
