import ArgumentParser
import Plan

/// The options curl users reach for first that are about what crosses the wire beside the
/// request itself: cookies. A group of their own, so that `--help cookies` can show them.
struct CookieOptions: ParsableArguments {
    @Option(name: [.customShort("b"), .customLong("cookie")], help: ArgumentHelp("Send cookies, as curl's -b: NAME=VALUE (or several as a Cookie header has them, 'a=1; b=2') to each source's own host, or read curl's cookie file FILE (the Netscape format, as -c writes it). Repeat it for several. Cookies the servers set are kept for the whole run either way: across redirects, pages, details and a watch's reloads, by the cookie rules (domain, path, Secure, expiry), never to another site.", valueName: "data|file"),
            completion: .file())
    var cookie: [String] = []

    @Option(name: [.customShort("c"), .customLong("cookie-jar")], help: ArgumentHelp("Write every cookie the run holds to this file when it ends, in curl's format (curl -b FILE reads it back), made readable by you alone and replaced whole. -c was jq's compact output here once: that is --compact-output.", valueName: "file"),
            completion: .file())
    var cookieJar: String?

    /// The plan's cookie settings.
    var settings: CookieSettings {
        get throws(UsageFailure) { try CookieSettings(cookie: cookie, jar: cookieJar) }
    }
}
