/// When and how soon to try a failed load again: curl's `--retry`, as a pure value.
///
/// Exponential backoff with full jitter (a random wait between 0 and `base · factor^(n-1)`,
/// capped at `maxDelay`), a maximum number of attempts, and an optional total time budget.
/// Only transient failures are retried, unless `retriesEveryError` (curl's
/// `--retry-all-errors`); a refused connection only with `retriesRefusedConnections` (curl's
/// `--retry-connrefused`): a server that is not running is said at once.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included; 1 means no retries.
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var factor: Double
    public var maxDelay: Duration
    /// No retry starts once this much time has passed since the first attempt.
    public var budget: Duration?
    /// Whether every failure is retried, not only transient ones, as curl's
    /// `--retry-all-errors`: what a user asks for knowing the request may be sent twice.
    public var retriesEveryError = false
    /// Whether a refused connection is retried, as curl's `--retry-connrefused`.
    public var retriesRefusedConnections = false

    public init(maxAttempts: Int = 3, baseDelay: Duration = .seconds(1), factor: Double = 2,
                maxDelay: Duration = .seconds(60), budget: Duration? = nil) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.factor = factor
        self.maxDelay = maxDelay
        self.budget = budget
    }

    /// One attempt, never retried.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// What to do after a failed attempt.
    public enum Decision: Equatable, Sendable {
        /// Try again after `delay`; `clampedRetryAfter` when the server's Retry-After was cut to 6 h.
        case retry(after: Duration, clampedRetryAfter: Bool)
        /// Stop; `reason` says why, when there is more to say than the error itself.
        case giveUp(reason: String?)
    }

    /// Whether `error` may go away by itself: refused or reset connections, temporary DNS
    /// failures, timeouts, cut transfers, and HTTP 408, 429, 500, 502, 503, 504. (Whether a
    /// refused connection is retried is `retries`'s to say.)
    public static func isTransient(_ error: LoadError) -> Bool {
        switch error.code {
        case .connectionRefused, .connectionReset, .temporaryDNSFailure, .timedOut, .truncated:
            return true
        case .httpStatus:
            return [408, 429, 500, 502, 503, 504].contains(error.httpStatus ?? 0)
        default:
            return false
        }
    }

    /// The decision after attempt number `attempt` (from 1) failed with `error`, `elapsed`
    /// after the first attempt began. `now` (seconds since the epoch) dates a Retry-After.
    public func decide<Random: RandomNumberGenerator>(after error: LoadError, attempt: Int, elapsed: Duration,
                                                      now: Int, random: inout Random) -> Decision {
        guard !error.isFinal, retries(error) else { return .giveUp(reason: nil) }
        guard attempt < maxAttempts else { return .giveUp(reason: maxAttempts > 1 ? "gave up after \(maxAttempts) attempts" : nil) }
        let remaining = budget.map { $0 - elapsed }
        if let remaining, remaining <= .zero { return .giveUp(reason: "the retry budget is spent") }

        var delay = backoff(beforeAttempt: attempt + 1, random: &random)
        var clamped = false
        if let header = error.retryAfter, let asked = RetryAfter.delay(header, now: now) {
            delay = asked.delay
            clamped = asked.clamped
        }
        if let remaining, delay > remaining {
            return .giveUp(reason: "the server asked to wait \(LoadError.format(delay)), beyond the retry budget")
        }
        return .retry(after: delay, clampedRetryAfter: clamped)
    }

    /// Whether a load that failed with `error` is tried again, attempts and time allowing.
    public func retries(_ error: LoadError) -> Bool {
        if retriesEveryError { return true }
        if error.code == .connectionRefused { return retriesRefusedConnections }
        return Self.isTransient(error)
    }

    /// A full-jitter wait before attempt number `attempt` (2 for the first retry).
    public func backoff<Random: RandomNumberGenerator>(beforeAttempt attempt: Int, random: inout Random) -> Duration {
        let exponent = Double(max(attempt - 2, 0))
        let ceiling = min(seconds(maxDelay), seconds(baseDelay) * pow(factor, exponent))
        guard ceiling > 0 else { return .zero }
        let milliseconds = Double.random(in: 0...ceiling, using: &random) * 1000
        return .milliseconds(Int64(milliseconds.rounded()))
    }

    private func seconds(_ duration: Duration) -> Double {
        let (whole, fraction) = duration.components
        return Double(whole) + Double(fraction) / 1e18
    }

    private func pow(_ base: Double, _ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(exponent) { result *= base }
        return result
    }
}
