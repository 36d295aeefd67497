/// The log: what was said on stderr while the screen is up (`-v`'s trace, warnings), kept
/// here instead of written over the frame, and shown in the content area with `L`.
extension ScreenModel {
    /// The lines the log keeps, the oldest going first.
    package static let logLimit = 5_000

    /// Keeps `line`; a message (not the trace) shows in the footer for a while too.
    mutating func logged(_ line: String, isTrace: Bool, now: ContinuousClock.Instant) {
        log.append(line)
        // Dropped a block at a time, so that a busy trace does not shift the array per line.
        if log.count > Self.logLimit + Self.logLimit / 10 {
            let dropped = log.count - Self.logLimit
            log.removeFirst(dropped)
            // Someone reading back stays on the lines they read.
            if let index = routes.firstIndex(where: { if case .log = $0 { true } else { false } }),
               case .log(var route) = routes[index] {
                route.scroll = route.scroll.map { max($0 - dropped, 0) }
                routes[index] = .log(route)
            }
        }
        if !isTrace { notice = (line, now + Self.noticeLifetime) }
    }
}
