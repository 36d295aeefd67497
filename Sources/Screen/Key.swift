/// A key the full-screen view acts on.
package enum Key: Equatable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end, tab, backTab
    case enter, escape, backspace
    /// A control key other than the ones above, by its letter: Ctrl-N is `.control("n")`.
    case control(Character)

    /// The keys in `bytes`, as one read from the terminal delivered them. Unknown escape
    /// sequences are dropped whole, so their tails are not taken for letters. An ESC that
    /// starts no sequence (the last byte of the read, or before another key) is the Esc key.
    package static func parse(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "O") else {
                    keys.append(.escape)
                    index += 1
                    continue
                }
                // CSI or SS3: parameters, then one final byte in 0x40…0x7E.
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { break }
                if let key = sequence(String(decoding: bytes[(index + 2)...end], as: UTF8.self)) { keys.append(key) }
                index = end + 1
                continue
            }
            switch byte {
            case 0x09: keys.append(.tab)
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x01...0x1A: keys.append(.control(Character(UnicodeScalar(byte + 0x60))))
            case 0x20..<0x7F: keys.append(.character(Character(UnicodeScalar(byte))))
            case 0xC2...0xF4:
                // A character typed in UTF-8 (a search for "café"): its whole sequence, or nothing.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                if index + length <= bytes.count, let scalar = String(validating: bytes[index..<(index + length)], as: UTF8.self)?.first {
                    keys.append(.character(scalar))
                    index += length
                    continue
                }
            default: break
            }
            index += 1
        }
        return keys
    }

    /// The key a CSI or SS3 sequence's body (after `ESC [` or `ESC O`) stands for.
    private static func sequence(_ body: String) -> Key? {
        switch body {
        case "A": .up
        case "B": .down
        case "C": .right
        case "D": .left
        case "5~": .pageUp
        case "6~": .pageDown
        case "H", "1~", "7~": .home
        case "F", "4~", "8~": .end
        case "Z": .backTab
        default: nil
        }
    }
}
