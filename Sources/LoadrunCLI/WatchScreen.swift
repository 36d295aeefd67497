import Loader
import Plugins

/// The full-screen watch view on a terminal: status lines on top, then the focused source's
/// error banner (or a rule), its content, and a footer with the keys or the latest notice.
///
/// It redraws without flicker: each frame is compared row by row with the one on screen, and
/// only rows that differ are rewritten, each in place, in a single write. It never clears the
/// whole screen.
final class WatchScreen {
    private(set) var terminal: Terminal
    private let raw = RawTerminal()
    /// The focused content's lines, styling included.
    private var content: [String] = []
    /// The first content line on screen.
    private var scroll = 0
    /// The rows as they are on the terminal now; empty after `enter()` or a resize.
    private var drawn: [String] = []
    /// The line under the status lines, made again only when the width or styling changes.
    private var rule: String {
        let key = (columns, terminal.allowsStyling)
        if let cachedRule, cachedRule.key == key { return cachedRule.line }
        let line = TextStyle.dim.apply(String(repeating: "─", count: columns), in: style)
        cachedRule = (key, line)
        return line
    }
    private var cachedRule: (key: (Int, Bool), line: String)?

    init(terminal: Terminal) { self.terminal = terminal }

    var readsKeys: Bool { raw.readsKeys }

    /// Rows and columns of the screen.
    private var rows: Int { max(terminal.height ?? 24, 4) }
    private var columns: Int { max(terminal.width, 20) }

    /// Styling for the screen's own lines, as content gets it.
    private var style: RenderContext { RenderContext(width: columns, allowsStyling: terminal.allowsStyling) }

    func enter() {
        raw.enter()
        drawn = []
    }

    func leave() { raw.leave() }

    /// The terminal changed size: everything is drawn again at the next `draw`.
    func resized(to terminal: Terminal) {
        self.terminal = terminal
        drawn = []
    }

    /// Replaces the content shown under the status lines; another source's content starts at
    /// its top, new content of the same source keeps the scroll position.
    func setContent(_ text: String, scrollingToTop: Bool = false) {
        content = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if content.last == "" { content.removeLast() }
        if scrollingToTop { scroll = 0 }
        // `draw` keeps the scroll position inside the new content.
    }

    /// Moves the content for a scrolling key; returns false for other keys.
    func scroll(for key: Key, statusCount: Int) -> Bool {
        let page = max(contentRows(statusCount: statusCount) - 1, 1)
        switch key {
        case .up, .character("k"): scroll -= 1
        case .down, .character("j"): scroll += 1
        case .pageUp, .character("b"): scroll -= page
        case .pageDown, .character(" "): scroll += page
        case .home, .character("g"): scroll = 0
        case .end, .character("G"): scroll = .max / 2
        default: return false
        }
        scroll = max(0, min(scroll, maxScroll(statusCount: statusCount)))
        return true
    }

    /// Draws a frame, rewriting only the rows that changed since the last one.
    func draw(status: [String], banner: String?, footer: String) {
        let style = style
        var frame = status.map { TerminalText.truncated($0, toWidth: columns) }
        if let banner {
            frame.append(TextStyle.alert.apply(TerminalText.truncated(banner, toWidth: columns), in: style))
        } else {
            frame.append(rule)
        }
        let area = contentRows(statusCount: status.count)
        scroll = max(0, min(scroll, maxScroll(statusCount: status.count)))
        let visible = content.dropFirst(scroll).prefix(area)
        frame += visible
        frame += Array(repeating: "", count: area - visible.count)
        var hint = footer
        if content.count > area {
            hint += " · lines \(scroll + 1)–\(scroll + visible.count) of \(content.count)"
        }
        frame.append(TextStyle.dim.apply(TerminalText.truncated(hint, toWidth: columns), in: style))

        var out = ""
        for (row, line) in frame.enumerated() where row >= drawn.count || drawn[row] != line {
            // Each row is rewritten in place and only its rest erased: no clear, so no flicker.
            // A full row is not erased after: with autowrap off the cursor sits on its last cell.
            out += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[0m"
            if TerminalText.styledWidth(line) < columns { out += "\u{1B}[K" }
        }
        drawn = frame
        if !out.isEmpty { OutputStream.standardOutput.report(out) }
    }

    private func contentRows(statusCount: Int) -> Int { max(rows - statusCount - 2, 1) }

    private func maxScroll(statusCount: Int) -> Int { max(content.count - contentRows(statusCount: statusCount), 0) }
}
