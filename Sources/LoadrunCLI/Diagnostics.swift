import Plugins

/// The one way a message reaches stderr.
///
/// Messages quote outside text: source names, URLs, file paths, reason phrases, request
/// methods. The whole line is made safe here, so no caller can forget one part of it.
package enum Diagnostics {
    /// Writes `message` on stderr as one line, safe for a terminal.
    package static func say(_ message: String) {
        OutputStream.standardError.report(UntrustedText.forTerminalLine(message) + "\n")
    }

    /// Writes `text` on stderr as it is laid out, in lines, safe for a terminal.
    package static func say(lines text: String) {
        OutputStream.standardError.report(UntrustedText.forTerminal(text) + "\n")
    }
}
