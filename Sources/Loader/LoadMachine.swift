/// The rules for one source's loads, as a pure value: events in, actions out, no I/O.
///
/// - A load while one is in flight is refused, as `.refreshable` refuses a second refresh.
/// - A failure keeps the last good content beside the error.
/// - A cancel returns the source to where it stood before the load: idle after a first
///   load (as `RemoteContent.cancel()` does), or its previous content and error otherwise.
public struct LoadMachine<Value> {
    public enum Event {
        case load
        case progress(LoadProgress)
        case succeeded(Value)
        case failed(LoadError)
        case cancel
    }

    public enum Action {
        /// Start a request; report its outcome as `.progress`, `.succeeded` or `.failed`.
        case startRequest
        /// Cancel the request in flight; it will still report `.failed(.cancelled)`.
        case cancelRequest
        /// The state changed; `cause` says why.
        case publish(from: LoadingState<Value>, to: LoadingState<Value>, cause: Cause)
    }

    /// Why a state changed.
    public enum Cause: Equatable, Sendable {
        case started, progressed, succeeded, failed, cancelled
    }

    public private(set) var state: LoadingState<Value> = .idle
    /// The state to return to when the load in flight is cancelled.
    private var beforeLoad: LoadingState<Value> = .idle

    public init() {}

    public mutating func handle(_ event: Event) -> [Action] {
        switch (event, state) {
        case (.load, .loading):
            return []
        case (.load, _):
            beforeLoad = state
            return [.startRequest] + transition(to: .loading(LoadProgress(), lastGood: state.content), .started)

        case (.progress(let progress), .loading(_, let lastGood)):
            return transition(to: .loading(progress, lastGood: lastGood), .progressed)

        case (.succeeded(let value), .loading):
            return transition(to: .loaded(value), .succeeded)

        case (.failed(let error), .loading(_, let lastGood)):
            if error.code == .cancelled {
                return transition(to: beforeLoad, .cancelled)
            }
            return transition(to: .failed(error, lastGood: lastGood), .failed)

        case (.cancel, .loading):
            return [.cancelRequest]

        case (.progress, _), (.succeeded, _), (.failed, _), (.cancel, _):
            // Late reports from a request that already ended, and cancels with nothing in
            // flight, change nothing.
            return []
        }
    }

    private mutating func transition(to next: LoadingState<Value>, _ cause: Cause) -> [Action] {
        let previous = state
        state = next
        return [.publish(from: previous, to: next, cause: cause)]
    }
}
