import XCTest
@testable import Screen

/// The versions a watch keeps of a source's content, and the user's steps through them.
final class VersionHistoryTests: XCTestCase {
    private let start = 1_800_000_000

    private func history(_ versions: ClosedRange<Int>, bytes: Int = 10, maxCount: Int = 50, maxBytes: Int = 16 << 20) -> VersionHistory<Int> {
        var history = VersionHistory<Int>(maxCount: maxCount, maxBytes: maxBytes)
        for version in versions { history.record(version, bytes: bytes, at: TestClock.reading(start + version)) }
        return history
    }

    func testEmptyShowsNothing() {
        var history = VersionHistory<Int>()
        XCTAssertNil(history.current)
        XCTAssertNil(history.label)
        XCTAssertFalse(history.stepBack())
        XCTAssertFalse(history.stepForward())
    }

    func testTheOldestGoFirstPastTheCount() {
        let history = history(1...60)
        XCTAssertEqual(history.count, 50)
        XCTAssertEqual(history.current?.version, 60)
        XCTAssertEqual(history.current?.number, 50)
        XCTAssertEqual(history.previous, 59)
    }

    func testTheOldestGoFirstPastTheBytesButTheNewestStays() {
        var history = history(1...5, bytes: 30, maxBytes: 100)
        XCTAssertEqual(history.count, 3, "90 bytes of the 100 allowed")
        XCTAssertEqual(history.totalBytes, 90)
        history.record(6, bytes: 500, at: TestClock.reading(start + 6))
        XCTAssertEqual(history.count, 1, "the newest alone is over the limit, and is kept")
        XCTAssertEqual(history.current?.version, 6)
        XCTAssertNil(history.previous)
        history.record(7, bytes: 10, at: TestClock.reading(start + 7))
        XCTAssertEqual(history.count, 1, "the large one goes once a newer one comes")
        XCTAssertEqual(history.totalBytes, 10)
    }

    func testStepsBackAndForwardAndFollowsAgainOnTheNewest() {
        var history = history(1...3)
        XCTAssertTrue(history.isFollowing)
        XCTAssertTrue(history.stepBack())
        XCTAssertEqual(history.current?.version, 2)
        XCTAssertEqual(history.previous, 1)
        XCTAssertTrue(history.stepBack())
        XCTAssertEqual(history.current?.version, 1)
        XCTAssertNil(history.previous)
        XCTAssertFalse(history.stepBack(), "nothing older")
        XCTAssertEqual(history.viewing, 0)
        XCTAssertTrue(history.stepForward())
        XCTAssertTrue(history.stepForward())
        XCTAssertTrue(history.isFollowing, "forward onto the newest is following it")
        XCTAssertFalse(history.stepForward(), "nothing newer")
        history.record(4, bytes: 10, at: TestClock.reading(start + 4))
        XCTAssertEqual(history.current?.version, 4, "following shows each new version")
    }

    func testANewerVersionWaitsWhileThePastIsViewed() {
        var history = history(1...3)
        _ = history.stepBack()
        XCTAssertFalse(history.newerWaiting)
        history.record(4, bytes: 10, at: TestClock.reading(start + 4))
        XCTAssertTrue(history.newerWaiting)
        XCTAssertEqual(history.current?.version, 2, "the view stays where the user put it")
        XCTAssertTrue(history.stepForward())
        XCTAssertTrue(history.newerWaiting, "still on an older one")
        XCTAssertTrue(history.stepForward())
        XCTAssertTrue(history.isFollowing)
        XCTAssertFalse(history.newerWaiting, "back on the newest")
    }

    func testTheViewStaysOnItsVersionThroughDropsOrMovesToTheOldestKept() {
        var history = history(1...3, maxCount: 3)
        _ = history.stepBack()
        XCTAssertEqual(history.current?.version, 2)
        history.record(4, bytes: 10, at: TestClock.reading(start + 4))
        XCTAssertEqual(history.current?.version, 2, "1 went; 2 is still here")
        XCTAssertEqual(history.current?.number, 1)
        history.record(5, bytes: 10, at: TestClock.reading(start + 5))
        XCTAssertEqual(history.current?.version, 3, "2 went; the oldest kept is shown")
        XCTAssertEqual(history.viewing, 0)
        XCTAssertFalse(history.isFollowing)

        var single = self.history(1...2, maxBytes: 100)
        _ = single.stepBack()
        single.record(3, bytes: 500, at: TestClock.reading(start + 3))
        XCTAssertEqual(single.count, 1)
        XCTAssertTrue(single.isFollowing, "only the newest is left, so the view is on it")
        XCTAssertFalse(single.newerWaiting)
    }

    func testLabels() throws {
        var history = history(1...7)
        XCTAssertEqual(history.label, "version 7 of 7, \(TestClock.timeOfDay(start + 7))")
        for _ in 1...4 { _ = history.stepBack() }
        XCTAssertEqual(history.label, "version 3 of 7, \(TestClock.timeOfDay(start + 3))")
        let part = try XCTUnwrap(history.statusPart)
        XCTAssertEqual(StatusLayout.fit([part], width: 100), history.label)
        XCTAssertEqual(StatusLayout.fit([.kept("posts"), part], width: 22), "posts · version 3 of 7")
        XCTAssertEqual(StatusLayout.fit([.kept("posts"), part], width: 12), "posts · v3/7", "it shortens, and stays")
    }
}
