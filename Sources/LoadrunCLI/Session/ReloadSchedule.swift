import Loader

/// When each watched source reloads next, behind one loop timer armed for the earliest.
///
/// A source's next reload is set once its load comes to rest (see `LoadSession.observe`), so
/// a reload never starts before the previous one ended, however slow the loads: a watch
/// paces itself, as `watch` does, counting its interval from the end of each run.
///
/// GLib's main loop looks at every source it holds on every iteration, so one `g_timeout` per
/// watched source made a watch of 10,000 sources spend its time in `g_main_context_prepare`.
/// This keeps the times in a binary heap instead; an entry whose time no longer matches its
/// source's (after `r` or SIGUSR1 moved it) is stale and skipped.
final class ReloadSchedule {
    private let loop: EventLoop
    private var queue = DueQueue()
    private var timer: LoopSource?
    private var armedFor: ContinuousClock.Instant?
    /// When each source reloads next, by index: the one record of it. A queue entry that
    /// differs is stale.
    private var due: [Int: ContinuousClock.Instant] = [:]
    private let fire: (Int) -> Void

    /// `fire(index)` runs when source `index` is due.
    init(loop: EventLoop, fire: @escaping (Int) -> Void) {
        self.loop = loop
        self.fire = fire
    }

    /// When source `index` reloads next, if it is scheduled.
    func nextReload(of index: Int) -> ContinuousClock.Instant? { due[index] }

    /// Source `index` is due at `instant`, and no longer when it was before.
    func add(_ index: Int, at instant: ContinuousClock.Instant) {
        due[index] = instant
        queue.push(index, at: instant)
        arm()
    }

    func stop() {
        timer?.cancel()
        timer = nil
        queue = DueQueue()
    }

    private func arm() {
        guard let first = queue.earliest, armedFor.map({ first < $0 }) ?? true else { return }
        timer?.cancel()
        armedFor = first
        timer = loop.schedule(after: max(first - .now, .zero)) { [weak self] in self?.fired() }
    }

    private func fired() {
        timer = nil
        armedFor = nil
        // A slice at a time: the rest go on the next iteration, after any signal that came
        // meanwhile. Ten thousand sources due at once would otherwise hold the loop for
        // seconds in one callback.
        for (index, instant) in queue.popDue(by: .now, limit: Self.slice) where due[index] == instant { fire(index) }
        arm()
    }

    /// The most sources reloaded in one callback.
    static let slice = 64
}
