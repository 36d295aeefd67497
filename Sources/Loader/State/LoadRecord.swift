/// What a source's loads came to over time, kept by its machine from each change: the status
/// line's attempt, last success and standing failure, and a watch's count of failed loads.
public struct LoadRecord: Sendable {
    /// The attempt in flight or last made, from 1.
    public var attempt = 1
    /// When the last load succeeded (or came back 304), in wall-clock seconds.
    public var lastSuccess: Int?
    /// The latest failure and when it happened (wall-clock seconds), until a load succeeds: it
    /// stands through the retries, so a banner does not blink off while one is in flight.
    public var standingFailure: (error: LoadError, at: Int)?
    /// Failed attempts since the last success.
    public var failuresSinceSuccess = 0
    /// The failed attempts that came before the latest success.
    public var failuresBeforeSuccess = 0
    /// The total times of the last requests that ended, oldest first: a watch's trend.
    public var recentTotals: [Duration] = []
    /// How many `recentTotals` keeps.
    public static let trendLength = 8

    public init() {}

    /// The record once a change by `cause`, of attempt `attempt` (whose request took
    /// `timings`), to a state whose error is `error`, has happened at `now` (wall-clock seconds).
    mutating func note(_ cause: LoadMachine<some Any>.Cause, attempt: Int, error: LoadError?, timings: RequestTimings? = nil, at now: Int) {
        if attempt > 0 { self.attempt = attempt }
        switch cause {
        case .succeeded, .notModified, .failed, .retryScheduled: noteRequestEnded(timings: timings)
        case .started, .progressed, .streamed, .reconnecting, .cancelled: break
        }
        switch cause {
        case .succeeded, .notModified:
            lastSuccess = now
            standingFailure = nil
            failuresBeforeSuccess = failuresSinceSuccess
            failuresSinceSuccess = 0
        case .failed, .retryScheduled:
            if let error { standingFailure = (error, now) }
            failuresSinceSuccess += 1
        case .started, .progressed, .streamed, .reconnecting, .cancelled:
            break
        }
    }

    /// The request of an attempt ended, with `timings`.
    private mutating func noteRequestEnded(timings: RequestTimings?) {
        guard let total = timings?.total else { return }
        recentTotals.append(total)
        if recentTotals.count > Self.trendLength { recentTotals.removeFirst(recentTotals.count - Self.trendLength) }
    }
}
