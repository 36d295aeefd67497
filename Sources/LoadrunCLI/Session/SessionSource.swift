import Loader
import Plugins
import TerminalText
import Screen

/// One source in a load session: its loader (which keeps what its loads came to), its place in
/// a watch's schedule, and what its status line and error banner say about it.
final class SessionSource {
    let loader: SourceLoader
    /// Time from one reload's start to the next, in a watch.
    let interval: Duration
    /// The source's place in the session, in the order given.
    let index: Int
    /// The content notes already said (see `LoadSession.noteContent`).
    var saidNotes: Set<String> = []
    /// Whether the page that just arrived is followed by another that the loader asks for
    /// next: what is here is then not yet worth showing.
    var continuesChain: Bool { loader.continuesChain }

    /// Its name, made safe for a terminal line.
    let name: String
    /// The URL of its first page, credentials masked, for what it is shown in.
    private(set) lazy var maskedURL = URLCredentials.masked(loader.firstPageURL)

    init(loader: SourceLoader, index: Int, interval: Duration) {
        self.loader = loader
        self.index = index
        self.interval = interval
        name = UntrustedText.forTerminalLine(loader.source.name)
    }

    /// Whether this is a detail (or a related list) opened from an item, not one of the run's
    /// sources: it has no place in the run's order, and its index is -1.
    var isDetail: Bool { index < 0 }
    /// The run's source whose settings it loads with: itself, or the list a detail came from.
    lazy var requestIndex = max(index, 0)

    /// Whether the source's load has come to rest: nothing in flight, no retry waiting, and no
    /// next page about to be asked for.
    var isSettled: Bool { !loader.state.isBusy && !continuesChain }

    /// `failed 12:03:04 — HTTP 503 …; showing data from 12:02:34; next reload in 2 s`, from a
    /// failure until the next success, whole, for a log line.
    func banner(now: ContinuousClock.Instant, nextReload: ContinuousClock.Instant?) -> String? {
        status(now: now, nextReload: nextReload).banner(width: .max)
    }


    /// What the status line and the banner say, gathered from the loader's state as of `now`.
    /// `nextReload`: when a watch's interval reloads the source; without one (a browse without
    /// `--watch`, a detail), there is no `next in`, and the banner says how to retry by hand
    /// instead of when the next reload comes.
    func status(now: ContinuousClock.Instant, nextReload: ContinuousClock.Instant?) -> SourceStatus {
        let state = loader.state
        let phase: SourceStatus.Phase = switch state {
        case .idle: .idle
        case .loading(let progress, _) where progress.items != nil:
            .streaming(lastItem: progress.lastItem.map { Self.ago(now - $0) } ?? "just now")
        case .loading(let progress, _):
            .loading(page: loader.refreshState == .paging ? loader.pagesLoaded + 1 : nil, receivedBytes: progress.receivedBytes,
                     elapsed: now - loader.requestStarted >= .seconds(1) ? LoadError.format(.seconds((now - loader.requestStarted).components.seconds)) : nil)
        // Whether it came back unchanged is the screen's to say: it knows what it shows.
        case .loaded: .loaded(unchanged: false)
        case .failed: .failed
        }
        let wait: SourceStatus.Wait
        if let retry = state.pendingRetry {
            wait = .retry(in: Self.countdown(Duration.seconds(retry.dueAt - ClockTime.now())))
        } else if state.isLoading {
            wait = .loadingNow
        } else {
            wait = nextReload.map { .nextReload(in: countdown(to: $0, now: now)) } ?? .manual
        }
        let record = loader.record
        var status = SourceStatus(name: name, phase: phase, wait: wait, lastSuccess: record.lastSuccess.map(ClockTime.reading))
        status.attempt = state.pendingRetry?.attempt ?? record.attempt
        status.maxAttempts = state.pendingRetry?.maxAttempts ?? loader.maxAttempts
        if let count = state.content?.itemCount {
            status.items = .init(count: count, pages: loader.pagesLoaded, more: loader.refreshState == .paginated)
        }
        if let lastFailure = record.standingFailure {
            // What failed, without the advice: the banner has one line, and the retry is its advice.
            status.failure = .init(reason: UntrustedText.forTerminalLine(lastFailure.error.description), at: ClockTime.reading(lastFailure.at))
        }
        status.showsData = state.content != nil
        status.recentTotals = record.recentTotals
        if state.content != nil, let at = record.standingFailure?.error.copyVerifiedAt { status.storedCopyAge = StoredCopy.age(since: at) }
        return status
    }

    /// The time to the next reload: in milliseconds for sub-second intervals, else as `countdown`.
    private func countdown(to instant: ContinuousClock.Instant, now: ContinuousClock.Instant) -> String {
        interval < .seconds(1) ? "\(max(0, (instant - now).wholeMilliseconds)) ms" : Self.countdown(instant - now)
    }

    /// A time since, as the status line says it: `just now` within a second, else in whole
    /// seconds (or minutes and hours), rounded down.
    static func ago(_ since: Duration) -> String {
        let seconds = since.components.seconds
        return seconds < 1 ? "just now" : LoadError.format(.seconds(seconds)) + " ago"
    }

    /// A time left, as a countdown that moves once a second shows it: whole seconds, rounded
    /// up; under a second, the milliseconds, so that a wait of 80 ms is not shown as 1 s.
    static func countdown(_ left: Duration) -> String {
        let milliseconds = left.wholeMilliseconds
        if milliseconds < 1000 { return "\(max(0, milliseconds)) ms" }
        return LoadError.format(.seconds((milliseconds + 999) / 1000))
    }
}
