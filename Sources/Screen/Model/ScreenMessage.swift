package import LoadCore

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
    /// wall clock, for the version it may bring; `now` on the loop's clock, for a note.
    case sourceChanged(Int, SourceFacts, cause: LoadMachine<AnyContent>.Cause, bytes: Int, at: WallTime, now: ContinuousClock.Instant)
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
    case showRecord(Int, fields: [String: String], note: String, at: ContinuousClock.Instant)
    /// Source `index`'s versions from earlier runs, oldest first, each timed with its date,
    /// as `ScreenCommand.loadEarlierVersions` asked.
    case earlierVersions(Int, [(version: AnyContent, bytes: Int, time: WallTime)], at: ContinuousClock.Instant)
    /// What a render the model asked for (`ScreenCommand.render`) gave. A render a signal cut
    /// short is not given: the model goes on waiting for it.
    case rendered(RenderResult)
    /// The keys of the items of source `index`'s list that are marked read, as the history
    /// keeps them; a source never told has no read state (no history).
    case readState(Int, Set<String>)
    /// The jq filters typed in the view on source `index` in earlier runs, the newest first.
    case filterHistory(Int, [String])
    /// What the filter run `serial` (`ScreenCommand.runFilter`) gave: its results as one
    /// value (several as an array), or jq's words for why it gave none.
    case filtered(serial: Int, Result<JSON, FilterFailure>)
    /// A slice more of the search being typed, as `ScreenCommand.continueSearch` asked.
    case searchGoesOn
}
