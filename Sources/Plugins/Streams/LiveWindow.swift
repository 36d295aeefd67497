/// The last items of a live stream, bounded by count and by bytes: what a load shows while it
/// streams, and comes to rest with. The last item is kept whatever its size.
struct LiveWindow<Item> {
    /// The most items kept.
    let limit: Int
    /// The most bytes (each item's size as it came) the items kept may hold.
    let byteLimit: Int
    private var items: [Item] = []
    private var sizes: [Int] = []
    private var bytes = 0
    /// What an item whose text was `bytes` long may take held, parsed: a JSON array of small
    /// numbers takes 16 times its text (each element an enum and a string), and any item
    /// some 64 bytes beside. The window's byte bound counts this, so that it bounds memory.
    static func heldSize(ofText bytes: Int) -> Int { bytes * 16 + 64 }

    /// Items let go before `items`.
    private var dropped = 0
    /// Whether items were kept since `taken` was last asked.
    private(set) var grew = false

    init(limit: Int, byteLimit: Int) {
        self.limit = limit
        self.byteLimit = byteLimit
    }

    /// Keeps `item`, of `size` bytes as it came, letting the oldest go past the bounds.
    mutating func keep(_ item: Item, size: Int) {
        items.append(item)
        sizes.append(size)
        bytes += size
        grew = true
        // Let go in batches, so that keeping the last items costs no shift of the whole
        // window for each that comes; at once past the byte bound, which holds strictly.
        let overCount = items.count - limit
        guard overCount >= limit / 4 + 1 || (limit < 4 && overCount > 0) || bytes > byteLimit else { return }
        var excess = max(0, overCount)
        var left = bytes - sizes[..<excess].reduce(0, +)
        while left > byteLimit, excess < items.count - 1 {
            left -= sizes[excess]
            excess += 1
        }
        guard excess > 0 else { return }
        items.removeFirst(excess)
        sizes.removeFirst(excess)
        bytes = left
        dropped += excess
    }

    /// The items kept now (at most `limit`), and how many were let go before them.
    var current: (items: [Item], dropped: Int) {
        let excess = max(0, items.count - limit)
        return excess == 0 ? (items, dropped) : (Array(items[excess...]), dropped + excess)
    }

    /// `current`, noting that it was seen: `grew` is false until more is kept.
    mutating func taken() -> (items: [Item], dropped: Int) {
        grew = false
        return current
    }
}
