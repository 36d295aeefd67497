package import Loader

/// Everything that reaches the full-screen view, taken alike by `ScreenModel.update`: keys, a
/// resize, the clock, what the session's sources and details do, and the timer the model
/// asked for.
package enum ScreenMessage {
    /// A key typed on the terminal, and when.
    case key(Key, at: ContinuousClock.Instant)
    /// The terminal's size now: `rows` nil when the terminal does not say.
    case resized(rows: Int?, columns: Int)
    /// The clock moved on: a notice whose time is up goes.
    case tick(ContinuousClock.Instant)
    /// Source `index` changed state, by `cause`; `bytes` came in with it. `at` is when, on the
    /// wall clock, for the version it may bring.
    case sourceChanged(Int, SourceFacts, cause: LoadMachine<AnyContent>.Cause, bytes: Int, at: WallTime)
    /// Something the user should know about the source named `name`.
    case note(String, about: String, at: ContinuousClock.Instant)
    /// A line said on stderr while the screen is up, made safe for it: part of `-v`'s trace,
    /// or a message (a warning), which the footer shows too.
    case logged(String, isTrace: Bool, at: ContinuousClock.Instant)
    /// The session opened a detail for the user, as it stands now.
    case detailOpened(DetailFacts)
    /// Source `slot` of the open detail (0 the detail itself, then its related lists) changed
    /// state by `cause`.
    case detailChanged(DetailFacts, cause: LoadMachine<AnyContent>.Cause, slot: Int, at: ContinuousClock.Instant)
    /// What the status lines say now, for the sources `ScreenModel.statusIndices` names.
    case statuses(StatusBoard)
    /// The prefetch timer the model asked for with `ScreenCommand.startPrefetchTimer` is up.
    case prefetchTimerFired
    /// The item with `fields` of source `index`'s list, which Enter asked to open, has no
    /// detail (`note` says why): it is shown whole instead.
    case showRecord(Int, fields: [String: String], note: String)
}

/// What the screen needs to know about one source, as of a change.
package struct SourceFacts {
    /// Its name, made safe for a terminal line.
    package var name: String
    package var state: LoadingState<AnyContent>
    /// Whether the page that arrived is followed by another the loader asks for next.
    package var continuesChain: Bool
    /// Whether `>` would load another page.
    package var canLoadMore: Bool

    package init(name: String, state: LoadingState<AnyContent>, continuesChain: Bool = false, canLoadMore: Bool = false) {
        self.name = name
        self.state = state
        self.continuesChain = continuesChain
        self.canLoadMore = canLoadMore
    }

    /// Nothing in flight, no retry waiting, and no next page about to be asked for.
    package var isSettled: Bool { !state.isBusy && !continuesChain }
}

/// An item's detail as the screen shows it: its main source, then its related lists.
package struct DetailFacts {
    /// Which detail this is, so that a change to another one (a prefetch) is told apart.
    package var id: Int
    /// The run's source the detail was opened from.
    package var parent: Int
    package var main: SourceFacts
    package var related: [SourceFacts]

    package init(id: Int, parent: Int, main: SourceFacts, related: [SourceFacts] = []) {
        self.id = id
        self.parent = parent
        self.main = main
        self.related = related
    }

    /// How many status lines it takes: one per source.
    package var sourceCount: Int { 1 + related.count }
}

/// The status lines of the sources the screen shows, as of one frame.
package struct StatusBoard {
    /// By source index: the statuses the model asked for (`ScreenModel.statusIndices`).
    package var sources: [Int: SourceStatus]
    /// The state's name of every source (`loaded`, `failed`…), for the tally of hidden ones.
    package var stateNames: [String]
    /// The open detail's sources, main first.
    package var detail: [SourceStatus]
    /// Whether a watch's reloads are paused.
    package var isPaused: Bool

    package init(sources: [Int: SourceStatus] = [:], stateNames: [String] = [], detail: [SourceStatus] = [], isPaused: Bool = false) {
        self.sources = sources
        self.stateNames = stateNames
        self.detail = detail
        self.isPaused = isPaused
    }
}
