import LoadCore
import TerminalText

/// What a source's status line and failure banner say, as values: `SessionSource` gathers
/// them from its loader, and laying them out for a width is pure.
///
/// The status line's parts, and the priority each form gives way at (lower goes first;
/// extras the presenter adds slot in by their own):
///
/// | part | forms |
/// |---|---|
/// | name | cut with `…` last of all |
/// | state | `loaded, unchanged` (35) → `unchanged`; `loading 1.2 MB in 3 s` (35) → `loading, 3 s`; `streaming, last item 2 s ago` (35) → `streaming`; kept |
/// | last success | `last success 12:02:34` (20) → `ok 12:02:34` (60) → dropped; `no success yet` (25) → dropped |
/// | countdown | `retry in 4 s`, `next in 3 s`: kept |
/// | attempt | `attempt 2/3` (50) → dropped |
/// | items | `12 items in 3 pages, > for more` (10) → `12 items, > for more` (30) → `12 items` (40) → dropped |
package struct SourceStatus: Equatable {
    /// Where the source's load stands.
    package enum Phase: Equatable {
        case idle
        /// In flight; `page` when it is a next page (from 2), not a reload; `elapsed`, how long
        /// it has been in flight, as text, once that is a second or more.
        case loading(page: Int?, receivedBytes: Int, elapsed: String? = nil)
        /// A live stream that brought items; `lastItem`: how long ago the last came, as text.
        case streaming(lastItem: String)
        case loaded(unchanged: Bool)
        case failed
    }

    /// What comes next for the source, with its countdown already as text.
    package enum Wait: Equatable {
        /// A retry is scheduled.
        case retry(in: String)
        /// A load is in flight.
        case loadingNow
        /// The watch's interval reloads it.
        case nextReload(in: String)
        /// Nothing reloads it but the user: a browse without `--watch`, a detail view.
        case manual
    }

    /// How many items the content holds, in how many pages, and whether `>` loads more.
    package struct Items: Equatable {
        package var count: Int
        package var pages = 1
        package var more = false

        package init(count: Int, pages: Int = 1, more: Bool = false) {
            self.count = count
            self.pages = pages
            self.more = more
        }
    }

    /// The latest failure, until a load succeeds.
    package struct Failure: Equatable {
        /// What failed, made safe for a terminal line.
        package var reason: String
        /// When.
        package var at: WallTime

        package init(reason: String, at: WallTime) {
            self.reason = reason
            self.at = at
        }
    }

    /// The name, made safe for a terminal line.
    package var name: String
    package var phase: Phase
    package var wait: Wait
    /// When the last load succeeded.
    package var lastSuccess: WallTime?
    /// The attempt in flight, scheduled, or last made, and how many the retry policy allows.
    package var attempt = 1
    package var maxAttempts = 1
    package var items: Items?
    package var failure: Failure?
    /// Whether content from the last success is on screen beside the failure.
    package var showsData = false
    /// When that content is a copy from an earlier run: how old it is (`3 h`).
    package var storedCopyAge: String?
    /// The total times of its last loads, oldest first: drawn as a trend once there are two.
    package var recentTotals: [Duration] = []
    /// The columns the name is padded to, so that several sources' lines align after it.
    package var nameWidth: Int?

    package init(name: String, phase: Phase, wait: Wait, lastSuccess: WallTime? = nil) {
        self.name = name
        self.phase = phase
        self.wait = wait
        self.lastSuccess = lastSuccess
    }

    /// Whether the attempt is worth saying: while a retry waits or runs, or when the source
    /// stands failed after retries. With no retries allowed, or a failure that is never
    /// retried (a 404), there is nothing to count.
    package var showsAttempt: Bool {
        guard maxAttempts > 1 else { return false }
        switch (phase, wait) {
        case (_, .retry): return true
        case (.failed, _), (.loading, _), (.streaming, _): return attempt > 1
        default: return false
        }
    }

    /// `posts · loaded · last success 12:02:34 · next in 2 s · 12 items`, then `extras`, fitted
    /// to `width` columns by giving up the least useful words first (see the table above).
    /// `floor`: see `StatusLayout.fit`.
    package func line(width: Int, extras: [StatusPart] = [], floor: Int = .min) -> String {
        StatusLayout.fit(lineParts + extras, width: width, floor: floor)
    }

    /// The worth of the most useful form the line gives up at `width` (`StatusLayout.floor`).
    package func floor(width: Int, extras: [StatusPart] = []) -> Int {
        StatusLayout.floor(of: lineParts + extras, width: width)
    }

    private var lineParts: [StatusPart] {
        // Padded to the name column, or cut to it, so that what follows lines up on every line.
        var shownName = name
        if let nameWidth, TerminalText.displayWidth(name) > nameWidth { shownName = StatusLayout.cut(name, toWidth: nameWidth) }
        let pad = String(repeating: " ", count: max((nameWidth ?? 0) - TerminalText.displayWidth(shownName), 0))
        var parts: [StatusPart] = [.cut(shownName + pad)]
        switch phase {
        case .idle: parts.append(.kept("idle"))
        case .loading(let page, let bytes, let elapsed):
            // A slow load says how long it has taken: `loading 0 B` alone looks stuck.
            let loading = (page.map { "loading page \($0)" } ?? "loading") + (elapsed.map { ", \($0)" } ?? "")
            let received = (page.map { "loading page \($0)" } ?? "loading") + " " + ByteCount.format(bytes) + (elapsed.map { " in \($0)" } ?? "")
            parts.append(bytes > 0 ? StatusPart((received, 35), (loading, .max), last: .kept) : .kept(loading))
        case .streaming(let lastItem):
            parts.append(StatusPart(("streaming, last item \(lastItem)", 35), ("streaming", .max), last: .kept))
        case .loaded(let unchanged):
            parts.append(unchanged ? StatusPart(("loaded, unchanged", 35), ("unchanged", .max), last: .kept) : .kept("loaded"))
        case .failed: parts.append(.kept("failed"))
        }
        if let lastSuccess {
            let time = lastSuccess.timeOfDay
            parts.append(StatusPart(("last success \(time)", 20), ("ok \(time)", 60)))
        } else if case .streaming = phase {
            // Its items are its success so far.
        } else if showsData, let storedCopyAge {
            // No success in this run, but content on screen: an earlier run's copy.
            parts.append(StatusPart(("stored copy, \(storedCopyAge) old", 25), ("copy \(storedCopyAge) old", 60)))
        } else {
            parts.append(StatusPart(("no success yet", 25)))
        }
        switch wait {
        case .retry(let countdown): parts.append(.kept("retry in \(countdown)"))
        case .nextReload(let countdown): parts.append(.kept("next in \(countdown)"))
        case .loadingNow, .manual: break
        }
        if showsAttempt { parts.append(StatusPart(("attempt \(attempt)/\(maxAttempts)", 50))) }
        if let items {
            let count = items.count == 1 ? "1 item" : "\(items.count) items"
            let more = items.more ? ", > for more" : ""
            var forms: [StatusPart.Form] = []
            if items.pages > 1 { forms.append(.init(text: "\(count) in \(items.pages) pages\(more)", priority: 10)) }
            if items.more { forms.append(.init(text: count + more, priority: 30)) }
            forms.append(.init(text: count, priority: 40))
            parts.append(StatusPart(forms: forms))
        }
        if recentTotals.count >= 2, let last = recentTotals.last {
            let trend = Sparkline.of(recentTotals.map { Double($0.components.seconds) * 1000 + Double($0.components.attoseconds) / 1e15 })
            // Loopback loads take under a millisecond: tenths say more than `0 ms`.
            let tenths = Int(last.components.seconds) * 10_000 + Int(last.components.attoseconds / 100_000_000_000_000)
            let time = tenths < 100 ? "\(tenths / 10).\(tenths % 10) ms" : LoadError.format(last)
            parts.append(StatusPart(("\(trend) \(time)", 45), (trend, 55)))
        }
        return parts
    }

    /// `failed 12:03:04 — HTTP 503 …; showing data from 12:02:34; retry in 4 s`, from a failure
    /// until the next success, fitted to `width`. The failure's time and what comes next stay.
    /// Before them: the reason's tail is cut with `…` down to 30 columns, which still say what
    /// failed (15); `showing data from` shortens (20) and goes (50), `no data yet` goes (30),
    /// `next reload in` becomes `next in` (45); then the reason is cut further.
    package func banner(width: Int) -> String? {
        guard let failure else { return nil }
        let reason = StatusPart.cut(failure.reason, priority: 15, minimum: 30, separator: " — ")
        var parts: [StatusPart] = [.kept("failed \(failure.at.timeOfDay)"), reason]
        if showsData, let copyAge = storedCopyAge {
            parts.append(StatusPart(("showing the last good copy, from \(copyAge) ago", 20), ("copy from \(copyAge) ago", 50)))
        } else if showsData, let lastSuccess {
            let time = lastSuccess.timeOfDay
            parts.append(StatusPart(("showing data from \(time)", 20), ("data from \(time)", 50)))
        } else if showsData {
            // No load came to rest, but what it brought shows: a stream's items before it failed.
            parts.append(StatusPart(("showing what came before it", 20), ("what came before", 50)))
        } else {
            parts.append(StatusPart(("no data yet", 30)))
        }
        switch wait {
        case .retry(let countdown): parts.append(.kept("retry in \(countdown)"))
        case .loadingNow: parts.append(.kept("trying again now"))
        case .nextReload(let countdown): parts.append(StatusPart(("next reload in \(countdown)", 45), ("next in \(countdown)", .max), last: .kept))
        case .manual: parts.append(.kept("r to retry"))
        }
        return StatusLayout.fit(parts, width: width, separator: "; ")
    }
}
