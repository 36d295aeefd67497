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

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
