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
    /// Where lines go instead of stderr while the full-screen view is up; nil otherwise.
    private var diverted: ((DiagnosticLine) -> Void)?
    /// The messages (not the `-v` trace) said while diverted, to say on stderr once the
    /// screen is given back: a warning must outlive the screen it was shown on.
    private var held: [String] = []
    /// The messages past the first `heldLimit`, which the screen's log keeps and stderr only counts.
    private var heldPast = 0
    private static let heldLimit = 100

    /// A line as the full-screen view takes it: safe for a terminal line, passwords hidden
    /// unless `-vv` asked.
    package struct DiagnosticLine {
        package var text: String
        /// Part of `-v`'s trace of the traffic, rather than a message.
        package var isTrace: Bool
    }

    /// The run's one stderr; `RunContext` builds it.
    package init() {}

    /// Writes `message` on stderr as one line, safe for a terminal, with the password of any
    /// URL in it hidden (`user:***@`).
    package func say(_ message: String) {
        line(UntrustedText.forTerminalLine(URLCredentials.masked(message)), isTrace: false)
    }

    /// Writes `message` as `say` does, but with URLs' passwords as they are: `-vv`, asked for.
    package func say(unmasked message: String) {
        line(UntrustedText.forTerminalLine(message), isTrace: false)
    }

    /// Writes a line of `-v`'s trace (`> GET /posts HTTP/1.1`), passwords hidden unless
    /// `unmasked`. On the full-screen view it goes to the view's log, and nowhere after.
    package func trace(_ text: String, unmasked: Bool) {
        line(UntrustedText.forTerminalLine(unmasked ? text : URLCredentials.masked(text)), isTrace: true)
    }

    /// Hands every line to `sink` instead of stderr until `restore()`: the full-screen view
    /// puts them where it chooses, never raw over its frame.
    func divert(to sink: @escaping (DiagnosticLine) -> Void) {
        diverted = sink
    }

    /// Writes on stderr again, first the messages said while diverted.
    func restore() {
        guard diverted != nil else { return }
        diverted = nil
        let lines = held
        held = []
        for text in lines { write(text + "\n") }
        if heldPast > 0 { write("loadrun: … and \(heldPast) more said while the screen was up\n") }
        heldPast = 0
    }

    private func line(_ text: String, isTrace: Bool) {
        guard let diverted else { return write(text + "\n") }
        if !isTrace {
            if held.count < Self.heldLimit { held.append(text) } else { heldPast += 1 }
        }
        diverted(DiagnosticLine(text: text, isTrace: isTrace))
    }

    /// Writes `text` on stderr as it is laid out, in lines, safe for a terminal, passwords hidden.
    package func say(lines text: String) {
        let safe = UntrustedText.forTerminal(URLCredentials.masked(text))
        guard diverted != nil else { return write(safe + "\n") }
        for each in safe.split(separator: "\n", omittingEmptySubsequences: false) { line(String(each), isTrace: false) }
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
