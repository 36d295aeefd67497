import ArgumentParser
import Plan

/// curl's options that loadrun takes as curl users type them: some mean what loadrun always
/// does, and are accepted so that a command line copied from curl runs as it did there.
struct CurlOptions: ParsableArguments {
    @Flag(name: [.customShort("L"), .customLong("location")], help: "Accepted, as curl's -L: loadrun always follows redirects (up to --max-redirs), and sends a source's own headers, credentials and cookies only to its own origin.")
    var location = false

    @Flag(name: .customLong("compressed"), help: "Accepted, as curl's --compressed: loadrun always asks for gzip, deflate and br, and decodes what comes.")
    var compressed = false

    @Flag(name: [.customShort("f"), .customLong("fail")], help: "Accepted, as curl's -f: an HTTP error always fails its load (exit 1 when some sources failed, 2 when all did), and no error page is printed as content.")
    var fail = false

    @Option(name: .customLong("max-redirs"), help: ArgumentHelp("Follow at most this many redirects of a request, from 0 to 20 (libsoup's own limit, and the default); past it the load fails.", valueName: "n"))
    var maxRedirs: Int?

    @Option(name: [.customShort("x"), .customLong("proxy")], help: ArgumentHelp("Send every request through this proxy, as curl's -x: http://HOST:PORT, https://…, or socks5://HOST:PORT (socks4, socks4a too); HOST:PORT alone is http. Over the proxy variables (http_proxy, https_proxy, all_proxy), which are otherwise read.", valueName: "url"))
    var proxy: String?

    @Option(name: [.customShort("w"), .customLong("write-out")], help: ArgumentHelp("After each source's content, write this to stdout, as curl's -w: text with \\n, \\t and %{variable}s: http_code, time_total, time_namelookup, time_connect, time_appconnect, time_starttransfer (seconds, as curl writes them), size_download, url_effective, and json for all of them. A run that loads once; NDJSON lines carry the same times as phases.", valueName: "format"))
    var writeOut: String?

    /// `-x` as GIO's proxy resolver takes it, or what is wrong with it.
    var proxyURL: String? {
        get throws(UsageFailure) {
            guard let proxy else { return nil }
            let schemes = ["http", "https", "socks", "socks4", "socks4a", "socks5"]
            guard let colon = proxy.firstRange(of: "://") else {
                guard !proxy.isEmpty, !proxy.contains("/") else { throw UsageFailure(message: "-x \(proxy): give the proxy as http://HOST:PORT or socks5://HOST:PORT") }
                return "http://" + proxy
            }
            let scheme = proxy[..<colon.lowerBound].lowercased()
            guard schemes.contains(scheme) else {
                throw UsageFailure(message: "-x \(proxy): a proxy is \(schemes.joined(separator: ", ")); give it as http://HOST:PORT or socks5://HOST:PORT")
            }
            return proxy
        }
    }

    func check() throws(UsageFailure) {
        if let maxRedirs, maxRedirs < 0 || maxRedirs > 20 {
            throw UsageFailure(message: "--max-redirs \(maxRedirs): give a number of redirects from 0 to 20 (libsoup follows no more)")
        }
    }
}
