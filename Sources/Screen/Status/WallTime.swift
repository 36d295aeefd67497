/// A moment on the wall clock: seconds since the Unix epoch, and the time of day people read
/// there, in local time. The command line reads the clock and the time zone and makes these;
/// the screen only shows them, so it needs no C library.
package struct WallTime: Equatable, Sendable {
    package var seconds: Int
    /// `12:03:04`.
    package var timeOfDay: String

    package init(seconds: Int, timeOfDay: String) {
        self.seconds = seconds
        self.timeOfDay = timeOfDay
    }
}
