import Loader
import XCTest

/// The one rule for what a source's own headers and credentials may go with, as values.
final class OriginPolicyTests: XCTestCase {
    func testTheSameSchemeHostAndEffectivePortIsTheSourcesOwnOrigin() {
        let policy = OriginPolicy(sourceURL: "https://127.0.0.1/list")
        XCTAssertTrue(policy.sendsOwnParts(to: "https://127.0.0.1/item/1"))
        XCTAssertTrue(policy.sendsOwnParts(to: "https://127.0.0.1:443/item/1"), "443 is https's own port")
        XCTAssertTrue(policy.sendsOwnParts(to: "HTTPS://127.0.0.1/x"), "schemes are case-blind")
        XCTAssertTrue(OriginPolicy(sourceURL: "http://Example.COM/a").sendsOwnParts(to: "http://example.com:80/b"))
    }

    func testNeverDownToHTTPNorToAnotherPortOrHost() {
        let policy = OriginPolicy(sourceURL: "https://127.0.0.1/list")
        XCTAssertFalse(policy.sendsOwnParts(to: "http://127.0.0.1/item/1"), "the issue's case: same host, cleartext")
        XCTAssertFalse(policy.sendsOwnParts(to: "http://127.0.0.1:443/item/1"))
        XCTAssertFalse(policy.sendsOwnParts(to: "https://127.0.0.1:8443/item/1"))
        XCTAssertFalse(policy.sendsOwnParts(to: "https://localhost/item/1"))
        XCTAssertFalse(OriginPolicy(sourceURL: "http://h/").sendsOwnParts(to: "https://h/"), "an upgrade is another origin too")
    }

    func testWhatIsNotAWebURLSendsNothing() {
        XCTAssertFalse(OriginPolicy(sourceURL: "-").sendsOwnParts(to: "http://127.0.0.1/"))
        XCTAssertFalse(OriginPolicy(sourceURL: "https://h/").sendsOwnParts(to: "not a url"))
    }

    func testAnOriginSaysItsEffectivePort() {
        XCTAssertEqual(WebOrigin("https://H/x")?.description, "https://h:443")
        XCTAssertEqual(WebOrigin("http://[::1]:8080/")?.description, "http://[::1]:8080")
    }
}
