import Loader
import XCTest

/// `StreamReconnection` as a value: how each end of a live stream's connection is answered.
final class StreamReconnectionTests: XCTestCase {
    func testAStreamThatEndsIsOpenedAgainAfterTheServersTimeOrThreeSeconds() {
        var reconnection = StreamReconnection()
        XCTAssertEqual(reconnection.decide(.ended(status: 200, isStream: true), broughtEvents: true, reconnectionTime: nil),
                       .reconnect(after: .seconds(3)))
        XCTAssertEqual(reconnection.decide(.ended(status: 200, isStream: true), broughtEvents: true, reconnectionTime: .milliseconds(100)),
                       .reconnect(after: .milliseconds(100)))
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
        XCTAssertEqual(reconnection.decide(empty, broughtEvents: false, reconnectionTime: .milliseconds(10)), .reconnect(after: .milliseconds(10)))
        XCTAssertEqual(reconnection.decide(empty, broughtEvents: false, reconnectionTime: .milliseconds(10)), .reconnect(after: .milliseconds(20)))
        XCTAssertEqual(reconnection.decide(empty, broughtEvents: true, reconnectionTime: .milliseconds(10)), .reconnect(after: .milliseconds(10)))
        for delay in [10, 20, 40] {
            XCTAssertEqual(reconnection.decide(empty, broughtEvents: false, reconnectionTime: .milliseconds(10)),
                           .reconnect(after: .milliseconds(delay)))
        }
        XCTAssertEqual(reconnection.decide(empty, broughtEvents: false, reconnectionTime: .milliseconds(10)), .end)
    }
}
