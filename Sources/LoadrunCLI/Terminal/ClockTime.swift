#if canImport(Glibc)
import Glibc
#endif
import Screen

/// Wall-clock times as people read them, in local time. Intervals are never measured with
/// these: GLib's timers and `ContinuousClock` run on the monotonic clock.
enum ClockTime {
    /// Seconds since the Unix epoch.
    static func now() -> Int { Int(time(nil)) }

    /// Milliseconds since the Unix epoch: the NDJSON log's times and the history's.
    static func nowMilliseconds() -> Int {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return spec.tv_sec * 1000 + spec.tv_nsec / 1_000_000
    }

    /// `seconds` as the screen shows it.
    static func reading(_ seconds: Int) -> WallTime { WallTime(seconds: seconds, timeOfDay: timeOfDay(seconds)) }

    /// `12:03:04`.
    static func timeOfDay(_ seconds: Int) -> String {
        let parts = local(seconds)
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// `09:12` today, `2026-11-21 09:12` another day.
    static func shortTime(_ seconds: Int) -> String {
        let (parts, today) = (local(seconds), local(now()))
        let time = "\(two(parts.tm_hour)):\(two(parts.tm_min))"
        guard parts.tm_year != today.tm_year || parts.tm_yday != today.tm_yday else { return time }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) " + time
    }

    /// `2026-11-22 12:03:04`.
    static func dateAndTime(_ seconds: Int) -> String {
        let parts = local(seconds)
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) " + timeOfDay(seconds)
    }

    private static func local(_ seconds: Int) -> tm {
        var value = time_t(seconds)
        var parts = tm()
        localtime_r(&value, &parts)
        return parts
    }

    private static func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
