import Loader
import TerminalText

/// The one way a message reaches stderr: one per run, built by the front end and handed to
/// whatever says something (the session, the presenters, the listings, `loadrun serve`).
///
/// Messages quote outside text: source names, URLs, file paths, reason phrases, request
/// methods. The whole line is made safe here, so no caller can forget one part of it. A live
/// line (the spinner) standing on stderr's current line is erased first; it draws itself
/// again on its next tick.
///
/// It holds no lock: everything that writes stderr runs on the main thread, the one that runs
/// the loop. The only writer off that path is the last-resort signal handler, in C, which
/// never comes here.
package final class Diagnostics {
    private let stderr = ErrorOutput()
    /// Whether the spinner stands on stderr's current line.
    private var liveLineDrawn = false

    /// The run's one stderr; `RunContext` builds it.
    package init() {}

    /// Writes `message` on stderr as one line, safe for a terminal, with the password of any
    /// URL in it hidden (`user:***@`).
    package func say(_ message: String) {
        write(UntrustedText.forTerminalLine(URLCredentials.masked(message)) + "\n")
    }

    /// Writes `message` as `say` does, but with URLs' passwords as they are: `-vv`, asked for.
    package func say(unmasked message: String) {
        write(UntrustedText.forTerminalLine(message) + "\n")
    }

    /// Writes `text` on stderr as it is laid out, in lines, safe for a terminal, passwords hidden.
    package func say(lines text: String) {
        write(UntrustedText.forTerminal(URLCredentials.masked(text)) + "\n")
    }

    /// Draws (or redraws) the live line: `text` goes over whatever the current line holds.
    func drawLiveLine(_ text: String) {
        liveLineDrawn = true
        stderr.write("\r\u{1B}[2K" + text)
    }

    /// Erases the live line, if one stands; `extra` (cursor controls) follows in one write.
    func eraseLiveLine(then extra: String = "") {
        let text = (liveLineDrawn ? "\r\u{1B}[2K" : "") + extra
        liveLineDrawn = false
        if !text.isEmpty { stderr.write(text) }
    }

    /// Writes terminal controls (hiding the cursor while the live line spins) whole, waiting
    /// for stderr as long as it takes: unlike a message, a control that went missing would
    /// leave the terminal changed.
    func writeControl(_ control: String) {
        stderr.writeWhole(control)
    }

    private func write(_ text: String) {
        eraseLiveLine(then: text)
    }
}
