#if canImport(Glibc)
import Glibc
#endif
import Loader

/// The terminal as a full-screen view uses it: the alternate screen, no cursor, no line
/// wrapping, and keys delivered one at a time without echo.
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

    init(output: ContentOutput) { self.output = output }

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
                // goes through the loop's signal watch; but Ctrl-Z is turned off, since a stopped
                // process could not restore the screen it leaves behind.
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
        output.draw("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l")
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

    /// Plain text, autowrap and the cursor back, and the main screen.
    private static let leaveSequence = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    deinit { leave() }
}
