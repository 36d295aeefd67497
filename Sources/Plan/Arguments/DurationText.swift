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
