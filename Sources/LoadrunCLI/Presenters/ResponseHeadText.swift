import Loader
import TerminalText

/// The head of a response as `curl -i` prints it before the body: the status line, each
/// header as the server sent it, in its order, and a blank line.
enum ResponseHeadText {
    /// What `-I` says of a source that has no response head to show: a file, standard input.
    static func noHead(_ source: SourceSnapshot) -> String {
        "no response head to show (-I shows a server's); \(URLParts.isWeb(source.url) ? "none came" : "it is not from a server")"
    }

    /// The head of `response`, made safe for a terminal; nil for a file or standard input,
    /// which no server answered.
    static func of(_ response: ResponseInfo) -> String? {
        guard URLParts.isWeb(response.url) else { return nil }
        // HTTP/2 has no reason phrase: libsoup fills in the standard one, which curl leaves out.
        let reason = response.httpVersion == "HTTP/2" || response.reasonPhrase.isEmpty ? "" : " " + response.reasonPhrase
        var text = "\(response.httpVersion) \(response.status)\(reason)\n"
        for header in response.headers { text += "\(header.name): \(header.value)\n" }
        return UntrustedText.forTerminal(text) + "\n"
    }
}
