import Loader

/// The loading skeleton on stdout, drawn on a terminal while a source loads and erased before
/// the content, an error or a cancel is shown.
final class SkeletonView {
    /// Loads that finish sooner than this never show a skeleton, so nothing flashes.
    static let delay: Duration = .milliseconds(120)

    private let timers: PresenterTimers
    private let progress: ProgressLine
    /// The run's stdout, which content follows the skeleton on.
    private let output: ContentOutput
    private var pending: LoopSource?
    private var shownLines = 0

    init(timers: PresenterTimers, progress: ProgressLine, output: ContentOutput) {
        self.timers = timers
        self.progress = progress
        self.output = output
    }

    /// Draws `text` after the delay, unless `erase()` comes first. `rows` caps its height so
    /// the cursor can always climb back over it.
    func show(_ text: String, rows: Int) {
        guard !text.isEmpty, pending == nil, shownLines == 0 else { return }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().prefix(max(rows, 1))
        pending = timers.after(Self.delay) { [weak self] in
            guard let self else { return }
            pending = nil
            // The spinner sits on the current line: clear it, draw above it, let it redraw below.
            progress.eraseLine()
            let drawn = lines.joined(separator: "\n") + "\n"
            guard output.draw(drawn) else { return }
            shownLines = lines.count
        }
    }

    /// Removes the skeleton, or stops it from appearing. Call after the progress line is cleared.
    func erase() {
        pending?.cancel()
        pending = nil
        guard shownLines > 0 else { return }
        // Up to the skeleton's first line, then clear everything below.
        output.draw("\r\u{1B}[\(shownLines)A\u{1B}[J")
        shownLines = 0
    }
}
