/// Where one source stands, the terminal's `LoadingState` from SwiftUI's `AsyncContentView`.
public enum LoadingState<Value> {
    /// Nothing loaded yet, or a first load was cancelled.
    case idle
    /// A load is in flight. `lastGood` is the content it will replace, still worth showing.
    case loading(LoadProgress, lastGood: Value?)
    /// The latest load succeeded.
    case loaded(Value)
    /// The latest load failed; `lastGood` is the content from before it, kept beside the error.
    case failed(LoadError, lastGood: Value?)

    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The newest good content, whatever the state.
    public var content: Value? {
        switch self {
        case .idle: nil
        case .loading(_, let lastGood), .failed(_, let lastGood): lastGood
        case .loaded(let value): value
        }
    }

    /// The state's name, as status lines and logs show it.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded: "loaded"
        case .failed: "failed"
        }
    }
}

extension LoadingState: Sendable where Value: Sendable {}
