import Loader
import Plugins

/// One source in a load session: its loader, what the session knows of its loads (pages
/// wanted, last success, failures since), its place in a watch's schedule, and what its status
/// line and error banner say about it.
final class SessionSource {
    let loader: SourceLoader
    /// Time from one reload's start to the next, in a watch.
    let interval: Duration
    /// The source's place in the session, in the order given.
    let index: Int
    /// When it reloads next, on the monotonic clock.
    var nextReload: ContinuousClock.Instant
    /// When the last load succeeded (or came back 304), in wall-clock seconds.
    var lastSuccess: Int?
    /// The latest failure and when it happened (wall-clock seconds), until a load succeeds: the
    /// banner stays up through the retries, so it does not blink off while one is in flight.
    var lastFailure: (error: LoadError, at: Int)?
    /// Failed attempts since the last success: a watch on a pipe says when it recovers.
    var failuresSinceSuccess = 0
    /// The failed attempts that came before the latest success.
    var failuresBeforeSuccess = 0
    /// Whether the latest load came back unchanged (304, or content identical to what is shown).
    var unchanged = false
    /// The content on screen or last printed, and its rendering, to tell what changed.
    var shown: (content: AnyContent, text: String)?
    /// The content notes already said (see `LoadSession.noteContent`).
    var saidNotes: Set<String> = []
    /// Whether the page that just arrived is followed by another that the loader asks for
    /// next: what is here is then not yet worth showing.
    var continuesChain = false
    /// Whether it reloads on a watch's interval: false in a browse without `--watch`, and for
    /// a detail, which loads when opened.
    var reloadsOnInterval = true

    init(loader: SourceLoader, index: Int, interval: Duration) {
        self.loader = loader
        self.index = index
        self.interval = interval
        nextReload = .now + interval
    }

    var name: String { UntrustedText.forTerminalLine(loader.source.name) }

    /// Whether this is a detail (or a related list) opened from an item, not one of the run's
    /// sources: it has no place in the run's order, and its index is -1.
    var isDetail: Bool { index < 0 }
    /// The run's source whose settings it loads with: itself, or the list a detail came from.
    lazy var requestIndex = max(index, 0)

    /// Whether the source's load has come to rest: nothing in flight, no retry waiting, and no
    /// next page about to be asked for.
    var isSettled: Bool { !loader.state.isBusy && !continuesChain }

    /// `posts · loaded · last success 12:02:34 · next in 2 s · attempt 1/3 · 12 items`.
    func statusLine(now: ContinuousClock.Instant) -> String {
        let state = loader.state
        var parts = [name]
        switch state {
        case .idle: parts.append("idle")
        case .loading(let progress, _):
            parts.append(loader.refreshState == .paging ? "loading page \(loader.pagesLoaded + 1)" : "loading")
            if progress.receivedBytes > 0 { parts[parts.count - 1] += " " + ByteCount.format(progress.receivedBytes) }
        case .loaded: parts.append(unchanged ? "loaded, unchanged" : "loaded")
        case .failed: parts.append("failed")
        }
        parts.append(lastSuccess.map { "last success \(ClockTime.timeOfDay($0))" } ?? "no success yet")
        if let retry = state.pendingRetry {
            parts.append("retry in \(Self.countdown(Duration.seconds(retry.dueAt - ClockTime.now())))")
        } else if !state.isLoading {
            parts.append("next in \(countdown(to: nextReload, now: now))")
        }
        let attempt = state.pendingRetry.map { ($0.attempt, $0.maxAttempts) } ?? (currentAttempt, loader.maxAttempts)
        parts.append("attempt \(attempt.0)/\(attempt.1)")
        if let count = state.content?.itemCount {
            var items = "\(count) items"
            if loader.pagesLoaded > 1 { items += " in \(loader.pagesLoaded) pages" }
            if loader.refreshState == .paginated { items += ", n for more" }
            parts.append(items)
        }
        return parts.joined(separator: " · ")
    }

    /// The attempt in flight or last made, from the last transition seen.
    var currentAttempt = 1

    /// `failed 12:03:04 — HTTP 503 …; showing data from 12:02:34; retry in 4 s`, from a failure
    /// until the next success.
    func banner(now: ContinuousClock.Instant) -> String? {
        guard let lastFailure else { return nil }
        let state = loader.state
        // What failed, without the advice: the banner has one line, and the retry is its advice.
        let reason = UntrustedText.forTerminalLine(lastFailure.error.description)
        var text = "failed \(ClockTime.timeOfDay(lastFailure.at)) — \(reason)"
        if state.content != nil, let lastSuccess {
            text += "; showing data from \(ClockTime.timeOfDay(lastSuccess))"
        } else {
            text += "; no data yet"
        }
        if let retry = state.pendingRetry {
            text += "; retry in \(Self.countdown(Duration.seconds(retry.dueAt - ClockTime.now())))"
        } else if state.isLoading {
            text += "; trying again now"
        } else {
            text += "; next reload in \(countdown(to: nextReload, now: now))"
        }
        return text
    }

    /// The time to the next reload: in milliseconds for sub-second intervals, else as `countdown`.
    private func countdown(to instant: ContinuousClock.Instant, now: ContinuousClock.Instant) -> String {
        interval < .seconds(1) ? "\(max(0, (instant - now).wholeMilliseconds)) ms" : Self.countdown(instant - now)
    }

    /// A time left, as a countdown that moves once a second shows it: whole seconds, rounded
    /// up; under a second, the milliseconds, so that a wait of 80 ms is not shown as 1 s.
    static func countdown(_ left: Duration) -> String {
        let milliseconds = left.wholeMilliseconds
        if milliseconds < 1000 { return "\(max(0, milliseconds)) ms" }
        return LoadError.format(.seconds((milliseconds + 999) / 1000))
    }
}
