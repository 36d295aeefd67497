package import LoadCore

/// What the screen needs to know about one source, as of a change.
package struct SourceFacts {
    /// Its name, made safe for a terminal line.
    package var name: String
    package var state: LoadingState<AnyContent>
    /// Whether the page that arrived is followed by another the loader asks for next.
    package var continuesChain: Bool
    /// Whether `>` would load another page.
    package var canLoadMore: Bool
    /// Whether the load that just came to rest changed what the server sent, as the session's
    /// verdict says; nil when there is no verdict (a detail, another change). The view says a
    /// change it cannot show.
    package var changed: Bool?

    package init(name: String, state: LoadingState<AnyContent>, continuesChain: Bool = false, canLoadMore: Bool = false, changed: Bool? = nil) {
        self.name = name
        self.state = state
        self.continuesChain = continuesChain
        self.canLoadMore = canLoadMore
        self.changed = changed
    }

    /// Nothing in flight, no retry waiting, and no next page about to be asked for.
    package var isSettled: Bool { !state.isBusy && !continuesChain }
}
