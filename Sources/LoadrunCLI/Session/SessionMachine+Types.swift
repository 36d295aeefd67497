import Loader

/// What goes into the session machine and what comes out.
extension SessionMachine {
    /// A source of the run, by index, or a source of a detail: its page and its place there
    /// (0 the detail itself, then its related lists).
    enum SourceID: Hashable {
        case source(Int)
        case detail(page: Int, slot: Int)
    }

    /// What the machine needs to know of a source's state, taken from each of its changes.
    struct Phase: Equatable {
        var isLoading = false
        var isBusy = false
        var hasFailed = false
        var hasPendingRetry = false
        /// The page that arrived is followed by another the loader asks for next.
        var continuesChain = false
        /// A refresh or page is between its trigger and its end, retries included.
        var isTransitional = false
        /// Another page is there to load (`n`).
        var hasNextPage = false
        /// Content has loaded, and no failure stands.
        var isLoaded = false
        /// Content is here, beside a failure or a load in flight too.
        var hasContent = false
        /// Its fetches wait behind others to the same host (a prefetch).
        var isLowPriority = false
        /// Loading, and its request still waits for a connection slot: not sent yet.
        var waitsForSlot = false

        /// Nothing in flight, no retry waiting, and no next page about to be asked for.
        var isSettled: Bool { !isBusy && !continuesChain }
    }

    enum Event {
        /// The run starts: every source loads.
        case start
        /// A source has nowhere to load from (the embedded sample source could not start):
        /// the run cannot start.
        case unstartable
        /// A source changed state, by `cause`, to `phase`; `load`: the content it came to, for a
        /// verdict, when the change brought content (nil where no verdict is wanted).
        case changed(SourceID, LoadMachine<AnyContent>.Cause, Phase, LoadVerdicts.Load?)
        /// The change before has been shown. `signalPending`: a signal's handler is yet to run
        /// (the render stopped for it), so the loop must not end before it does.
        case changeShown(signalPending: Bool)
        /// SIGINT, SIGTERM or SIGHUP, by its number.
        case signal(Int32, at: ContinuousClock.Instant)
        /// SIGUSR1: load again now.
        case reloadSignal
        /// SIGUSR2: retry what failed, now.
        case retrySignal
        /// A watch's interval came round for source `index`.
        case reloadDue(Int)
        /// The reader of stdout went away, or stdout failed.
        case outputEnded(SessionEnding)
        /// What a presenter asks.
        case quit
        case reload(SourceID)
        case loadMore(Int)
        /// `p`: pause a watch's reloads, or resume them, each interval starting again.
        case togglePause
        /// Open the detail on page `page`, whose sources stand as `sources` (the detail itself,
        /// then its related lists); `revisits`: the user went back to it (Esc along the trail),
        /// and what it has shows as it was kept, not asked for again, as lynx goes back.
        case openDetail(page: Int, sources: [Phase], revisits: Bool = false)
        /// Back to the list from the detail open.
        case closeDetail
        /// The selection rests on an item whose detail is on page `page`: its own source stands
        /// as `main`; `isNew` when the page was just made for it.
        case prefetch(page: Int, main: Phase, isNew: Bool)
        /// The selection moved on from the item a prefetch was for.
        case cancelPrefetch
        /// The detail on page `page` was let go, loaders and all: nothing of it will report again.
        case detailDropped(page: Int)
        /// `--until-timeout` passed.
        case waitTimedOut
        /// An item of source `index`'s live stream came (see `SessionMachine+Items`), with
        /// the wait's program's judgment of it where the condition is one (`--until`).
        case itemArrived(Int, count: Int, judgment: WaitJudge.Judgment?)
    }

    /// What the session should say, in words it chooses.
    enum Note: Equatable {
        case reloadSkipped
        case nextPageSkipped
        /// No next page: why, from the loader's paging stop.
        case noMorePages
        case retryingNow
        /// A live stream's connection ended and is opened again (the change says how).
        case reconnecting
        /// The source met the wait's condition: it loads no more (the full-screen view, which
        /// stays until it is left).
        case waitMet
    }

    enum Action: Equatable {
        /// Load every source as its request says.
        case loadAll
        /// Load a detail's source, unless content is here.
        case load(SourceID)
        /// Fetch at low priority (a prefetch) or at normal priority from now on.
        case setLowPriority(SourceID, Bool)
        /// Cancel what of the detail on page `page` is in flight.
        case cancelDetail(page: Int)
        /// Show the detail on page `page` to the user, with what could not be made of it.
        case showDetail(page: Int)
        case reload(SourceID)
        case retry(SourceID)
        case loadMore(Int)
        case cancel(SourceID)
        /// Cancel everything in flight, details included: the run is ending.
        case cancelAll
        /// Source `index` reloads next one interval from now.
        case scheduleReload(Int)
        case note(Note, about: SourceID)
        /// Say what a source's content wants said (paging stops, notes of its plugin).
        case sayContentNotes(Int)
        /// Let the presenter show the change, with the verdict on it when it is a settled load.
        case show(SourceID, LoadMachine<AnyContent>.Cause, LoadVerdict?)
        /// Record source `index`'s load in the history: a new version, or the last seen again.
        case recordVersion(Int, LoadVerdict.HistoryStep)
        /// Run `--on-change`'s command for source `index`'s change.
        case runChangeCommand(Int)
        /// Run `--on-change`'s command for the item of source `index`'s stream that came.
        case runItemCommand(Int)
        /// End source `index`'s stream in flight there (its item met the wait).
        case endStream(Int, StreamEnding)
        /// Let the presenter show the verdict on the item of source `index`'s stream that
        /// came, the `count`th of its load: new content, and whether it met the wait (nil
        /// where the run does not wait).
        case showItem(Int, count: Int, conditionMet: Bool?)
        /// Let the presenter draw what changed without a load (a pause, a cancel).
        case refresh
        /// Say why each of these sources has not met the wait's condition: its timeout passed.
        case sayUnmetWait([Int])
        /// The interrupt was only a cancel: the watchdog that would end the process stands down.
        case disarmLastResort
        /// The run is ending: no render need stop for a signal on its way, and the loop need
        /// not wait for that signal's handler.
        case lowerInterruptProbe
        case quitLoop
        /// A second signal while ending: put the terminal back and leave now, ended by this
        /// signal.
        case leaveNow(signal: Int32)
    }
}
