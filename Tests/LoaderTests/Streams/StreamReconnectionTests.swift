import Loader
import XCTest

/// `StreamReconnection` as a value: how each end of a live stream's connection is answered.
final class StreamReconnectionTests: XCTestCase {
    func testAStreamThatEndsIsOpenedAgainAfterTheServersTimeOrThreeSeconds() {
        var reconnection = StreamReconnection()
        XCTAssertEqual(reconnection.decide(.ended(status: 200, isStream: true), broughtEvents: true, reconnectionTime: nil),
                       .reconnect(after: .seconds(3)))
        XCTAssertEqual(reconnection.decide(.ended(status: 200, isStream: true), broughtEvents: true, reconnectionTime: .milliseconds(700)),
                       .reconnect(after: .milliseconds(700)))
    }

    /// Issue 57: `retry: 0` and a close after each event got a thousand reconnections a
    /// second. Never less than half a second, as Firefox waits.
    func testTheWaitIsAtLeastHalfASecondWhateverTheServerAsks() {
        var reconnection = StreamReconnection()
        for asked in [Duration.zero, .milliseconds(1), .milliseconds(499)] {
            XCTAssertEqual(reconnection.decide(.ended(status: 200, isStream: true), broughtEvents: true, reconnectionTime: asked),
                           .reconnect(after: .milliseconds(500)), "\(asked)")
        }
    }

    /// `retry:` takes up to 12 digits (31 years): the wait is bounded, as the doubling is.
    func testTheWaitIsAtMostAnHour() {
        var reconnection = StreamReconnection()
        XCTAssertEqual(reconnection.decide(.ended(status: 200, isStream: true), broughtEvents: true, reconnectionTime: .milliseconds(999_999_999_999)),
                       .reconnect(after: StreamReconnection.longestDelay))
        XCTAssertEqual(StreamReconnection.longestDelay, .seconds(3_600))
    }

    func testADroppedConnectionIsOpenedAgainButOtherFailuresEndIt() {
        var reconnection = StreamReconnection()
        for code in [LoadError.Code.connectionReset, .connectionRefused, .truncated, .network, .streamReset] {
            XCTAssertEqual(reconnection.decide(.failed(LoadError(code, "x")), broughtEvents: true, reconnectionTime: .seconds(1)),
                           .reconnect(after: .seconds(1)), "\(code)")
        }
        for code in [LoadError.Code.timedOut, .cancelled, .httpStatus, .tls, .tooLarge, .hostNotFound] {
            XCTAssertEqual(reconnection.decide(.failed(LoadError(code, "x")), broughtEvents: true, reconnectionTime: .seconds(1)), .end, "\(code)")
        }
    }

    func testA204OrAResponseThatIsNotTheStreamEndsIt() {
        var reconnection = StreamReconnection()
        XCTAssertEqual(reconnection.decide(.ended(status: 204, isStream: false), broughtEvents: false, reconnectionTime: nil), .end)
        XCTAssertEqual(reconnection.decide(.ended(status: 204, isStream: true), broughtEvents: false, reconnectionTime: nil), .end)
        XCTAssertEqual(reconnection.decide(.ended(status: 200, isStream: false), broughtEvents: true, reconnectionTime: nil), .end)
    }

    /// A server that takes each connection and closes it at once is tried three times more,
    /// each wait twice the last, and then left; a connection that brings bytes starts the count anew.
    func testConnectionsThatBringNothingWaitLongerAndAreBounded() {
        var reconnection = StreamReconnection()
        let empty = StreamReconnection.ConnectionEnd.ended(status: 200, isStream: true)
        XCTAssertEqual(reconnection.decide(empty, broughtEvents: false, reconnectionTime: .milliseconds(600)), .reconnect(after: .milliseconds(600)))
        XCTAssertEqual(reconnection.decide(empty, broughtEvents: false, reconnectionTime: .milliseconds(600)), .reconnect(after: .milliseconds(1200)))
        XCTAssertEqual(reconnection.decide(empty, broughtEvents: true, reconnectionTime: .milliseconds(600)), .reconnect(after: .milliseconds(600)))
        for delay in [600, 1200, 2400] {
            XCTAssertEqual(reconnection.decide(empty, broughtEvents: false, reconnectionTime: .milliseconds(600)),
                           .reconnect(after: .milliseconds(delay)))
        }
        XCTAssertEqual(reconnection.decide(empty, broughtEvents: false, reconnectionTime: .milliseconds(600)), .end)
    }
}
