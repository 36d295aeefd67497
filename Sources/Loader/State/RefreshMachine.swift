/// Refreshing and paging a list, as a pure value: YLRefreshKit's refresh state machine.
///
/// As in YLStateMachine, no action is taken while a transition (refreshing, paging) runs: a
/// second refresh is refused, as `.refreshable` refuses one. A refresh replaces the items,
/// a page appends to them, a failure keeps them, and `loadMore` is refused once the list is
/// `populated` (no next page).
///
/// `trigger` answers what to fetch; the outcomes that follow (`handle`) only move the state.
/// What failed is the loading state's to keep (`LoadingState.failed`): here, only that it did.
public struct RefreshMachine<Item> {
    public enum State: Equatable, Sendable {
        case initial
        case refreshing
        /// Loaded, with more pages to come.
        case paginated
        case paging
        /// Loaded, with no more pages.
        case populated
        /// The last refresh or page failed; the error stands in the loading state.
        case failed

        /// Refreshing and paging are transitions: no action starts during one.
        public var isTransitional: Bool { self == .refreshing || self == .paging }
    }

    public enum Action: Equatable, Sendable {
        case refresh
        case loadMore
    }

    /// How the transition in flight ended.
    public enum Event {
        /// A page arrived; `nextPage` is where the following one lives, nil at the end.
        case pageLoaded([Item], nextPage: String?)
        case pageFailed
        /// The transition in flight was called off (Ctrl-C): back to where it began, items kept.
        /// YLRefreshKit has no cancel; a terminal needs one.
        case cancelled
    }

    /// What to fetch for a trigger.
    public enum Effect: Equatable, Sendable {
        /// Load the first page.
        case fetchFirstPage
        /// Load the page after the current one, at `next` when the last page said where.
        case fetchNextPage(next: String?)
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

    /// Starts `action`, and says what to fetch for it; nil, changing nothing, when it is
    /// refused now.
    public mutating func trigger(_ action: Action) -> Effect? {
        guard accepts(action) else { return nil }
        switch action {
        case .refresh:
            transition(to: .refreshing)
            return .fetchFirstPage
        case .loadMore:
            transition(to: .paging)
            return .fetchNextPage(next: nextPage)
        }
    }

    /// Ends the transition in flight as `event` says; a late outcome, with none in flight,
    /// changes nothing.
    public mutating func handle(_ event: Event) {
        guard state.isTransitional else { return }
        switch event {
        case .pageLoaded(let page, let next):
            if state == .refreshing { items = page } else { items += page }
            nextPage = next
            transition(to: next == nil ? .populated : .paginated)
        case .pageFailed:
            transition(to: .failed)
        case .cancelled:
            transition(to: settled)
        }
    }

    private mutating func transition(to next: State) {
        if !state.isTransitional { settled = state }
        state = next
    }
}
