import Loader
import TestSupport
import XCTest

final class RetryPolicyTests: XCTestCase {
    private var random = SeededGenerator(seed: 42)

    private func http(_ status: Int, retryAfter: String? = nil) -> LoadError {
        LoadError(.httpStatus, "HTTP \(status)", httpStatus: status, retryAfter: retryAfter)
    }

    func testClassification() {
        for status in [408, 429, 500, 502, 503, 504] {
            XCTAssertTrue(RetryPolicy.isTransient(http(status)), "\(status)")
        }
        for status in [400, 401, 403, 404, 410, 422, 501, 505] {
            XCTAssertFalse(RetryPolicy.isTransient(http(status)), "\(status)")
        }
        for code in [LoadError.Code.connectionRefused, .connectionReset, .temporaryDNSFailure, .timedOut, .truncated] {
            XCTAssertTrue(RetryPolicy.isTransient(LoadError(code, "x")), code.rawValue)
        }
        for code in [LoadError.Code.decode, .hostNotFound, .tls, .tooLarge, .invalidURL, .cancelled, .unsupported, .notFound] {
            XCTAssertFalse(RetryPolicy.isTransient(LoadError(code, "x")), code.rawValue)
        }
    }

    /// A refused connection is transient, but retried only when asked, as curl's
    /// `--retry-connrefused`: a server that is not running is said at once.
    func testARefusedConnectionIsRetriedOnlyWhenAskedFor() {
        let refused = LoadError(.connectionRefused, "connection refused")
        var policy = RetryPolicy(maxAttempts: 3)
        XCTAssertFalse(policy.retries(refused))
        XCTAssertEqual(policy.decide(after: refused, attempt: 1, elapsed: .zero, now: 0, random: &random), .giveUp(reason: nil))
        policy.retriesRefusedConnections = true
        XCTAssertTrue(policy.retries(refused))
        guard case .retry = policy.decide(after: refused, attempt: 1, elapsed: .zero, now: 0, random: &random) else {
            return XCTFail("retried when asked")
        }
        var every = RetryPolicy(maxAttempts: 3)
        every.retriesEveryError = true
        XCTAssertTrue(every.retries(refused), "--retry-all-errors retries every failure")
        XCTAssertTrue(RetryPolicy(maxAttempts: 3).retries(LoadError(.connectionReset, "reset")))
    }

    func testFullJitterStaysWithinTheExponentialCeiling() {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: .seconds(1), factor: 2, maxDelay: .seconds(60))
        for (attempt, ceiling) in [(2, 1), (3, 2), (4, 4), (5, 8), (8, 60), (10, 60)] {
            var seen: [Duration] = []
            for _ in 0..<200 { seen.append(policy.backoff(beforeAttempt: attempt, random: &random)) }
            XCTAssertTrue(seen.allSatisfy { $0 >= .zero && $0 <= .seconds(ceiling) }, "attempt \(attempt)")
            XCTAssertGreaterThan(seen.max()!, .seconds(Double(ceiling) * 0.8), "the jitter spreads up to the ceiling")
            XCTAssertLessThan(seen.min()!, .seconds(Double(ceiling) * 0.2), "and down towards zero")
        }
    }

    func testSeededJitterIsRepeatable() {
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        let policy = RetryPolicy()
        XCTAssertEqual(policy.backoff(beforeAttempt: 3, random: &first), policy.backoff(beforeAttempt: 3, random: &second))
    }

    func testGivesUpOnPermanentErrorsAndAfterTheLastAttempt() {
        let policy = RetryPolicy(maxAttempts: 3)
        XCTAssertEqual(policy.decide(after: http(404), attempt: 1, elapsed: .zero, now: 0, random: &random), .giveUp(reason: nil))
        guard case .retry = policy.decide(after: http(503), attempt: 2, elapsed: .zero, now: 0, random: &random) else {
            return XCTFail("attempt 2 of 3 retries")
        }
        XCTAssertEqual(policy.decide(after: http(503), attempt: 3, elapsed: .zero, now: 0, random: &random),
                       .giveUp(reason: "gave up after 3 attempts"))
        XCTAssertEqual(RetryPolicy.never.decide(after: http(503), attempt: 1, elapsed: .zero, now: 0, random: &random),
                       .giveUp(reason: nil))
    }

    func testRetryAfterSecondsReplacesTheBackoff() {
        let policy = RetryPolicy()
        XCTAssertEqual(policy.decide(after: http(429, retryAfter: "2"), attempt: 1, elapsed: .zero, now: 0, random: &random),
                       .retry(after: .seconds(2), clampedRetryAfter: false))
    }

    func testHugeRetryAfterIsClampedToSixHours() {
        XCTAssertEqual(RetryPolicy().decide(after: http(503, retryAfter: "99999999999"), attempt: 1, elapsed: .zero, now: 0, random: &random),
                       .retry(after: .seconds(6 * 3600), clampedRetryAfter: true))
    }

    func testTheBudgetLimitsRetriesAndRetryAfter() {
        let policy = RetryPolicy(maxAttempts: 10, budget: .seconds(10))
        XCTAssertEqual(policy.decide(after: http(503), attempt: 2, elapsed: .seconds(11), now: 0, random: &random),
                       .giveUp(reason: "the retry budget is spent"))
        XCTAssertEqual(policy.decide(after: http(503, retryAfter: "60"), attempt: 1, elapsed: .seconds(1), now: 0, random: &random),
                       .giveUp(reason: "the server asked to wait 1 min, beyond the retry budget"))
    }

    func testRetryAfterParsing() {
        let now = 784_111_777  // Sun, 06 Nov 1994 08:49:37 GMT
        XCTAssertEqual(RetryAfter.delay("120", now: now)?.delay, .seconds(120))
        XCTAssertEqual(RetryAfter.delay(" 0 ", now: now)?.delay, .zero)
        XCTAssertEqual(RetryAfter.delay("Sun, 06 Nov 1994 08:51:37 GMT", now: now)?.delay, .seconds(120))
        XCTAssertEqual(RetryAfter.delay("Sun, 06 Nov 1994 08:00:00 GMT", now: now)?.delay, .zero, "a past date means now")
        XCTAssertEqual(RetryAfter.delay("Fri, 31 Dec 9999 23:59:59 GMT", now: now)?.clamped, true)
        for garbage in ["-5", "soon", "", "1.5", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 32 Nov 1994 08:49:37 GMT"] {
            XCTAssertNil(RetryAfter.delay(garbage, now: now), garbage)
        }
    }

    func testDurationsReadAsPeopleSayThem() {
        XCTAssertEqual(LoadError.format(.milliseconds(300)), "300 ms")
        XCTAssertEqual(LoadError.format(.milliseconds(3240)), "3.2 s")
        XCTAssertEqual(LoadError.format(.seconds(4)), "4 s")
        XCTAssertEqual(LoadError.format(.seconds(90)), "1 min 30 s")
        XCTAssertEqual(LoadError.format(.seconds(6 * 3600)), "6 h")
    }
}
