import Loader
import Plugins
import Synchronization
import TerminalText

/// The one way a message reaches stderr.
///
/// Messages quote outside text: source names, URLs, file paths, reason phrases, request
/// methods. The whole line is made safe here, so no caller can forget one part of it. A live
/// line (the spinner) standing on stderr's current line is erased first; it draws itself
/// again on its next tick.
package enum Diagnostics {
    /// Whether the spinner stands on stderr's current line. Set only on the loop's thread; the
    /// lock makes the global legal, not contended.
    private static let liveLine = Mutex(false)

    /// Writes `message` on stderr as one line, safe for a terminal, with the password of any
    /// URL in it hidden (`user:***@`).
    package static func say(_ message: String) {
        write(UntrustedText.forTerminalLine(URLCredentials.masked(message)) + "\n")
    }

    /// Writes `message` as `say` does, but with URLs' passwords as they are: `-vv`, asked for.
    package static func say(unmasked message: String) {
        write(UntrustedText.forTerminalLine(message) + "\n")
    }

    /// Writes `text` on stderr as it is laid out, in lines, safe for a terminal, passwords hidden.
    package static func say(lines text: String) {
        write(UntrustedText.forTerminal(URLCredentials.masked(text)) + "\n")
    }

    /// Draws (or redraws) the live line: `text` goes over whatever the current line holds.
    static func drawLiveLine(_ text: String) {
        liveLine.withLock { $0 = true }
        ErrorOutput.write("\r\u{1B}[2K" + text)
    }

    /// Erases the live line, if one stands; `extra` (cursor controls) follows in one write.
    static func eraseLiveLine(then extra: String = "") {
        let drawn = liveLine.withLock { drawn in
            defer { drawn = false }
            return drawn
        }
        let text = (drawn ? "\r\u{1B}[2K" : "") + extra
        if !text.isEmpty { ErrorOutput.write(text) }
    }

    private static func write(_ text: String) {
        eraseLiveLine(then: text)
    }
}
