/// Refreshing and paging a list, as a pure value: YLRefreshKit's refresh state machine.
///
/// As in YLStateMachine, no action is taken while a transition (refreshing, paging) runs: a
/// second refresh is refused, as `.refreshable` refuses one. A refresh replaces the items,
/// a page appends to them, a failure keeps them beside the error, and `loadMore` is refused
/// once the list is `populated` (no next page).
public struct RefreshMachine<Item> {
    public enum State: Equatable, Sendable {
        case initial
        case refreshing
        /// Loaded, with more pages to come.
        case paginated
        case paging
        /// Loaded, with no more pages.
        case populated
        case error(LoadError)

        /// Refreshing and paging are transitions: no action starts during one.
        public var isTransitional: Bool { self == .refreshing || self == .paging }
    }

    public enum Action: Equatable, Sendable {
        case refresh
        case loadMore
    }

    public enum Event {
        case trigger(Action)
        /// A page arrived; `nextPage` is where the following one lives, nil at the end.
        case pageLoaded([Item], nextPage: String?)
        case pageFailed(LoadError)
        /// The transition in flight was called off (Ctrl-C): back to where it began, items kept.
        /// YLRefreshKit has no cancel; a terminal needs one.
        case cancelled
    }

    public enum Effect: Equatable, Sendable {
        /// Load the first page.
        case fetchFirstPage
        /// Load the page after the current one, at `next` when the last page said where.
        case fetchNextPage(next: String?)
        /// The state changed.
        case publish(from: State, to: State)
    }

    public private(set) var state: State = .initial
    public private(set) var items: [Item] = []
    public private(set) var nextPage: String?
    /// Where the transition in flight began, for `cancelled`.
    private var settled: State = .initial

    public init() {}

    /// Whether `action` would be taken now.
    public func accepts(_ action: Action) -> Bool {
        guard !state.isTransitional else { return false }
        return action == .refresh || state != .populated
    }

    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .trigger(let action):
            guard accepts(action) else { return [] }
            switch action {
            case .refresh: return transition(to: .refreshing) + [.fetchFirstPage]
            case .loadMore: return transition(to: .paging) + [.fetchNextPage(next: nextPage)]
            }
        case .pageLoaded(let page, let next):
            switch state {
            case .refreshing: items = page
            case .paging: items += page
            default: return []
            }
            nextPage = next
            return transition(to: next == nil ? .populated : .paginated)
        case .pageFailed(let error):
            guard state.isTransitional else { return [] }
            return transition(to: .error(error))
        case .cancelled:
            guard state.isTransitional else { return [] }
            return transition(to: settled)
        }
    }

    private mutating func transition(to next: State) -> [Effect] {
        let previous = state
        if !previous.isTransitional { settled = previous }
        state = next
        return [.publish(from: previous, to: next)]
    }
}
