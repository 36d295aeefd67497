#if canImport(Glibc)
import Glibc
#endif
package import Loader

/// `-b` and `-c`, as curl reads them: cookies given by value, cookie files read at the start,
/// and the file the run's jar is written to at its end.
package struct CookieSettings: Equatable {
    /// `-b NAME=VALUE` (or `-b 'a=1; b=2'`): sent to each source's own host.
    package var given: [GivenCookie] = []
    /// `-b FILE`: curl's cookie files, read into the jar before the first request.
    package var files: [String] = []
    /// `-c FILE`: where the jar is written when the run ends (0600, replaced whole).
    package var jarFile: String?

    package init() {}

    /// The settings of `-b` values and a `-c` file. A `-b` value with `=` is cookies, as curl
    /// takes it; one without is a file's path (an empty one only turns curl's cookie engine on,
    /// which loadrun's always is).
    package init(cookie values: [String], jar: String?) throws(UsageFailure) {
        for value in values {
            if value.contains("=") {
                guard let cookies = GivenCookie.list(value) else {
                    throw UsageFailure(message: "-b: give NAME=VALUE (or several as a Cookie header has them: 'a=1; b=2'), or a cookie file's path")
                }
                given = GivenCookie.merged(given, cookies)
            } else if !value.isEmpty {
                files.append(value)
            }
        }
        if let jar {
            guard !jar.isEmpty else { throw UsageFailure(message: "-c needs a file to write the cookies to") }
            // `-c` was jq's compact output here before it was curl's cookie jar.
            if jar.hasPrefix("-") || jar.contains("://") {
                throw UsageFailure(message: "-c FILE writes the cookies to FILE, as curl's --cookie-jar; for JSON on one line, as jq -c, give --compact-output")
            }
            jarFile = jar
        }
    }

    /// The cookies of the `-b` files, and what to say about them: a file that is not there
    /// yet (the `-c` of the same run will make it) is said only when no `-c` names it.
    package func readFiles() -> (cookies: [CookieRecord], warnings: [String]) {
        var cookies: [CookieRecord] = []
        var warnings: [String] = []
        let now = Int64(time(nil))
        for path in files {
            switch LocalFile.read(path, limit: Self.fileLimit) {
            case .success(let bytes):
                let parsed = CookieFile.parse(String(decoding: bytes, as: UTF8.self), now: now)
                cookies += parsed.cookies
                if !parsed.badLines.isEmpty {
                    let lines = parsed.badLines.prefix(5).map(String.init).joined(separator: ", ")
                    warnings.append("-b \(path): line \(lines) \(parsed.badLines.count == 1 ? "is" : "are") no cookie (curl's cookie file has 7 fields split by tabs); skipped")
                }
            case .failure(.missing) where path == jarFile:
                continue
            case .failure(let error):
                warnings.append("-b \(path): cannot read it: \(error); going on with no cookies from it")
            }
        }
        return (cookies, warnings)
    }

    /// A source's own cookies: its sources file's `cookies=`, then a `Cookie` header among
    /// `headers` (taken out of them: the run's jar writes that header, and the source's
    /// cookies go beside the jar's), then `-b NAME=VALUE`, each over the one before by name.
    package static func sourceCookies(file: [GivenCookie], taking headers: inout [RequestHeader],
                                      commandLine: [GivenCookie]) throws(UsageFailure) -> [GivenCookie] {
        var given = file
        for header in headers where header.name.lowercased() == "cookie" {
            guard let cookies = GivenCookie.list(header.value) else {
                throw UsageFailure(message: "-H Cookie: give NAME=VALUE pairs, as a Cookie header has them ('a=1; b=2'), or use -b")
            }
            given = GivenCookie.merged(given, cookies)
        }
        headers.removeAll { $0.name.lowercased() == "cookie" }
        return GivenCookie.merged(given, commandLine)
    }

    /// The largest cookie file read: browsers keep a few thousand cookies, a few hundred KiB.
    static let fileLimit = 16 << 20
}
