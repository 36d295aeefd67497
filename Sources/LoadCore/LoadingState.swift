/// Where one source stands, the terminal's `LoadingState` from SwiftUI's `AsyncContentView`.
public enum LoadingState<Value> {
    /// Nothing loaded yet, or a first load was cancelled.
    case idle
    /// A load is in flight. `lastGood` is the content it will replace, still worth showing; for
    /// a live stream (`progress.items` set: `streaming`), the items it brought so far.
    case loading(LoadProgress, lastGood: Value?)
    /// The latest load succeeded.
    case loaded(Value)
    /// The latest attempt failed; `lastGood` is the content from before, kept beside the error,
    /// and `retry` the next attempt when one is scheduled.
    ///
    /// Boxed: an error and the content beside it made every state as large as this one
    /// (362 bytes), copied whole at each transition and held twice by every source.
    indirect case failed(LoadError, lastGood: Value?, retry: PendingRetry?)

    // The accessors below are inlinable: the loader asks them on every event, and called
    // across the module boundary each one copied the whole state (its content and error
    // retained and released) to answer a yes or no.
    @inlinable
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The retry scheduled after a failure, if any.
    @inlinable
    public var pendingRetry: PendingRetry? {
        if case .failed(_, _, let retry) = self { return retry }
        return nil
    }

    /// The latest load failed, whether or not a retry is scheduled.
    @inlinable
    public var hasFailed: Bool {
        if case .failed = self { return true }
        return false
    }

    /// Why the latest attempt failed, when it did.
    @inlinable
    public var error: LoadError? {
        if case .failed(let error, _, _) = self { return error }
        return nil
    }

    /// Loading, or waiting to try again: the source has not settled.
    @inlinable
    public var isBusy: Bool {
        switch self {
        case .loading, .failed(_, _, .some): true
        case .idle, .loaded, .failed(_, _, .none): false
        }
    }

    /// The newest good content, whatever the state.
    @inlinable
    public var content: Value? {
        switch self {
        case .idle: nil
        case .loading(_, let lastGood), .failed(_, let lastGood, _): lastGood
        case .loaded(let value): value
        }
    }

    /// The state's name, as status lines and logs show it.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .loading(let progress, _): progress.items == nil ? "loading" : "streaming"
        case .loaded: "loaded"
        case .failed: "failed"
        }
    }
}

extension LoadingState: Sendable where Value: Sendable {}
