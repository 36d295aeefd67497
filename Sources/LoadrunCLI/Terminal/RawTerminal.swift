#if canImport(Glibc)
import Glibc
#endif
import Loader

/// The terminal as a full-screen view uses it: the alternate screen, no cursor, no line
/// wrapping, keys delivered one at a time without echo, and (unless `--no-mouse`) clicks and
/// the wheel reported as SGR sequences.
///
/// `leave()` puts back exactly what `enter()` changed, and is safe to call twice: every way out
/// (q, Ctrl-C, SIGTERM, an error) calls it.
final class RawTerminal {
    /// The run's stdout, where the modes are switched.
    private let output: ContentOutput
    private var savedInput: termios?
    private var entered = false

    /// Whether keys can be read: standard input is a terminal.
    let readsKeys = isatty(STDIN_FILENO) == 1

    /// Whether clicks and the wheel are reported: only where keys are read too.
    private let usesMouse: Bool

    init(output: ContentOutput, usesMouse: Bool = true) {
        self.output = output
        self.usesMouse = usesMouse && readsKeys
    }

    func enter() {
        guard !entered else { return }
        entered = true
        // Before anything changes: a process ended from outside the loop puts this back.
        LastResort.saveTerminal(inputFD: STDIN_FILENO, leaving: Self.leaveSequence)
        if readsKeys {
            var settings = termios()
            if tcgetattr(STDIN_FILENO, &settings) == 0 {
                savedInput = settings
                // Keys arrive as typed, unechoed. ISIG stays on, so Ctrl-C is still SIGINT and
                // goes through the loop's signal watch; but Ctrl-Z comes as a key, for the view
                // to give the terminal back before it stops (`FullScreen.suspend`), as less does.
                settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
                withUnsafeMutableBytes(of: &settings.c_cc) { cc in
                    cc[Int(VMIN)] = 1
                    cc[Int(VTIME)] = 0
                    cc[Int(VSUSP)] = 0
                }
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
            }
        }
        // Alternate screen, hidden cursor, no autowrap (a full-width line must not scroll).
        output.draw("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l" + (usesMouse ? Self.mouseOn : ""))
    }

    func leave() {
        guard entered else { return }
        entered = false
        output.draw(Self.leaveSequence)
        if var settings = savedInput {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
            savedInput = nil
        }
        LastResort.forgetTerminal()
    }

    /// Button presses and the wheel (1000), reported as `ESC [ < b ; x ; y M` (1006), which
    /// has no limit on the column as the old encoding had.
    private static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"

    /// Mouse reporting off, plain text, autowrap and the cursor back, and the main screen:
    /// the mouse goes off whether it was on or not, which costs nothing and is always right,
    /// even from the last-resort handler.
    private static let leaveSequence = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    deinit { leave() }
}
