import Loader
import Plan

/// `-v` on stderr, as `curl -v` writes it: `> ` for what was sent, `< ` for what came back,
/// `* ` for notes (the HTTP version, TLS, redirects, the plugin that took a response).
/// Credentials (by the header's name: `Authorization`, `Cookie`, `X-Api-Key`…) are masked
/// unless `-vv`; a line longer than `maxLineBytes` is cut, so a
/// hostile server's 100 KiB header costs a line, not a screenful. Diagnostics makes each line
/// safe for the terminal.
enum TrafficLog {
    static let maxLineBytes = 1000

    /// The line `-v` prints for `line`.
    static func text(of line: HTTPLogLine, unmasked: Bool) -> String {
        var text = line.text
        // Header lines only: a request or status line has no name before its first colon.
        if !unmasked, line.direction != .note, let colon = text.firstIndex(of: ":"), !text[..<colon].contains(" "),
           HeaderSetting.carriesCredential(String(text[..<colon])) {
            text = String(text[...colon]) + " " + masked(String(text[text.index(after: colon)...]))
        }
        if text.utf8.count > maxLineBytes {
            // Back to the start of a character: a cut inside one would show as U+FFFD.
            var end = maxLineBytes
            let bytes = Array(text.utf8)
            while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            let kept = String(decoding: bytes[..<end], as: UTF8.self)
            text = kept + "… (\(ByteCount.format(bytes.count - end)) more)"
        }
        return "\(line.direction.rawValue) \(text)"
    }

    /// A credential's value with its scheme kept (`Bearer ***`), the rest hidden.
    private static func masked(_ value: String) -> String {
        let words = value.split(separator: " ", omittingEmptySubsequences: true)
        let schemes: Set<String> = ["basic", "bearer", "digest", "negotiate", "token"]
        if words.count > 1, schemes.contains(words[0].lowercased()) { return "\(words[0]) *** (-vv shows it)" }
        return "*** (-vv shows it)"
    }
}
