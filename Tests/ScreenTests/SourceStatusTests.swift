import TerminalText
import XCTest
@testable import Screen

/// A source's status line and failure banner as values: what they say, and what gives way at
/// narrow widths.
final class SourceStatusTests: XCTestCase {
    private let success = 1_800_000_000
    private var ok: String { TestClock.timeOfDay(success) }
    private var failedAt: String { TestClock.timeOfDay(success + 30) }

    private func loaded(_ unchanged: Bool = false) -> SourceStatus {
        var status = SourceStatus(name: "posts", phase: .loaded(unchanged: unchanged), wait: .nextReload(in: "3 s"), lastSuccess: TestClock.reading(success))
        status.maxAttempts = 3
        status.items = .init(count: 12, pages: 3, more: true)
        return status
    }

    private func failing(_ wait: SourceStatus.Wait, reason: String = "HTTP 503 from 127.0.0.1:8080") -> SourceStatus {
        var status = SourceStatus(name: "posts", phase: .failed, wait: wait, lastSuccess: TestClock.reading(success))
        status.attempt = 2
        status.maxAttempts = 3
        status.failure = .init(reason: reason, at: TestClock.reading(success + 30))
        status.showsData = true
        return status
    }

    /// A live stream says it streams, and when its last item came; its items are its success
    /// so far, so no `no success yet`. Narrow, `streaming` stays.
    func testAStreamSaysItStreamsAndWhenItsLastItemCame() {
        var status = SourceStatus(name: "events", phase: .streaming(lastItem: "2 s ago"), wait: .loadingNow, lastSuccess: nil)
        status.items = .init(count: 17, pages: 1, more: false)
        XCTAssertEqual(status.line(width: 200), "events · streaming, last item 2 s ago · 17 items")
        XCTAssertEqual(status.line(width: 28), "events · streaming")
    }

    /// Issue 57: `1 items`.
    func testOneItemIsOneItem() {
        var status = SourceStatus(name: "feed", phase: .loaded(unchanged: false), wait: .manual, lastSuccess: TestClock.reading(success))
        status.items = .init(count: 1, pages: 1, more: false)
        XCTAssertTrue(status.line(width: 200).hasSuffix(" · 1 item"), status.line(width: 200))
        status.items = .init(count: 0, pages: 1, more: false)
        XCTAssertTrue(status.line(width: 200).hasSuffix(" · 0 items"), status.line(width: 200))
    }

    func testTheAttemptIsSaidOnlyOnceOneHasFailed() {
        XCTAssertFalse(loaded().line(width: 200).contains("attempt"), "nothing failed")
        var status = loaded()
        status.phase = .loading(page: nil, receivedBytes: 0)
        status.wait = .loadingNow
        XCTAssertFalse(status.line(width: 200).contains("attempt"), "a first attempt in flight")
        status.attempt = 2
        XCTAssertTrue(status.line(width: 200).contains(" · attempt 2/3"), "a retry in flight")
        XCTAssertTrue(failing(.retry(in: "4 s")).line(width: 200).contains(" · retry in 4 s · attempt 2/3"))
        XCTAssertTrue(failing(.nextReload(in: "9 s")).line(width: 200).contains("attempt 2/3"), "failed, retries spent")
        var once = failing(.nextReload(in: "9 s"))
        once.maxAttempts = 1
        XCTAssertFalse(once.line(width: 200).contains("attempt"), "no retries allowed, so none to count")
        var notFound = failing(.manual, reason: "HTTP 404 Not Found from 127.0.0.1:8080")
        notFound.attempt = 1
        XCTAssertFalse(notFound.line(width: 200).contains("attempt"), "a 404 is never retried: no attempt 1/3")
    }

    func testABannerIsCutBetweenWordsNotInOne() {
        let status = failing(.manual, reason: "HTTP 503 Service Unavailable from 127.0.0.1:8080 (gave up after 3 attempts)")
        for width in 40...140 {
            let banner = status.banner(width: width) ?? ""
            XCTAssertLessThanOrEqual(TerminalText.displayWidth(banner), width)
            XCTAssertFalse(banner.contains("aft…") || banner.contains("(…") || banner.contains("atte…"), "\(width): \(banner)")
            if banner.contains("(") { XCTAssertTrue(banner.contains(")"), "no aside left open: \(width): \(banner)") }
        }
    }

    func testTheStatusLineGivesUpTheLeastUsefulWordsFirstAndKeepsTheCountdown() {
        let status = loaded(true)
        let lines = [
            "posts · loaded, unchanged · last success \(ok) · next in 3 s · 12 items in 3 pages, > for more",
            "posts · loaded, unchanged · last success \(ok) · next in 3 s · 12 items, > for more",
            "posts · loaded, unchanged · ok \(ok) · next in 3 s · 12 items, > for more",
            "posts · loaded, unchanged · ok \(ok) · next in 3 s · 12 items",
            "posts · unchanged · ok \(ok) · next in 3 s · 12 items",
            "posts · unchanged · ok \(ok) · next in 3 s",
            "posts · unchanged · next in 3 s",
            "pos… · unchanged · next in 3 s",
            "po… · unchanged · next in 3 s",
        ]
        XCTAssertEqual(status.line(width: 200), lines[0])
        for (richer, line) in zip(lines, lines.dropFirst()) {
            XCTAssertEqual(status.line(width: richer.count - 1), line, "one column short of: \(richer)")
        }
        XCTAssertEqual(status.line(width: 60), "posts · unchanged · ok \(ok) · next in 3 s · 12 items", "60 columns keep the countdown")
        XCTAssertEqual(status.line(width: 27), "… · unchanged · next in 3 s", "the ellipsis says a name was there")
        XCTAssertEqual(status.line(width: 20), "… · unchanged · nex…", "at an absurd width, the line is cut")
    }

