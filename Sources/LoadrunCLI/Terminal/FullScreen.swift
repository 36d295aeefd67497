#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plugins
import TerminalText
import Screen

/// The full-screen view's frames on a terminal, a watch's and a browse's alike: status lines
/// on top, then an error banner (or a rule), the content rows, and a footer.
///
/// It redraws without flicker: each frame is compared row by row with the one on screen, and
/// only rows that differ are rewritten, each in place, in a single write. It never clears the
/// whole screen. What the content rows hold (scrolling, selection, search marks) is the
/// presenter's business.
final class FullScreen {
    private(set) var terminal: Terminal
    private let output: ContentOutput
    private let raw: RawTerminal
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

    /// Frames go out through `output`, the run's stdout.
    init(terminal: Terminal, output: ContentOutput, usesMouse: Bool = true) {
        self.terminal = terminal
        self.output = output
        raw = RawTerminal(output: output, usesMouse: usesMouse)
    }

    var readsKeys: Bool { raw.readsKeys }

    /// Rows and columns of the screen.
    var rows: Int { max(terminal.height ?? 24, 4) }
    var columns: Int { max(terminal.width, 20) }

    /// Styling for the screen's own lines, as content gets it.
    var style: RenderContext { RenderContext(width: columns, allowsStyling: terminal.allowsStyling, color: terminal.color) }

    func enter() {
        raw.enter()
        drawn = []
    }

    func leave() { raw.leave() }

    /// Leaves the screen, stops the process as Ctrl-Z would have (SIGTSTP, whose default
    /// stops it), and once continued enters again, to be drawn whole.
    func suspend() {
        raw.leave()
        kill(getpid(), SIGTSTP)
        // Here once `fg` (SIGCONT) continued the process; at once when nothing stops it (an
        // orphaned process group, whose SIGTSTP the kernel drops).
        enter()
    }

    /// Asks the terminal to put `text` on the clipboard (OSC 52, which xterm, kitty, iTerm2,
    /// WezTerm and tmux with `set-clipboard on` take; others ignore it).
    func copyToClipboard(_ text: String) {
        output.draw("\u{1B}]52;c;" + Base64.encode(Array(text.utf8)) + "\u{07}")
    }

    /// The terminal changed size: everything is drawn again at the next `draw`.
    func resized(to terminal: Terminal) {
        self.terminal = terminal
        drawn = []
    }


    /// Draws the screen model's frame, rewriting only the rows that changed since the last
    /// one. Its content rows are cut to the width already.
    func draw(_ screen: ScreenFrame) {
        let style = style
        var frame = screen.status.map { TerminalText.truncated($0, toWidth: columns) }
        if let banner = screen.banner {
            frame.append(TextStyle.alert.apply(TerminalText.truncated(banner, toWidth: columns), in: style))
        } else {
            frame.append(rule)
        }
        frame += screen.content
        frame.append(TextStyle.dim.apply(TerminalText.truncated(screen.footer, toWidth: columns), in: style))

        var out = ""
        for (row, line) in frame.enumerated() where row >= drawn.count || drawn[row] != line {
            // Each row is rewritten in place and only its rest erased: no clear, so no flicker.
            // A full row is not erased after: with autowrap off the cursor sits on its last cell.
            out += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[0m"
            if TerminalText.certainlyFits(line, in: columns - 1) || TerminalText.styledWidth(line) < columns { out += "\u{1B}[K" }
        }
        drawn = frame
        if !out.isEmpty { output.draw(out) }
    }
}
