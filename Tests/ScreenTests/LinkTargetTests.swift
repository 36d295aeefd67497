import Screen
import XCTest

/// What `o` and `y` may hand on: a server's words lead to web addresses only, never to a
/// `file:` or another scheme's handler, nor to a word a browser would read as an option.
final class LinkTargetTests: XCTestCase {
    func testAServersItemDetailOrRecordHandsOnWebAddressesOnly() {
        for target in [LinkTarget.item(0, fields: [:]), .detail, .record(0, fields: [:])] {
            XCTAssertNil(target.refusal(of: "https://example.com/posts/1"), "\(target)")
            XCTAssertNil(target.refusal(of: "HTTP://example.com/"), "a scheme in capitals is still the web's: \(target)")
            XCTAssertEqual(target.refusal(of: "file:///etc/passwd"),
                           "not handed to the browser: file:///etc/passwd is not an http or https URL", "\(target)")
            XCTAssertNotNil(target.refusal(of: "javascript:alert(1)"), "\(target)")
        }
    }

    func testASourcesOwnURLIsTheUsersToOpenButNeverAnOptionWord() {
        XCTAssertNil(LinkTarget.source(0).refusal(of: "file:///tmp/posts.json"), "the user named it")
        XCTAssertNotNil(LinkTarget.source(0).refusal(of: "--new-window"), "a word the browser takes for an option")
        XCTAssertNotNil(LinkTarget.detail.refusal(of: "-https://example.com"))
    }

    func testAPasswordInARefusedLinkIsMasked() throws {
        let refusal = try XCTUnwrap(LinkTarget.record(0, fields: [:]).refusal(of: "ftp://user:secret@example.com/file"))
        XCTAssertFalse(refusal.contains("secret"), refusal)
    }

    func testALinkIsHandedOnAsABrowsersParserTakesItOneInertLine() {
        XCTAssertEqual(LinkTarget.cleaned(" \u{1}https://example.com/a\nb\tc\r \n"), "https://example.com/abc", "tabs and line breaks go, as WHATWG strips them")
        XCTAssertEqual(LinkTarget.cleaned("https://example.com/\u{1B}]52;c;x\u{7}y"), "https://example.com/%1B]52;c;x%07y", "ESC and BEL encoded")
        XCTAssertEqual(LinkTarget.cleaned("https://example.com/a b\u{202E}c\u{85}"), "https://example.com/a%20b%E2%80%AEc%C2%85")
        XCTAssertEqual(LinkTarget.cleaned("https://example.com/caf\u{E9}?q=1#x"), "https://example.com/caf\u{E9}?q=1#x", "the rest as it was")
        XCTAssertNotNil(LinkTarget.detail.refusal(of: LinkTarget.cleaned("\n-https://example.com")), "cleaned first, then judged")
    }
}
