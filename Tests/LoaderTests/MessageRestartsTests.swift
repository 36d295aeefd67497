@testable import Loader
import XCTest

/// What libsoup's restarts of a message mean, as values: a redirect is a new URL; the same
/// request resent unanswered a few times in a row is a refusal.
final class MessageRestartsTests: XCTestCase {
    func testANewURLIsARedirectAndStartsTheCountAgain() {
        var restarts = MessageRestarts(url: "http://a/1")
        XCTAssertEqual(restarts.restarted(to: nil, status: 0), .nothing)
        XCTAssertEqual(restarts.restarted(to: "http://a/1", status: 0), .nothing)
        XCTAssertEqual(restarts.restarted(to: "http://b/2", status: 301), .redirected(to: "http://b/2"))
        XCTAssertEqual(restarts.restarted(to: "http://b/2", status: 0), .nothing)
        XCTAssertEqual(restarts.restarted(to: "http://b/2", status: 0), .nothing, "two refusals since the redirect")
        XCTAssertEqual(restarts.restarted(to: nil, status: 0), .refused, "the third in a row to the same URL")
        XCTAssertEqual(restarts.restarted(to: nil, status: 0), .nothing, "said once")
    }

    func testAnAnsweredRestartIsNoRefusal() {
        var restarts = MessageRestarts(url: "http://a/1")
        for _ in 0..<3 { XCTAssertEqual(restarts.restarted(to: nil, status: 401), .nothing, "an authentication challenge") }
        XCTAssertEqual(MessageRestarts.refusalsInARow, 3)
    }

    /// Issue 57: a Digest server that answers stale=true for ever got 21 requests and
    /// libsoup's "Message was restarted too many times".
    func testChallengesAnsweredAgainAndAgainAreGivenUpOnce() {
        var restarts = MessageRestarts(url: "http://a/1")
        let meanings = (1...6).map { _ in restarts.restarted(to: nil, status: 401) }
        XCTAssertEqual(meanings, [.nothing, .nothing, .nothing, .challengedAgain, .nothing, .nothing])
        XCTAssertEqual(restarts.restarted(to: "http://a/2", status: 302), .redirected(to: "http://a/2"), "a redirect starts the count anew")
        XCTAssertEqual(restarts.restarted(to: nil, status: 407), .nothing)
    }
}
