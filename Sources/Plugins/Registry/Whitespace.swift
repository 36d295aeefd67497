/// Runs of spaces, tabs, line breaks and form feeds as one space, none at the ends, as a
/// browser lays text out: by bytes, since a page or a 10 MB feed asks it of every title and
/// paragraph. The HTML reader and the feed reader both lay text out this way.
enum Whitespace {
    static func collapsed(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in needsCollapsing(bytes) ? collapsing(bytes) : nil } ?? text
    }

    /// The UTF-8 text in `bytes`, collapsed, as a string: one copy, whether or not anything
    /// needed collapsing (a feed's text, straight from libxml2's buffer).
    static func collapsed(bytes: UnsafeBufferPointer<UInt8>) -> String {
        needsCollapsing(bytes) ? collapsing(bytes) : String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `bytes` has a space at either end, a run of them, or one that is not ` `.
    private static func needsCollapsing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousWasSpace = true
        for byte in bytes {
            let space = isSpace(byte)
            if space && (previousWasSpace || byte != 0x20) { return true }
            previousWasSpace = space
        }
        return previousWasSpace && !bytes.isEmpty
    }

    private static func collapsing(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { out in
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
    }

    /// `text` without spaces, tabs and line breaks at its ends: itself when it has none, as
    /// an id or a date in a feed mostly has.
    static func trimmed(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            let kept = trimmed(bytes: bytes)
            guard kept.count < bytes.count else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[kept]), as: UTF8.self)
        } ?? text
    }

    /// Where `bytes` stand without the spaces, tabs and line breaks at their ends.
    static func trimmed(bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var end = bytes.count
        while start < end && isSpace(bytes[start]) { start += 1 }
        while end > start && isSpace(bytes[end - 1]) { end -= 1 }
        return start..<end
    }

    /// A space, tab, line break or form feed: what a browser lays out as one space.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
