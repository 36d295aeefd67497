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
    /// wide, with `extras(index)` appended to source `index`'s line. When they do not all fit
    /// in `room`, a window of them around the focused one and one tally line of the rest by
    /// state, where the hidden ones are (see `Tally`).
    static func lines(_ sources: [SessionSource], focus: Int, now: ContinuousClock.Instant, room: Int, width: Int,
                      extras: (Int) -> [StatusPart] = { _ in [] }) -> [String] {
        guard sources.count > 1 else {
            return sources.enumerated().map { $1.statusLine(now: now, width: width, extras: extras($0)) }
        }
        let shown = window(sourceCount: sources.count, focus: focus, room: room)
        var lines = shown.map { index in
            let prefix = (index == focus ? "▶ " : "  ") + "\(index + 1) "
            return prefix + sources[index].statusLine(now: now, width: width - TerminalText.displayWidth(prefix), extras: extras(index))
        }
        guard shown.count < sources.count else { return lines }
        let states = { (range: Range<Int>) in sources[range].map(\.loader.state.name) }
        let tally = Tally(above: states(0..<shown.lowerBound), below: states(shown.upperBound..<sources.count))
        let line = TerminalText.truncated(tally.text, toWidth: max(width, 1))
        if tally.sitsAbove { lines.insert(line, at: 0) } else { lines.append(line) }
        return lines
    }

    /// The sources whose lines are shown: all of them when they fit in `room`, else as many
    /// as leave a row for the tally, around the focused one.
    static func window(sourceCount: Int, focus: Int, room: Int) -> Range<Int> {
        let shown = sourceCount <= room ? sourceCount : max(room - 1, 1)
        let start = min(max(focus - shown / 2, 0), sourceCount - shown)
        return start..<(start + shown)
    }

    /// The line that stands for the sources outside the window, by the states they are in.
    ///
    /// It sits on the side where they are: on top, `… 5 above: 3 loaded, 2 failed`, when all of
    /// them are above the window; at the bottom, `… 5 below: …`, when all are below. When
    /// there are some on each side it takes one line still, at the bottom, naming both counts:
    /// `… 3 above, 5 below: 6 loaded, 2 failed`. One line, not one per side, so the window
    /// keeps its size as the focus moves; the bottom, because the window then moves down with
    /// the focus and the list reads on from there.
    struct Tally: Equatable {
        /// The states' names of the hidden sources above the window, and below.
        var above: [String]
        var below: [String]

        var sitsAbove: Bool { below.isEmpty && !above.isEmpty }

        var text: String {
            var sides: [String] = []
            if !above.isEmpty { sides.append("\(above.count) above") }
            if !below.isEmpty { sides.append("\(below.count) below") }
            var counts: [String: Int] = [:]
            for state in above + below { counts[state, default: 0] += 1 }
            let states = ["loading", "loaded", "failed", "idle"].compactMap { name in counts[name].map { "\($0) \(name)" } }
            return "  … " + sides.joined(separator: ", ") + ": " + states.joined(separator: ", ")
        }
    }
}
