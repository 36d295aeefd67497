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
    /// The source's current due time, to tell live entries from stale ones.
    private let currentDue: (Int) -> ContinuousClock.Instant
    private let fire: (Int) -> Void

    /// `fire(index)` runs when source `index` is due; `currentDue(index)` is its due time now.
    init(loop: EventLoop, currentDue: @escaping (Int) -> ContinuousClock.Instant, fire: @escaping (Int) -> Void) {
        self.loop = loop
        self.currentDue = currentDue
        self.fire = fire
    }

    /// Source `index` is due at `due` (which its `currentDue` must now return).
    func add(_ index: Int, at due: ContinuousClock.Instant) {
        queue.push(index, at: due)
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
        for (index, due) in queue.popDue(by: .now, limit: Self.slice) where currentDue(index) == due { fire(index) }
        arm()
    }

    /// The most sources reloaded in one callback.
    static let slice = 64
}

/// Due times in a binary heap, earliest first: what `ReloadSchedule` keeps, as a value.
struct DueQueue {
    private struct Entry {
        var due: ContinuousClock.Instant
        var index: Int
    }

    private var heap: [Entry] = []

    var isEmpty: Bool { heap.isEmpty }

    /// The earliest due time held.
    var earliest: ContinuousClock.Instant? { heap.first?.due }

    mutating func push(_ index: Int, at due: ContinuousClock.Instant) {
        heap.append(Entry(due: due, index: index))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].due < heap[parent].due else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes out the entries due by `now`, earliest first, at most `limit` of them.
    mutating func popDue(by now: ContinuousClock.Instant, limit: Int = .max) -> [(index: Int, due: ContinuousClock.Instant)] {
        var due: [(index: Int, due: ContinuousClock.Instant)] = []
        while due.count < limit, let first = heap.first, first.due <= now {
            due.append((first.index, first.due))
            popFirst()
        }
        return due
    }

    private mutating func popFirst() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].due < heap[smallest].due { smallest = left }
            if right < heap.count, heap[right].due < heap[smallest].due { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
