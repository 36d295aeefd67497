#if canImport(Glibc)
import Glibc
#endif

/// A `Retry-After` header value (RFC 9110 §10.2.3): delay-seconds, or an HTTP-date.
public enum RetryAfter {
    /// The longest wait loadrun will honour, whatever a server asks for.
    public static let ceiling: Duration = .seconds(6 * 3600)

    /// The wait `value` asks for, measured from `now` (seconds since the Unix epoch, for
    /// HTTP-dates), clamped to 0…6 h; `clamped` says whether the ceiling cut it. nil when the
    /// value is negative, unparsable or empty, and should be ignored.
    public static func delay(_ value: String, now: Int) -> (delay: Duration, clamped: Bool)? {
        let text = value.trimmingCharacters(in: " \t")
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigit) {
            // Digits only: any length, so 99999999999 clamps rather than overflows.
            let seconds = Int(text) ?? .max
            return clamp(seconds)
        }
        guard let date = httpDate(text) else { return nil }
        return clamp(max(0, date - now))
    }

    private static func clamp(_ seconds: Int) -> (delay: Duration, clamped: Bool) {
        let ceilingSeconds = Int(ceiling.components.seconds)
        return seconds > ceilingSeconds ? (ceiling, true) : (.seconds(seconds), false)
    }

    /// Parses IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form servers must send, into
    /// seconds since the epoch.
    static func httpDate(_ text: String) -> Int? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
              let day = Int(parts[1]), let year = Int(parts[3]),
              let month = months.firstIndex(of: String(parts[2])) else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
              (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        var time = tm()
        time.tm_year = Int32(year - 1900)
        time.tm_mon = Int32(month)
        time.tm_mday = Int32(day)
        time.tm_hour = Int32(hour)
        time.tm_min = Int32(minute)
        time.tm_sec = Int32(second)
        return Int(timegm(&time))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
