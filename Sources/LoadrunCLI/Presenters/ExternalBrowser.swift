#if canImport(Glibc)
import Glibc
#endif
internal import CGLib

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
        var pointers = argv.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        var error: UnsafeMutablePointer<GError>?
        let flags = GSpawnFlags(rawValue: G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_STDOUT_TO_DEV_NULL.rawValue
                                | G_SPAWN_STDERR_TO_DEV_NULL.rawValue | G_SPAWN_STDIN_FROM_DEV_NULL.rawValue)
        guard g_spawn_async(nil, &pointers, nil, flags, nil, nil, nil, &error) == 0 else { return nil }
        var reason = "it did not start"
        if let error {
            reason = String(cString: error.pointee.message)
            g_error_free(error)
        }
        return "cannot start \(argv[0]): \(reason); set $BROWSER to the browser's command"
    }
}
