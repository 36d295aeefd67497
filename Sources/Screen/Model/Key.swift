/// A key the full-screen view acts on.
package enum Key: Equatable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end, tab, backTab
    case enter, escape, backspace
    /// A control key other than the ones above, by its letter: Ctrl-N is `.control("n")`.
    case control(Character)
    /// A click or a turn of the wheel, as SGR mouse reporting (mode 1006) gives it.
    case mouse(Mouse)

    /// What the mouse did, and where: `row` and `column` count from 1, as the terminal does.
    package struct Mouse: Equatable {
        package enum Action: Equatable, Sendable { case click, wheelUp, wheelDown }
        package var action: Action
        package var row: Int
        package var column: Int

        package init(_ action: Action, row: Int, column: Int) {
            self.action = action
            self.row = row
            self.column = column
        }

        /// The event `ESC [ < b ; x ; y M` stands for (`body` from `<`, final byte included):
        /// a press of the left button, or the wheel; nil for a release, another button, a drag.
        static func parse(_ body: String) -> Mouse? {
            guard body.hasPrefix("<"), body.hasSuffix("M") else { return nil }
            let numbers = body.dropFirst().dropLast().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3 else { return nil }
            let (button, column, row) = (numbers[0], numbers[1], numbers[2])
            // Bits 2-4 are Shift, Meta and Ctrl, and 32 a drag: none of those is a click.
            switch button & ~0b11100 {
            case 0: return Mouse(.click, row: row, column: column)
            case 64: return Mouse(.wheelUp, row: row, column: column)
            case 65: return Mouse(.wheelDown, row: row, column: column)
            default: return nil
            }
        }
    }

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
                let body = String(decoding: bytes[(index + 2)...end], as: UTF8.self)
                if let key = sequence(body) { keys.append(key) }
                // A terminal that knows mouse mode 1000 but not SGR's 1006 (GNU screen, the
                // Linux console) sends the old `ESC [ M b x y`: its three bytes are no keys
                // (a click in column 81 would be a `q`).
                index = end + 1 + (body == "M" ? 3 : 0)
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
        default: Mouse.parse(body).map(Key.mouse)
        }
    }
}
