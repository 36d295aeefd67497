/// Decides which requests may run now under two limits: in all, and per key (a host). The
/// rest wait in arrival order per key, and keys blocked only by the overall limit take turns.
/// Within a key, a request that arrived at low priority (a prefetch) waits behind every
/// ordinary one, whenever it arrived.
///
/// It is a pure value: callers report arrivals and ends, and start what it hands back. Doing
/// this above libsoup, rather than leaving requests queued inside the session, means a
/// request's deadline and connect timer start when it really starts, not while it waits
/// behind 500 others for the same slow host.
public struct AdmissionQueue<Item> {
    public let maxTotal: Int
    public let maxPerKey: Int

    /// Requests running now, in all and per key.
    public private(set) var running = 0
    private var runningPerKey: [String: Int] = [:]
    private var waiting: [String: FIFO<Item>] = [:]
    /// Low-priority waiters per key: taken only when the key has no ordinary one waiting.
    private var waitingLow: [String: FIFO<Item>] = [:]
    /// Keys with waiters and room of their own: only the overall limit holds them back.
    private var ready = FIFO<String>()
    private var isReady: Set<String> = []

    public init(maxTotal: Int, maxPerKey: Int) {
        self.maxTotal = max(1, maxTotal)
        self.maxPerKey = max(1, min(maxPerKey, maxTotal))
    }

    /// Requests waiting for a slot.
    public var waitingCount: Int {
        waiting.values.reduce(0) { $0 + $1.count } + waitingLow.values.reduce(0) { $0 + $1.count }
    }

    /// Requests running now under `key`.
    public func running(under key: String) -> Int { runningPerKey[key, default: 0] }

    /// A request arrives; returns what may start now (it, or nothing). A `lowPriority` one
    /// waits behind the key's ordinary ones.
    public mutating func arrive(_ item: Item, key: String, lowPriority: Bool = false) -> [Item] {
        if lowPriority {
            waitingLow[key, default: FIFO()].append(item)
        } else {
            waiting[key, default: FIFO()].append(item)
        }
        markReadyIfRoom(key)
        return admit()
    }

    /// A request under `key` ended; returns what may start in its place.
    public mutating func finished(key: String) -> [Item] {
        running -= 1
        runningPerKey[key, default: 1] -= 1
        if runningPerKey[key] == 0 { runningPerKey[key] = nil }
        markReadyIfRoom(key)
        return admit()
    }

    private mutating func markReadyIfRoom(_ key: String) {
        guard !isReady.contains(key), waiting[key] != nil || waitingLow[key] != nil, running(under: key) < maxPerKey else { return }
        ready.append(key)
        isReady.insert(key)
    }

    private mutating func admit() -> [Item] {
        var started: [Item] = []
        while running < maxTotal, let key = ready.popFirst() {
            isReady.remove(key)
            guard let item = Self.pop(key, from: &waiting) ?? Self.pop(key, from: &waitingLow) else { continue }
            running += 1
            runningPerKey[key, default: 0] += 1
            started.append(item)
            // Back of the line: keys blocked by the overall limit take turns.
            markReadyIfRoom(key)
        }
        return started
    }

    /// The first waiter under `key` in `queues`, dropping the key's queue once empty.
    private static func pop(_ key: String, from queues: inout [String: FIFO<Item>]) -> Item? {
        guard let item = queues[key]?.popFirst() else { return nil }
        if queues[key]?.isEmpty == true { queues[key] = nil }
        return item
    }
}

/// A first-in, first-out queue with amortised O(1) operations.
struct FIFO<Element> {
    /// Taken slots are emptied at once, so that the queue never keeps a popped item alive.
    private var items: [Element?] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }
    var count: Int { items.count - head }

    mutating func append(_ item: Element) { items.append(item) }

    mutating func popFirst() -> Element? {
        guard head < items.count else { return nil }
        let item = items[head].take()
        head += 1
        if head == items.count {
            // Drained: the storage is reused from its start, with nothing to move.
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 > items.count {
            // Moving the live rest down costs its length, so only once the taken front is
            // most of the storage, and large: a queue of 1,000 waiting requests moved its
            // rest down every 32 pops, 16 K instructions a request.
            items.removeSubrange(0..<head)
            head = 0
        }
        return item
    }
}
