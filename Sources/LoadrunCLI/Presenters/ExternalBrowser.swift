import Loader

/// The user's browser, as `o` starts it: the first command of `$BROWSER` (colon-separated,
/// `%s` standing for the URL, as `man`, `git` and `python -m webbrowser` read it), or else
/// `xdg-open`. It runs detached, with /dev/null for its input and outputs, so it can never
/// write over the full-screen view, and GLib reaps it.
enum ExternalBrowser {
    /// The command that opens `url`, as argv.
    static func command(for url: String, environment: [String: String]) -> [String] {
        let browser = (environment["BROWSER"] ?? "").split(separator: ":").first.map(String.init) ?? ""
        guard !browser.allSatisfy(\.isWhitespace) else { return ["xdg-open", url] }
        let words = browser.split(separator: " ").map(String.init)
        return words.contains { $0.contains("%s") } ? words.map { $0.replacing("%s", with: url) } : words + [url]
    }

    /// Starts the browser on `url`; nil when it started, else why it could not.
    static func open(_ url: String, environment: [String: String]) -> String? {
        let argv = command(for: url, environment: environment)
        guard let reason = DetachedProcess.start(argv) else { return nil }
        return "cannot start \(argv[0]): \(reason); set $BROWSER to the browser's command"
    }
}
