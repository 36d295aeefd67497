import Screen

/// Wall-clock times for the screen's tests, as the command line's `ClockTime` makes them but
/// read in UTC: the screen only shows the time of day it is given, so its tests need neither
/// the C library's clock nor the machine's time zone.
enum TestClock {
    /// `seconds` as the screen is given it.
    static func reading(_ seconds: Int) -> WallTime { WallTime(seconds: seconds, timeOfDay: timeOfDay(seconds)) }

    /// `12:03:04`, in UTC.
    static func timeOfDay(_ seconds: Int) -> String {
        let day = ((seconds % 86_400) + 86_400) % 86_400
        return [day / 3600, day / 60 % 60, day % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
    }
}
