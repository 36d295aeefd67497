import Loader

/// `-v` on stderr, as `curl -v` writes it: `> ` for what was sent, `< ` for what came back,
/// `* ` for notes (the HTTP version, TLS, redirects, the plugin that took a response).
/// Credentials are masked unless `-vv`; a line longer than `maxLineBytes` is cut, so a
/// hostile server's 100 KiB header costs a line, not a screenful. Diagnostics makes each line
/// safe for the terminal.
enum TrafficLog {
    static let maxLineBytes = 1000
    /// Headers that carry credentials: their values are masked unless asked for.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// The line `-v` prints for `line`.
    static func text(of line: HTTPLogLine, unmasked: Bool) -> String {
        var text = line.text
        if !unmasked, let colon = text.firstIndex(of: ":"),
           credentialHeaders.contains(text[..<colon].lowercased()) {
            text = String(text[...colon]) + " " + masked(String(text[text.index(after: colon)...]))
        }
        if text.utf8.count > maxLineBytes {
            let kept = String(decoding: text.utf8.prefix(maxLineBytes), as: UTF8.self)
            text = kept + "… (\(ByteCount.format(text.utf8.count - maxLineBytes)) more)"
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
