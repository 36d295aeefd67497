import Loader
import XCTest

/// A URL's scheme as RFC 3986 reads it, without GLib, as `g_uri_peek_scheme` gives it: the
/// screen judges links by it.
final class URLSchemeTests: XCTestCase {
    func testTheSchemeIsReadAsRFC3986WritesItAndLowercased() {
        XCTAssertEqual(URLScheme.of("HTTPS://example.com/"), "https")
        XCTAssertEqual(URLScheme.of("svn+ssh://host/repo"), "svn+ssh")
        XCTAssertEqual(URLScheme.of("file:///etc/passwd"), "file")
        XCTAssertEqual(URLScheme.of("javascript:alert(1)"), "javascript")
        XCTAssertEqual(URLScheme.of("a1.-+:x"), "a1.-+")
        XCTAssertNil(URLScheme.of("1http://x"), "a scheme starts with a letter")
        XCTAssertNil(URLScheme.of("/relative/path"))
        XCTAssertNil(URLScheme.of(" http://x"), "no space before it")
        XCTAssertNil(URLScheme.of("http"), "no colon, no scheme")
        XCTAssertNil(URLScheme.of(":x"))
        XCTAssertNil(URLScheme.of("ht tp://x"))
    }

    func testOnlyHTTPAndHTTPSAreWeb() {
        XCTAssertTrue(URLScheme.isWeb("http://x/"))
        XCTAssertTrue(URLScheme.isWeb("HTTPS://x/"))
        XCTAssertFalse(URLScheme.isWeb("file:///x"))
        XCTAssertFalse(URLScheme.isWeb("-http://x"))
        XCTAssertEqual(URLParts.scheme(of: "Ftp://x"), "ftp", "URLParts reads it the same way")
    }
}
