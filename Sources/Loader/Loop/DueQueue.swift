/// Due times in a binary heap, earliest first, each under an index the caller gives meaning
/// to: what `LoopDeadlines` and a watch's reload schedule keep, as a value.
public struct DueQueue {
    private struct Entry {
        /// Since `origin`: a `Duration` is laid out where the compiler sees it, which an
        /// `Instant` (resilient in the standard library) is not, and every move of one in
        /// the heap went through its value witnesses.
        var due: Duration
        var index: Int
    }

    private static let origin = ContinuousClock.now

    private var heap: [Entry] = []

    public init() {}

    public var isEmpty: Bool { heap.isEmpty }

    /// Entries held.
    public var count: Int { heap.count }

    /// The earliest due time held.
    public var earliest: ContinuousClock.Instant? { heap.first.map { Self.origin + $0.due } }

    /// The index of the earliest entry.
    public var earliestIndex: Int? { heap.first?.index }

    public mutating func push(_ index: Int, at due: ContinuousClock.Instant) {
        heap.append(Entry(due: due - Self.origin, index: index))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].due < heap[parent].due else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes out the entries due by `now`, earliest first, at most `limit` of them.
    public mutating func popDue(by now: ContinuousClock.Instant, limit: Int = .max) -> [(index: Int, due: ContinuousClock.Instant)] {
        var due: [(index: Int, due: ContinuousClock.Instant)] = []
        let now = now - Self.origin
        while due.count < limit, let first = heap.first, first.due <= now {
            due.append((first.index, Self.origin + first.due))
            removeEarliest()
        }
        return due
    }

    /// Takes out the earliest entry, if any.
    public mutating func removeEarliest() {
        guard !heap.isEmpty else { return }
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
