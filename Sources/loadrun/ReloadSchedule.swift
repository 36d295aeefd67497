import Loader

/// When each watched source reloads next, behind one loop timer armed for the earliest.
///
/// GLib's main loop looks at every source it holds on every iteration, so one `g_timeout` per
/// watched source made a watch of 10,000 sources spend its time in `g_main_context_prepare`.
/// This keeps the times in a binary heap instead; an entry whose time no longer matches its
/// source's (after `r` or SIGUSR1 moved it) is stale and skipped.
final class ReloadSchedule {
    private struct Entry {
        var due: ContinuousClock.Instant
        var index: Int
    }

    private let loop: EventLoop
    private var heap: [Entry] = []
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
        push(Entry(due: due, index: index))
        arm()
    }

    func stop() {
        timer?.cancel()
        timer = nil
        heap = []
    }

    private func arm() {
        guard let first = heap.first, armedFor.map({ first.due < $0 }) ?? true else { return }
        timer?.cancel()
        armedFor = first.due
        timer = loop.schedule(after: max(first.due - .now, .zero)) { [weak self] in self?.fired() }
    }

    private func fired() {
        timer = nil
        armedFor = nil
        let now = ContinuousClock.now
        while let first = heap.first, first.due <= now {
            popFirst()
            if currentDue(first.index) == first.due { fire(first.index) }
        }
        arm()
    }

    // MARK: Binary heap, earliest first

    private func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].due < heap[parent].due else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func popFirst() {
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
