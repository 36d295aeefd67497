import TerminalText

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
            logScroll = logScroll.map { max($0 - dropped, 0) }
        }
        if !isTrace { notice = (line, now + Self.noticeLifetime) }
    }

    /// The log's lines on screen, from `logScroll` (the last screenful while it follows the end).
    func visibleLog(rows: Int) -> [String] {
        log.dropFirst(logStart(rows: rows)).prefix(rows).map { TerminalText.truncated($0, toWidth: columns) }
    }

    /// The first line shown: where the user scrolled to, or the last screenful.
    func logStart(rows: Int) -> Int {
        let last = max(log.count - rows, 0)
        return min(logScroll ?? last, last)
    }

    /// A key while the log shows: those that scroll scroll it, `L` and Esc close it; nil for
    /// a key the log leaves to the view under it.
    mutating func pressInLog(_ key: Key) -> [ScreenCommand]? {
        let rows = contentRows
        let start = logStart(rows: rows)
        let last = max(log.count - rows, 0)
        switch key {
        case .character("L"), .escape:
            logScroll = nil
            showingLog = false
        case .up, .character("k"): logScroll = max(start - 1, 0)
        case .down, .character("j"): logScroll = start + 1
        case .pageUp, .character("b"), .control("b"): logScroll = max(start - (rows - 1), 0)
        case .pageDown, .character(" "), .character("f"), .control("f"): logScroll = start + rows - 1
        case .control("u"): logScroll = max(start - rows / 2, 0)
        case .control("d"): logScroll = start + rows / 2
        case .home, .character("g"): logScroll = 0
        case .end, .character("G"): logScroll = nil
        default: return nil
        }
        // At the end again, it follows new lines.
        if let scroll = logScroll, scroll >= last { logScroll = nil }
        return []
    }

    /// The footer while the log shows.
    var logFooter: String {
        let keys = "↑↓ scroll · L or Esc closes"
        return log.isEmpty ? "the log is empty: -v traces requests here · " + keys : "log, \(log.count) lines · " + keys
    }
}
