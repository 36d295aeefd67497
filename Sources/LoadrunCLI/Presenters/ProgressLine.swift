import Loader
import Plugins
import TerminalText

/// A live spinner on stderr with the bytes received so far, drawn only on a TTY.
///
/// It hides the cursor while it spins; `clear()` erases the line and shows the cursor again,
/// and runs on every way out, signals included.
final class ProgressLine {
    private static let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
    private let timers: PresenterTimers
    /// The terminal's width; SIGWINCH updates it.
    var width: Int
    /// Where the line is drawn: the run's stderr, which erases it before a message.
    private let diagnostics: Diagnostics
    private var ticker: LoopSource?
    private var frame = 0
    private var label = ""
    private var progress = LoadProgress()
    /// When the body being shown began to come.
    private var started: ContinuousClock.Instant?
    /// A line of its own instead of one source's bytes: several sources' tally.
    private var summary: String?
    /// Tracked apart from the line: it may be erased (for the skeleton, or a message) while the cursor
    /// is still hidden, and the cursor must come back whatever the line's state.
    private var cursorHidden = false

    /// `width` is the terminal's: a longer line would wrap, and only its last row could be erased.
    init(timers: PresenterTimers, width: Int, diagnostics: Diagnostics) {
        self.timers = timers
        self.width = width
        self.diagnostics = diagnostics
    }

    /// Starts or updates the line for `source`.
    func show(_ source: String, _ progress: LoadProgress) {
        let label = UntrustedText.forTerminalLine(source)
        // A new body starts the clock its rate is measured on.
        if label != self.label || progress.receivedBytes < self.progress.receivedBytes || started == nil { started = .now }
        self.label = label
        self.progress = progress
        summary = nil
        start()
    }

    /// Starts or updates the line with `text`, such as `3 of 40 sources done`.
    func show(summary text: String) {
        summary = text
        start()
    }

    private func start() {
        if ticker == nil {
            // Before the cursor goes: a process ended from outside the loop (two quick
            // Ctrl-Cs) puts it back, and erases the line.
            LastResort.saveLiveLine(restoring: "\r\u{1B}[2K\u{1B}[?25h")
            diagnostics.writeControl("\u{1B}[?25l")
            cursorHidden = true
            ticker = timers.every(.milliseconds(80)) { [weak self] in
                self?.frame += 1
                self?.draw()
                return true
            }
        }
        draw()
    }

    /// Erases the line but keeps spinning: the next tick draws it again where the cursor is.
    func eraseLine() {
        diagnostics.eraseLiveLine()
    }

    /// Erases the line and restores the cursor; safe to call when nothing is drawn.
    func clear() {
        ticker?.cancel()
        ticker = nil
        diagnostics.eraseLiveLine(then: cursorHidden ? "\u{1B}[?25h" : "")
        cursorHidden = false
        LastResort.forgetLiveLine()
    }

    private func draw() {
        var text = "\(Self.frames[frame % Self.frames.count]) "
        if let summary {
            text += summary
        } else if let items = progress.items {
            // A live stream: its items, and how much of it came.
            text += "\(label): streaming, \(items == 1 ? "1 item" : "\(items) items"), \(ByteCount.format(progress.receivedBytes))"
        } else {
            let elapsed = started.map { ContinuousClock.now - $0 } ?? .zero
            text += "\(label): " + Self.transfer(progress, elapsed: elapsed, width: width - 3 - TerminalText.displayWidth(label))
        }
        diagnostics.drawLiveLine(TerminalText.truncated(text, toWidth: width - 1))
    }

    /// How far a body came, in `width` columns, as curl's `-#` and HTTPie's `--download` show
    /// it: with a declared length, a bar, the percentage, the bytes of the total, the rate and
    /// the time left (`[██████▌     ] 54% 54.0 KB of 100.0 KB, 1.2 MB/s, 2s left`); without one,
    /// the bytes and the rate. The rate only once a body has come for a while: a first chunk
    /// in a millisecond is no rate.
    static func transfer(_ progress: LoadProgress, elapsed: Duration, width: Int) -> String {
        let received = progress.receivedBytes
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds >= 0.25 && received > 0 ? Double(received) / seconds : nil
        let rateText = rate.map { ", \(ByteCount.format(Int($0)))/s" } ?? ""
        // No Content-Length is no total: never "of 0 B".
        guard let expected = progress.expectedBytes, expected > 0 else {
            return "loading \(ByteCount.format(received))\(rateText)"
        }
        let fraction = min(1, Double(received) / Double(expected))
        var left = ""
        // Past a day the estimate says nothing (a server that declared more than it sends).
        if let rate, received < expected, case let seconds = (Double(expected - received) / rate).rounded(.up), seconds < 86_400 {
            left = ", " + LoadError.format(.seconds(Int(seconds))) + " left"
        }
        let figures = " \(Int(fraction * 100))% \(ByteCount.format(received)) of \(ByteCount.format(expected))\(rateText)\(left)"
        let barWidth = min(30, width - TerminalText.displayWidth(figures) - 2)
        guard barWidth >= 5 else { return String(figures.dropFirst()) }
        let eighths = Int(fraction * Double(barWidth * 8))
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        let filled = String(repeating: "█", count: eighths / 8) + partial
        return "[" + filled + String(repeating: " ", count: barWidth - TerminalText.displayWidth(filled)) + "]" + figures
    }
}
