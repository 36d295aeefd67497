/// The one reading of a duration as people type it, on the command line and in the sources
/// file alike: `500ms`, `30s`, `5m`, `1h`, `1m30s`, `1h30m`, `1.5s`, or a bare number of
/// seconds (`30`, `0.5`), as `watch -n` reads it.
package enum DurationText {
    /// How durations are spelt in messages.
    package static let examples = "500ms, 30s, 1m30s or 1h"

    /// The units, largest first: a duration names each at most once, in this order.
    private static let units: [(name: String, milliseconds: Double)] = [("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)]

    /// The duration `text` spells, rounded to the millisecond; nil when it spells none or one
    /// longer than GLib's timers take (about 49 days). Zero is a duration: each caller sets
    /// its own least.
    package static func parse(_ text: String) -> Duration? {
        // A sources file of 100,000 sources reads 100,000 of these: walk ASCII text as bytes,
        // without lowercasing a copy or walking Characters. Other text takes the Character
        // walk, the rule both must agree on (a differential test holds them to it).
        if let parsed = text.utf8.withContiguousStorageIfAvailable({ bytes -> Duration? in
            bytes.allSatisfy { $0 < 0x80 } ? parseASCII(bytes) : parseCharacters(text)
        }) {
            return parsed
        }
        return parseCharacters(text)
    }

    /// `parse` over ASCII bytes, units in either case.
    private static func parseASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Duration? {
        guard !bytes.isEmpty else { return nil }
        var index = 0
        var milliseconds = 0.0
        var lastUnit = -1
        while index < bytes.count {
            // Digits and at most one point: no signs, exponents, `inf` or `nan`.
            let numberStart = index
            var digits = 0
            var points = 0
            var whole = 0.0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    digits += 1
                    whole = whole * 10 + Double(byte - UInt8(ascii: "0"))
                } else if byte == UInt8(ascii: ".") {
                    points += 1
                } else {
                    break
                }
                index += 1
            }
            guard digits > 0, points <= 1 else { return nil }
            // Up to 15 digits a whole number is exact in a Double, as Double(text) reads it;
            // a fraction or a longer number is left to Double(text)'s own rounding.
            let value: Double
            if points == 0, digits <= 15 {
                value = whole
            } else {
                let number = String(decoding: UnsafeBufferPointer(rebasing: bytes[numberStart..<index]), as: UTF8.self)
                guard let parsed = Double(number) else { return nil }
                value = parsed
            }
            let unitStart = index
            while index < bytes.count, isASCIILetter(bytes[index]) { index += 1 }
            if unitStart == index {
                // A bare number is seconds, and only alone: `1m30` is a typo, not 1m30s.
                guard lastUnit == -1, index == bytes.count else { return nil }
                milliseconds = value * 1000
                break
            }
            guard let unit = unitIndex(UnsafeBufferPointer(rebasing: bytes[unitStart..<index])), unit > lastUnit else {
                return nil
            }
            lastUnit = unit
            milliseconds += value * units[unit].milliseconds
        }
        guard milliseconds.isFinite, milliseconds <= Double(UInt32.max) else { return nil }
        return .milliseconds(Int64(milliseconds.rounded()))
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// The index in `units` of the unit these ASCII letters name, in either case.
    private static func unitIndex(_ letters: UnsafeBufferPointer<UInt8>) -> Int? {
        switch (letters.count, letters.first.map { $0 | 0x20 }, letters.last.map { $0 | 0x20 }) {
        case (1, UInt8(ascii: "h"), _): 0
        case (1, UInt8(ascii: "m"), _): 1
        case (1, UInt8(ascii: "s"), _): 2
        case (2, UInt8(ascii: "m"), UInt8(ascii: "s")): 3
        default: nil
        }
    }

    /// `parse` as Characters of the lowercased text: the rule for any text, and the reference
    /// the ASCII walk is tested against.
    static func parseCharacters(_ text: String) -> Duration? {
        var rest = Substring(text.lowercased())
        var milliseconds = 0.0
        var lastUnit = -1
        while !rest.isEmpty {
            // Digits and at most one point: no signs, exponents, `inf` or `nan`.
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard number.contains(where: \.isNumber), number.filter({ $0 == "." }).count <= 1,
                  let value = Double(number) else { return nil }
            rest = rest.dropFirst(number.count)
            let unitName = rest.prefix { $0.isASCII && $0.isLetter }
            rest = rest.dropFirst(unitName.count)
            if unitName.isEmpty {
                // A bare number is seconds, and only alone: `1m30` is a typo, not 1m30s.
                guard lastUnit == -1, rest.isEmpty else { return nil }
                milliseconds = value * 1000
                break
            }
            guard let unit = units.firstIndex(where: { $0.name == unitName }), unit > lastUnit else { return nil }
            lastUnit = unit
            milliseconds += value * units[unit].milliseconds
        }
        guard !text.isEmpty, milliseconds.isFinite, milliseconds <= Double(UInt32.max) else { return nil }
        return .milliseconds(Int64(milliseconds.rounded()))
    }
}
