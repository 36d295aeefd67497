@testable import Loader
import XCTest

/// What libsoup's restarts of a message mean, as values: a redirect is a new URL; the same
/// request resent unanswered a few times in a row is a refusal.
final class MessageRestartsTests: XCTestCase {
    func testANewURLIsARedirectAndStartsTheCountAgain() {
        var restarts = MessageRestarts(url: "http://a/1")
        XCTAssertEqual(restarts.restarted(to: nil, answered: false), .nothing)
        XCTAssertEqual(restarts.restarted(to: "http://a/1", answered: false), .nothing)
        XCTAssertEqual(restarts.restarted(to: "http://b/2", answered: true), .redirected(to: "http://b/2"))
        XCTAssertEqual(restarts.restarted(to: "http://b/2", answered: false), .nothing)
        XCTAssertEqual(restarts.restarted(to: "http://b/2", answered: false), .nothing, "two refusals since the redirect")
        XCTAssertEqual(restarts.restarted(to: nil, answered: false), .refused, "the third in a row to the same URL")
        XCTAssertEqual(restarts.restarted(to: nil, answered: false), .nothing, "said once")
    }

    func testAnAnsweredRestartIsNoRefusal() {
        var restarts = MessageRestarts(url: "http://a/1")
        for _ in 0..<10 { XCTAssertEqual(restarts.restarted(to: nil, answered: true), .nothing, "an authentication challenge") }
        XCTAssertEqual(MessageRestarts.refusalsInARow, 3)
    }
}
