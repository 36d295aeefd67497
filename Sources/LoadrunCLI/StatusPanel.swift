import Plugins

/// The watch screen's status lines: one per source while they fit, numbered, the focused one
/// marked; past that, a window around the focus and a tally of the rest.
enum StatusPanel {
    /// Rows the status lines may take: all of them while they leave half the screen to the
    /// content, else that half, with a tally line for the sources not shown.
    static func rows(sourceCount: Int, screenRows: Int) -> Int {
        let rows = max(screenRows, 4)
        return sourceCount <= max(rows / 2, 1) ? sourceCount : max(rows / 2, 2)
    }

    /// One numbered line per source, the focused one marked, each at most `width` columns
    /// wide. When they do not all fit in `room`, a window of them around the focused one, then
    /// a tally of the rest by state.
    static func lines(_ sources: [SessionSource], focus: Int, now: ContinuousClock.Instant, room: Int, width: Int) -> [String] {
        guard sources.count > 1 else { return sources.map { $0.statusLine(now: now, width: width) } }
        let shown = sources.count <= room ? sources.count : room - 1
        let start = min(max(focus - shown / 2, 0), sources.count - shown)
        var lines = (start..<(start + shown)).map { index in
            let prefix = (index == focus ? "▶ " : "  ") + "\(index + 1) "
            return prefix + sources[index].statusLine(now: now, width: width - TerminalText.displayWidth(prefix))
        }
        if shown < sources.count {
            let hidden = sources.indices.filter { $0 < start || $0 >= start + shown }
            var tally: [String: Int] = [:]
            for index in hidden { tally[sources[index].loader.state.name, default: 0] += 1 }
            let states = ["loading", "loaded", "failed", "idle"].compactMap { name in tally[name].map { "\($0) \(name)" } }
            lines.append("  … \(hidden.count) more: " + states.joined(separator: ", "))
        }
        return lines
    }
}
