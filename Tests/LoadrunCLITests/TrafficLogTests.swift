import Loader
@testable import LoadrunCLI
import XCTest

/// `-v`'s lines as values: credentials masked by the header's name, long lines cut.
final class TrafficLogTests: XCTestCase {
    func testCredentialsAreMaskedByNameAndShownWithVeryVerbose() {
        let cases: [(String, String)] = [
            ("Authorization: Bearer abc", "> Authorization: Bearer *** (-vv shows it)"),
            ("authorization: xyz", "> authorization: *** (-vv shows it)"),
            ("X-Api-Key: abc", "> X-Api-Key: *** (-vv shows it)"),
            ("X-Session-Id: abc", "> X-Session-Id: *** (-vv shows it)"),
            ("Accept: application/json", "> Accept: application/json"),
            ("GET /auth/key:1 HTTP/1.1", "> GET /auth/key:1 HTTP/1.1"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(TrafficLog.text(of: HTTPLogLine(.request, text), unmasked: false), expected)
        }
        XCTAssertEqual(TrafficLog.text(of: HTTPLogLine(.response, "Set-Cookie: id=1"), unmasked: true), "< Set-Cookie: id=1")
        XCTAssertEqual(TrafficLog.text(of: HTTPLogLine(.note, "token: not a header"), unmasked: false), "* token: not a header")
    }

    func testALongLineIsCutAndSaysHowMuchWasLeft() {
        let line = TrafficLog.text(of: HTTPLogLine(.response, "X-Long: x" + String(repeating: "é", count: 2000)), unmasked: false)
        XCTAssertLessThan(line.utf8.count, TrafficLog.maxLineBytes + 40)
        XCTAssertTrue(line.hasSuffix(" more)"), line)
        XCTAssertFalse(line.unicodeScalars.contains("\u{FFFD}"), "cut between characters, not inside one")
    }
}
