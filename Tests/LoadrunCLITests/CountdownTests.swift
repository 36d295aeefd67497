@testable import LoadrunCLI
import XCTest

/// The watch screen's countdown to a retry or a reload, as text.
final class CountdownTests: XCTestCase {
    func testUnderASecondTheWaitIsSaidInMillisecondsNotRoundedUpToOneSecond() {
        XCTAssertEqual(SessionSource.countdown(.milliseconds(80)), "80 ms")
        XCTAssertEqual(SessionSource.countdown(.milliseconds(999)), "999 ms")
        XCTAssertEqual(SessionSource.countdown(.milliseconds(-5)), "0 ms", "a retry already due")
        XCTAssertEqual(SessionSource.countdown(.milliseconds(1000)), "1 s")
        XCTAssertEqual(SessionSource.countdown(.milliseconds(1001)), "2 s", "whole seconds, rounded up, as a countdown")
        XCTAssertEqual(SessionSource.countdown(.seconds(90)), "1 min 30 s")
    }
}
