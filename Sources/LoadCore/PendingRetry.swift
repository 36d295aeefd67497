/// A retry the loader has scheduled after a failure.
public struct PendingRetry: Sendable, Equatable {
    /// The number of the attempt that will run, from 2.
    public var attempt: Int
    public var maxAttempts: Int
    /// How long after the failure it will run.
    public var delay: Duration
    /// When it will run, in whole seconds since the Unix epoch, for showing a time of day.
    public var dueAt: Int
    /// Whether a server's Retry-After was cut to the 6 h ceiling.
    public var clampedRetryAfter: Bool

    public init(attempt: Int, maxAttempts: Int, delay: Duration, dueAt: Int, clampedRetryAfter: Bool = false) {
        self.attempt = attempt
        self.maxAttempts = maxAttempts
        self.delay = delay
        self.dueAt = dueAt
        self.clampedRetryAfter = clampedRetryAfter
    }
}
