import Loader
import XCTest

/// curl's cookie file, read and written as values.
final class CookieFileTests: XCTestCase {
    func testCurlsLinesAreReadWithTheirFlagsAndExpiredOnesAreLeftOut() {
        let text = """
            # Netscape HTTP Cookie File
            127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\tabc
            #HttpOnly_.example.com\tTRUE\t/app\tTRUE\t2000000000\tid\tx=y
            example.org\tFALSE\t/\tFALSE\t100\told\tgone
            example.net\tFALSE\t/\tFALSE\t0\tempty
            not a cookie line

            """
        let parsed = CookieFile.parse(text, now: 1_000_000)
        XCTAssertEqual(parsed.cookies, [
            CookieRecord(domain: "127.0.0.1", name: "session", value: "abc"),
            CookieRecord(domain: ".example.com", path: "/app", isSecure: true, isHTTPOnly: true, expires: 2_000_000_000, name: "id", value: "x=y"),
            CookieRecord(domain: "example.net", name: "empty", value: ""),
        ])
        XCTAssertEqual(parsed.badLines, [6])
    }

    func testWhatIsWrittenReadsBackTheSame() {
        let cookies = [CookieRecord(domain: "h", name: "a", value: "1"),
                       CookieRecord(domain: ".d.example", path: "/p", isSecure: true, isHTTPOnly: true, expires: 4_000_000_000, name: "b", value: "2")]
        let text = CookieFile.text(cookies)
        XCTAssertTrue(text.hasPrefix("# Netscape HTTP Cookie File\n"))
        XCTAssertTrue(text.contains("#HttpOnly_.d.example\tTRUE\t/p\tTRUE\t4000000000\tb\t2\n"), text)
        XCTAssertEqual(CookieFile.parse(text, now: 0).cookies, cookies)
    }

    func testGivenCookiesAreReadAsACookieHeaderWritesThemAndTheLaterWins() {
        XCTAssertEqual(GivenCookie.list("a=1; b = 2;c="), [GivenCookie(name: "a", value: "1"), GivenCookie(name: "b", value: "2"), GivenCookie(name: "c", value: "")])
        XCTAssertNil(GivenCookie.list("a=1; nonsense"))
        XCTAssertNil(GivenCookie.list("=1"))
        XCTAssertEqual(GivenCookie.merged([GivenCookie(name: "a", value: "1"), GivenCookie(name: "b", value: "2")], [GivenCookie(name: "a", value: "9")]),
                       [GivenCookie(name: "b", value: "2"), GivenCookie(name: "a", value: "9")])
    }

    func testGivenCookiesGoBesideTheJarsOverTheSameNames() {
        let given = [GivenCookie(name: "sid", value: "mine"), GivenCookie(name: "theme", value: "dark")]
        XCTAssertEqual(GivenCookie.header(given, beside: nil), "sid=mine; theme=dark")
        XCTAssertEqual(GivenCookie.header(given, beside: "a=1; sid=server"), "a=1; sid=mine; theme=dark")
    }
}
