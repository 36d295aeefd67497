import Screen
import XCTest

/// A watch's trend of load times, as a value.
final class SparklineTests: XCTestCase {
    func testValuesAreScaledBetweenTheirLeastAndGreatest() {
        XCTAssertEqual(Sparkline.of([1, 2, 5, 2, 1]), "▁▃█▃▁")
        XCTAssertEqual(Sparkline.of([3, 3, 3]), "▁▁▁")
        XCTAssertEqual(Sparkline.of([]), "")
        XCTAssertEqual(Sparkline.of([0, 7]), "▁█")
    }

    func testTheStatusLineShowsTheTrendAndTheLastTimeOnceThereAreTwo() {
        var status = SourceStatus(name: "posts", phase: .loaded(unchanged: false), wait: .manual, lastSuccess: nil)
        status.recentTotals = [.milliseconds(4)]
        XCTAssertFalse(status.line(width: 120).contains("ms"), status.line(width: 120))
        status.recentTotals = [.milliseconds(4), .microseconds(800), .milliseconds(120)]
        XCTAssertTrue(status.line(width: 120).hasSuffix("▁▁█ 120 ms"), status.line(width: 120))
        status.recentTotals = [.milliseconds(4), .microseconds(800)]
        XCTAssertTrue(status.line(width: 120).hasSuffix("█▁ 0.8 ms"), status.line(width: 120))
    }
}
