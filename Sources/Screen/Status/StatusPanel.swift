import TerminalText

/// The watch screen's status lines: one per source while they fit, numbered, the focused one
/// marked; past that, a window around the focus and a tally of the rest.
package enum StatusPanel {
    /// Rows the status lines may take: all of them while they leave half the screen to the
    /// content, else that half, with a tally line for the sources not shown.
    package static func rows(sourceCount: Int, screenRows: Int) -> Int {
        let rows = max(screenRows, 4)
        return sourceCount <= max(rows / 2, 1) ? sourceCount : max(rows / 2, 2)
    }

    /// One numbered line per source, the focused one marked, each at most `width` columns
    /// wide: `line(index, width)` says source `index`'s. When they do not all fit in `room`, a
    /// window of them around the focused one and one tally line of the rest by state (`state`
    /// names each), where the hidden ones are (see `Tally`).
    package static func lines(count: Int, focus: Int, room: Int, width: Int, line statusLine: (Int, Int) -> String,
                              state: (Int) -> String) -> [String] {
        guard count > 1 else { return (0..<count).map { statusLine($0, width) } }
        let shown = window(sourceCount: count, focus: focus, room: room)
        var lines = shown.map { index in
            // Numbered to the width of the last number, so the lines after them align.
            let number = String(index + 1)
            let prefix = (index == focus ? "▶ " : "  ") + String(repeating: " ", count: String(count).count - number.count) + number + " "
            return prefix + statusLine(index, width - TerminalText.displayWidth(prefix))
        }
        guard shown.count < count else { return lines }
        let tally = Tally(above: (0..<shown.lowerBound).map(state), below: (shown.upperBound..<count).map(state))
        let line = TerminalText.truncated(tally.text, toWidth: max(width, 1))
        if tally.sitsAbove { lines.insert(line, at: 0) } else { lines.append(line) }
        return lines
    }

    /// The sources whose lines are shown: all of them when they fit in `room`, else as many
    /// as leave a row for the tally, around the focused one.
    package static func window(sourceCount: Int, focus: Int, room: Int) -> Range<Int> {
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
    package struct Tally: Equatable {
        /// The states' names of the hidden sources above the window, and below.
        package var above: [String]
        package var below: [String]

        package var sitsAbove: Bool { below.isEmpty && !above.isEmpty }

        package var text: String {
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