    func testNoNextInWhenNothingReloadsOnAnInterval() {
        var status = loaded()
        status.wait = .manual
        XCTAssertEqual(status.line(width: 200), "posts · loaded · last success \(ok) · 12 items in 3 pages, > for more")
        var failed = failing(.manual)
        failed.showsData = false
        XCTAssertEqual(failed.banner(width: 200), "failed \(failedAt) — HTTP 503 from 127.0.0.1:8080; no data yet; r to retry")
        // Issue 58: a stream that failed after its items has data on show, and no success.
        failed.showsData = true
        failed.lastSuccess = nil
        XCTAssertEqual(failed.banner(width: 200), "failed \(failedAt) — HTTP 503 from 127.0.0.1:8080; showing what came before it; r to retry")
    }

    func testExtrasTakeTheirPlaceByPriority() {
        let version = StatusPart(("version 3 of 7, 12:03:04", 45), ("v3/7", .max), last: .kept)
        let waiting = StatusPart(("newer content waiting", 55))
        let status = loaded()
        XCTAssertEqual(status.line(width: 200, extras: [version, waiting]),
                       "posts · loaded · last success \(ok) · next in 3 s · 12 items in 3 pages, > for more · version 3 of 7, 12:03:04 · newer content waiting")
        XCTAssertEqual(status.line(width: 75, extras: [version, waiting]), "posts · loaded · ok \(ok) · next in 3 s · v3/7 · newer content waiting")
        XCTAssertEqual(status.line(width: 60, extras: [version, waiting]), "posts · loaded · ok \(ok) · next in 3 s · v3/7")
    }

    func testTheBannerKeepsTheFailureTimeAndTheRetryAndShortensTheRest() {
        let reason = "HTTP 503 Service Unavailable from api.example.com"
        let status = failing(.retry(in: "4 s"), reason: reason)
        XCTAssertEqual(status.banner(width: 200), "failed \(failedAt) — \(reason); showing data from \(ok); retry in 4 s")
        // The reason's tail goes first, to 30 columns that still say what failed.
        XCTAssertEqual(status.banner(width: 101), "failed \(failedAt) — HTTP 503 Service Unavailable from…; showing data from \(ok); retry in 4 s",
                       "cut between words")
        XCTAssertEqual(status.banner(width: 90), "failed \(failedAt) — HTTP 503 Service Unavailable…; showing data from \(ok); retry in 4 s",
                       "no space before the …")
        // Then showing data from shortens, and the reason takes the room that leaves.
        XCTAssertEqual(status.banner(width: 89), "failed \(failedAt) — HTTP 503 Service Unavailable from…; data from \(ok); retry in 4 s")
        XCTAssertEqual(status.banner(width: 82), "failed \(failedAt) — HTTP 503 Service Unavailable…; data from \(ok); retry in 4 s")
        XCTAssertEqual(status.banner(width: 81), "failed \(failedAt) — \(reason); retry in 4 s", "then it goes")
        // Past that, the reason is cut further; the failure's time and the retry stay.
        XCTAssertEqual(status.banner(width: 60), "failed \(failedAt) — HTTP 503 Service…; retry in 4 s")
        XCTAssertEqual(status.banner(width: 34), "failed \(failedAt) — H…; retry in 4 s")
        XCTAssertEqual(status.banner(width: 33), "failed \(failedAt) — …; retry in 4 s")
    }

    func testTheBannerSaysWhatComesNext() {
        XCTAssertEqual(failing(.loadingNow).banner(width: 200), "failed \(failedAt) — HTTP 503 from 127.0.0.1:8080; showing data from \(ok); trying again now")
        let reload = failing(.nextReload(in: "12 s"))
        XCTAssertEqual(reload.banner(width: 200), "failed \(failedAt) — HTTP 503 from 127.0.0.1:8080; showing data from \(ok); next reload in 12 s")
        XCTAssertEqual(reload.banner(width: 80), "failed \(failedAt) — HTTP 503 from 127.0.0.1:8080; data from \(ok); next in 12 s")
        XCTAssertEqual(reload.banner(width: 60), "failed \(failedAt) — HTTP 503 from 127.0.0.1:8080; next in 12 s")
        XCTAssertNil(loaded().banner(width: 200), "no failure, no banner")
    }

    /// A copy from an earlier run beside the failure: the banner says how old it is, not a
    /// time of this run's.
    func testTheBannerSaysAStoredCopyIsShownAndHowOld() {
        var status = failing(.manual)
        status.lastSuccess = nil
        status.storedCopyAge = "3 h"
        XCTAssertEqual(status.banner(width: 200), "failed \(failedAt) — HTTP 503 from 127.0.0.1:8080; showing the last good copy, from 3 h ago; r to retry")
        XCTAssertEqual(status.banner(width: 80), "failed \(failedAt) — HTTP 503 from 127.0.0.1:8080; copy from 3 h ago; r to retry")
        XCTAssertTrue(status.line(width: 200).contains("stored copy, 3 h old"), "not 'no success yet' beside content: \(status.line(width: 200))")
    }
}
