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
