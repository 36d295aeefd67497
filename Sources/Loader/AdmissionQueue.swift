/// Decides which requests may run now under two limits: in all, and per key (a host). The
/// rest wait in arrival order per key, and keys blocked only by the overall limit take turns.
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
    /// Keys with waiters and room of their own: only the overall limit holds them back.
    private var ready = FIFO<String>()
    private var isReady: Set<String> = []

    public init(maxTotal: Int, maxPerKey: Int) {
        self.maxTotal = max(1, maxTotal)
        self.maxPerKey = max(1, min(maxPerKey, maxTotal))
    }

    /// Requests waiting for a slot.
    public var waitingCount: Int { waiting.values.reduce(0) { $0 + $1.count } }

    /// Requests running now under `key`.
    public func running(under key: String) -> Int { runningPerKey[key, default: 0] }

    /// A request arrives; returns what may start now (it, or nothing).
    public mutating func arrive(_ item: Item, key: String) -> [Item] {
        waiting[key, default: FIFO()].append(item)
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
        guard !isReady.contains(key), waiting[key] != nil, running(under: key) < maxPerKey else { return }
        ready.append(key)
        isReady.insert(key)
    }

    private mutating func admit() -> [Item] {
        var started: [Item] = []
        while running < maxTotal, let key = ready.popFirst() {
            isReady.remove(key)
            guard let item = waiting[key]?.popFirst() else { continue }
            if waiting[key]?.isEmpty == true { waiting[key] = nil }
            running += 1
            runningPerKey[key, default: 0] += 1
            started.append(item)
            // Back of the line: keys blocked by the overall limit take turns.
            markReadyIfRoom(key)
        }
        return started
    }
}

/// A first-in, first-out queue with amortised O(1) operations.
struct FIFO<Element> {
    private var items: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }
    var count: Int { items.count - head }

    mutating func append(_ item: Element) { items.append(item) }

    mutating func popFirst() -> Element? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        // Drop the consumed front once it is most of the storage.
        if head > 32 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }
}
