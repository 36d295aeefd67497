/// The rules for one source's loads, as a pure value: events in, actions out, no I/O.
///
/// - A load while one is in flight is refused, as `.refreshable` refuses a second refresh.
/// - A failure keeps the last good content beside the error, and a transient one schedules a
///   retry as the `RetryPolicy` decides.
/// - A cancel, in flight or during a backoff wait, returns the source to where it stood before
///   the load: idle after a first load (as `RemoteContent.cancel()` does), or its previous
///   content and error otherwise.
public struct LoadMachine<Value> {
    public enum Event {
        /// Load unless content is already here or a load is in flight.
        case load
        /// Load again even when content is here, unless a load is in flight.
        case reload
        /// Try a failed source now, with the backoff reset.
        case retry
        /// The scheduled retry's time has come.
        case retryDue
        case progress(LoadProgress)
        /// A live stream brought items: `progress` counts them, and `content` (nil: as before)
        /// is what they make so far.
        case streamed(LoadProgress, content: Value?)
        /// A live stream's connection ended and is opened again: the load goes on, as it stands.
        case reconnecting
        case succeeded(Value)
        /// The server answered 304: the content has not changed since the last load.
        case notModified
        /// An attempt failed, `elapsed` after the load's first attempt began; `now` (seconds
        /// since the epoch) dates a Retry-After. `copy`, content kept by an earlier run, stands
        /// beside the error when there is no content of this run's; `withdrawsCopy` takes such
        /// a copy, shown since an earlier attempt, off again (the server has now answered, 4xx).
        case failed(LoadError, elapsed: Duration, now: Int, copy: Value? = nil, withdrawsCopy: Bool = false)
        case cancel
    }

    public enum Action {
        /// Start a request; report its outcome as `.progress`, `.succeeded` or `.failed`.
        case startRequest(attempt: Int)
        /// Cancel the request in flight; it will still report `.failed(.cancelled)`.
        case cancelRequest
        /// Send `.retryDue` after `delay`.
        case scheduleRetry(after: Duration)
        /// Forget the scheduled retry.
        case cancelRetry
        /// The state changed; `cause` says why.
        case publish(from: LoadingState<Value>, to: LoadingState<Value>, cause: Cause)
    }

    /// Why a state changed.
    public enum Cause: Equatable, Sendable {
        /// `streamed`: a live stream's content grew (see `Event.streamed`); `reconnecting`: its
        /// connection ended and is opened again (see `Event.reconnecting`).
        case started, progressed, streamed, reconnecting, succeeded, notModified, failed, retryScheduled, cancelled
    }

    // `handle` and what it touches are inlinable so that the loader's module specialises them
    // for its content type: unspecialised, each event built generic metadata and went through
    // witness tables (callgrind: a third of the source machine's cost of a 1,000-URL run).
    @inlinable
    public var state: LoadingState<Value> { _state }
    /// `state.isLoading`, asked of the stored state in place: through `state`, each question
    /// copied the state (its content and error retained and released) to answer.
    @inlinable
    public var isLoading: Bool { _state.isLoading }
    /// `state.isBusy`, asked in place (see `isLoading`).
    @inlinable
    public var isBusy: Bool { _state.isBusy }
    @usableFromInline var _state: LoadingState<Value> = .idle
    public let policy: RetryPolicy
    /// The state to return to when the load is cancelled.
    @usableFromInline var beforeLoad: LoadingState<Value> = .idle
    @usableFromInline var attempt = 0
    @usableFromInline var random: any RandomNumberGenerator

    public init(policy: RetryPolicy = .never, random: some RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.policy = policy
        self.random = random
    }

    @inlinable
    public mutating func handle(_ event: Event) -> [Action] {
        switch (event, state) {
        case (.load, .loading), (.reload, .loading), (.retry, .loading), (.load, .loaded):
            return []
        case (.load, _), (.reload, _):
            return start(fresh: true)
        case (.retry, .failed):
            return start(fresh: true)
        case (.retryDue, .failed(_, _, let retry?)):
            attempt = retry.attempt - 1
            return start(fresh: false)

        case (.progress(let progress), .loading(_, let lastGood)):
            return transition(to: .loading(progress, lastGood: lastGood), .progressed)

        case (.streamed(let progress, let content), .loading(_, let lastGood)):
            return transition(to: .loading(progress, lastGood: content ?? lastGood), .streamed)

        case (.reconnecting, .loading):
            return transition(to: state, .reconnecting)

        case (.succeeded(let value), .loading):
            return transition(to: .loaded(value), .succeeded)

        case (.notModified, .loading(_, let lastGood?)):
            return transition(to: .loaded(lastGood), .notModified)
        case (.notModified, .loading(_, nil)):
            let error = LoadError(.unsupported, "the server answered 304 Not Modified with no earlier content to keep",
                                  suggestion: "the server's cache validation is broken; try again")
            return transition(to: .failed(error, lastGood: nil, retry: nil), .failed)

        case (.failed(let error, let elapsed, let now, let copy, let withdrawsCopy), .loading(_, let lastGood)):
            let lastGood = withdrawsCopy ? nil : lastGood ?? copy
            if error.code == .cancelled {
                return transition(to: beforeLoad, .cancelled)
            }
            switch policy.decide(after: error, attempt: attempt, elapsed: elapsed, now: now, random: &random) {
            case .retry(let delay, let clamped):
                let dueAt = now + Int(delay.components.seconds) + (delay.components.attoseconds > 0 ? 1 : 0)
                let retry = PendingRetry(attempt: attempt + 1, maxAttempts: policy.maxAttempts, delay: delay, dueAt: dueAt,
                                         clampedRetryAfter: clamped)
                return transition(to: .failed(error, lastGood: lastGood, retry: retry), .retryScheduled) + [.scheduleRetry(after: delay)]
            case .giveUp(let reason):
                var error = error
                if let reason { error.description += " (\(reason))" }
                return transition(to: .failed(error, lastGood: lastGood, retry: nil), .failed)
            }

        case (.cancel, .loading):
            return [.cancelRequest]
        case (.cancel, .failed(_, _, .some)):
            return [.cancelRetry] + transition(to: beforeLoad, .cancelled)

        case (.retry, _), (.retryDue, _), (.progress, _), (.streamed, _), (.reconnecting, _), (.succeeded, _), (.notModified, _), (.failed, _), (.cancel, _):
            // Late reports from a request that already ended, a retry with nothing failed and a
            // cancel with nothing under way change nothing.
            return []
        }
    }

    /// Starts an attempt: the first of a new load when `fresh` (the backoff starts over), else
    /// the next retry.
    @inlinable
    mutating func start(fresh: Bool) -> [Action] {
        var actions: [Action] = []
        if state.pendingRetry != nil { actions.append(.cancelRetry) }
        if fresh {
            if !state.isBusy { beforeLoad = state }
            attempt = 0
        }
        attempt += 1
        return actions + [.startRequest(attempt: attempt)] + transition(to: .loading(LoadProgress(), lastGood: state.content), .started)
    }

    @inlinable
    mutating func transition(to next: LoadingState<Value>, _ cause: Cause) -> [Action] {
        let previous = _state
        _state = next
        return [.publish(from: previous, to: next, cause: cause)]
    }
}
