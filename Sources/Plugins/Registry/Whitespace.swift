/// Runs of spaces, tabs, line breaks and form feeds as one space, none at the ends, as a
/// browser lays text out: by bytes, since a page or a 10 MB feed asks it of every title and
/// paragraph. The HTML reader and the feed reader both lay text out this way.
enum Whitespace {
    static func collapsed(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Most titles need nothing done: no allocation then.
            var previousWasSpace = true
            var needsWork = false
            for byte in bytes {
                let space = isSpace(byte)
                if space && (previousWasSpace || byte != 0x20) {
                    needsWork = true
                    break
                }
                previousWasSpace = space
            }
            guard needsWork || previousWasSpace && !bytes.isEmpty else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                guard let target = out.baseAddress else { return 0 }
                var count = 0
                var pendingSpace = false
                for byte in bytes {
                    if isSpace(byte) {
                        pendingSpace = count > 0
                        continue
                    }
                    if pendingSpace {
                        target[count] = 0x20
                        count += 1
                        pendingSpace = false
                    }
                    target[count] = byte
                    count += 1
                }
                return count
            }
        } ?? text
    }

    /// `text` without spaces, tabs and line breaks at its ends: itself when it has none, as
    /// an id or a date in a feed mostly has.
    static func trimmed(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var start = 0
            var end = bytes.count
            while start < end && isSpace(bytes[start]) { start += 1 }
            while end > start && isSpace(bytes[end - 1]) { end -= 1 }
            guard start > 0 || end < bytes.count else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        } ?? text
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
