#if canImport(Glibc)
import Glibc
#endif
internal import Loader

/// A feed's date: a moment, read from RFC 822 (RSS, with the variants real feeds use: no day
/// name, two-digit years, named zones, no seconds) or RFC 3339 (Atom, Dublin Core, JSON Feed,
/// with W3C-DTF's shorter forms).
public struct FeedDate: Equatable, Comparable, Sendable {
    /// Seconds since the epoch.
    public var seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    public static func < (lhs: FeedDate, rhs: FeedDate) -> Bool { lhs.seconds < rhs.seconds }

    /// The date in `text`, in either form; nil when it is neither.
    public init?(_ text: String) {
        let trimmed = Whitespace.trimmed(text)
        guard let seconds = Self.rfc3339(trimmed) ?? Self.rfc822(trimmed) else { return nil }
        self.seconds = seconds
    }

    /// RFC 3339 in UTC, as JSON Feed writes dates: `2026-11-26T09:12:03Z`.
    public var rfc3339: String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return Self.format(parts, separator: UInt8(ascii: "T"), seconds: true, zone: UInt8(ascii: "Z"))
    }

    /// The date in the local time zone, to the minute: `2026-11-26 10:12`.
    public var local: String {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        return Self.format(parts, separator: UInt8(ascii: " "), seconds: false, zone: nil)
    }

    /// `YYYY-MM-DD`, the separator, `hh:mm`, then `:ss` and the zone's letter when asked: digit
    /// by digit, since a list of 25,000 entries shows as many dates.
    private static func format(_ parts: tm, separator: UInt8, seconds: Bool, zone: UInt8?) -> String {
        let year = Int(parts.tm_year) + 1900
        return String(unsafeUninitializedCapacity: 24) { out in
            var count = 0
            func put(_ byte: UInt8) {
                out[count] = byte
                count += 1
            }
            func digits(_ value: Int, _ width: Int) {
                var divisor = 1
                for _ in 1..<width { divisor *= 10 }
                // Years past 9999 cannot be read from a feed; a wider value keeps its digits.
                while value / divisor >= 10 { divisor *= 10 }
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                    divisor /= 10
                }
            }
            digits(max(0, year), 4)
            put(UInt8(ascii: "-"))
            digits(Int(parts.tm_mon) + 1, 2)
            put(UInt8(ascii: "-"))
            digits(Int(parts.tm_mday), 2)
            put(separator)
            digits(Int(parts.tm_hour), 2)
            put(UInt8(ascii: ":"))
            digits(Int(parts.tm_min), 2)
            if seconds {
                put(UInt8(ascii: ":"))
                digits(Int(parts.tm_sec), 2)
            }
            if let zone { put(zone) }
            return count
        }
    }

    // MARK: RFC 3339 and W3C-DTF

    /// `YYYY[-MM[-DD[(T| )hh:mm[:ss[.fraction]][Z|±hh[:]mm]]]]`.
    static func rfc3339(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { rfc3339(bytes: $0) }
    }

    /// `rfc3339(_:)` on UTF-8 bytes: an element's text as libxml2 holds it.
    static func rfc3339(bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var scanner = DateScanner(bytes: bytes)
        guard let year = scanner.number(digits: 4) else { return nil }
        var month = 1, day = 1, hour = 0, minute = 0, second = 0, offset = 0
        if scanner.skip("-") {
            guard let value = scanner.number(digits: 2) else { return nil }
            month = value
            if scanner.skip("-") {
                guard let value = scanner.number(digits: 2) else { return nil }
                day = value
                if scanner.skip("T") || scanner.skip("t") || scanner.skip(" ") {
                    guard let h = scanner.number(digits: 2), scanner.skip(":"), let m = scanner.number(digits: 2) else { return nil }
                    (hour, minute) = (h, m)
                    if scanner.skip(":") {
                        guard let s = scanner.number(digits: 2) else { return nil }
                        second = s
                        if scanner.skip(".") || scanner.skip(",") { scanner.skipDigits() }
                    }
                    if scanner.skip("Z") || scanner.skip("z") {
                        offset = 0
                    } else if let sign = scanner.sign() {
                        guard let h = scanner.number(digits: 2) else { return nil }
                        _ = scanner.skip(":")
                        let m = scanner.number(digits: 2) ?? 0
                        offset = sign * (h * 3600 + m * 60)
                    }
                }
            }
        }
        guard scanner.atEnd else { return nil }
        return civil(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    // MARK: RFC 822

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    /// RFC 822's named zones, North American and universal, in hours from UTC.
    private static let zones: [String: Int] = [
        "gmt": 0, "ut": 0, "utc": 0, "z": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6,
        "pst": -8, "pdt": -7, "bst": 1, "cet": 1, "cest": 2, "eet": 2, "eest": 3, "jst": 9, "ist": 5,
    ]

    /// `[Day,] D Mon YY[YY] hh:mm[:ss] [zone]`, words in any case, the comma optional.
    static func rfc822(_ text: String) -> Int? {
        var words = text.lowercased().split { $0 == " " || $0 == "," || $0 == "\t" }.map(String.init)
        if let first = words.first, first.first?.isLetter == true, !months.contains(where: { first.hasPrefix($0) }) {
            words.removeFirst()
        }
        // Some write the month first: `Sep 07 2002 00:00:01 GMT`.
        if words.count >= 2, words[0].first?.isLetter == true, words[1].allSatisfy(\.isNumber) { words.swapAt(0, 1) }
        guard words.count >= 3, let day = Int(words[0]), (1...31).contains(day),
              let month = months.firstIndex(where: { words[1].hasPrefix($0) }), var year = Int(words[2]) else { return nil }
        if words[2].count <= 2 { year += year < 50 ? 2000 : 1900 }
        var hour = 0, minute = 0, second = 0, offset = 0
        if words.count >= 4 {
            let clock = words[3].split(separator: ":").map { Int($0) }
            guard clock.count >= 2, clock.allSatisfy({ $0 != nil }), let h = clock[0], let m = clock[1] else { return nil }
            (hour, minute, second) = (h, m, clock.count > 2 ? clock[2] ?? 0 : 0)
        }
        if words.count >= 5 {
            let zone = words[4]
            if let hours = zones[zone] {
                offset = hours * 3600
            } else if let sign = zone.first.flatMap({ $0 == "+" ? 1 : $0 == "-" ? -1 : nil }), zone.count == 5,
                      let h = Int(zone.dropFirst().prefix(2)), let m = Int(zone.suffix(2)) {
                offset = sign * (h * 3600 + m * 60)
            }
            // Military letters and unknown names are read as UTC, as RFC 2822 says of them.
        }
        return civil(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Seconds since the epoch of a civil date and time at `offset` seconds from UTC (Howard
    /// Hinnant's days-from-civil).
    private static func civil(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int) -> Int? {
        // Years past 9999 are no feed's, and would overflow the arithmetic below.
        guard (1...9999).contains(year), (1...12).contains(month), (1...daysIn(month, of: year)).contains(day),
              (0...24).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (-86_400...86_400).contains(offset) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3600 + minute * 60 + second - offset
    }
}

/// A cursor over a date's ASCII characters.
private struct DateScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<(index + digits)] {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += digits
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, character.isASCII, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func skipDigits() {
        while index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
    }

    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
