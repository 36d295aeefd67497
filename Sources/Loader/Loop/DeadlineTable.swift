/// What `LoopDeadlines` keeps, as a value: each call in a slot of contiguous storage, reused
/// once the call is taken, and the calls' due times in a heap. A heap entry whose slot has
/// since been emptied (or emptied and reused) is stale, and skipped.
struct DeadlineTable<Call> {
    /// A call's place, for `remove`: its slot, and which use of the slot it was.
    struct Token: Hashable {
        let slot: Int
        let generation: Int
    }

    private struct Slot {
        var generation: Int
        var due: ContinuousClock.Instant
        var call: Call?
    }

    private var slots: [Slot] = []
    private var free: [Int] = []
    private var heap = DueQueue()
    /// Calls held.
    private(set) var count = 0

    /// Entries in the heap, stale ones included.
    var queued: Int { heap.count }

    /// When the earliest call held is due.
    var earliest: ContinuousClock.Instant? { heap.earliest }

    /// Adds `call`, due at `due`.
    mutating func add(_ call: Call, at due: ContinuousClock.Instant) -> Token {
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            slots[slot].generation = (slots[slot].generation + 1) & Self.generationMask
            slots[slot].due = due
            slots[slot].call = call
        } else {
            slot = slots.count
            slots.append(Slot(generation: 0, due: due, call: call))
        }
        count += 1
        heap.push(Self.key(slot, slots[slot].generation), at: due)
        return Token(slot: slot, generation: slots[slot].generation)
    }

    /// Takes out the call of `token`, if it is still held.
    mutating func remove(_ token: Token) -> Call? {
        guard token.slot < slots.count, slots[token.slot].generation == token.generation else { return nil }
        let call = take(token.slot)
        if call != nil { dropStale() }
        return call
    }

    /// Takes out the earliest call if it is due by `now`.
    mutating func takeFirst(dueBy now: ContinuousClock.Instant) -> Call? {
        guard let key = heap.earliestIndex, let due = heap.earliest, due <= now else { return nil }
        heap.removeEarliest()
        // Live: `dropStale` leaves a live entry first.
        let call = take(key & Self.slotMask)
        dropStale()
        return call
    }

    private mutating func take(_ slot: Int) -> Call? {
        guard let call = slots[slot].call.take() else { return nil }
        free.append(slot)
        count -= 1
        return call
    }

    /// Drops stale entries from the front, so that `earliest` is a live call's, and rebuilds the
    /// heap when stale entries are most of it: a request's timers are cancelled as it ends, long
    /// before they are due, and a watch of many sources would pile them up for a whole deadline.
    private mutating func dropStale() {
        if heap.count > 2 * count + 64 {
            heap = DueQueue()
            for (slot, entry) in slots.enumerated() where entry.call != nil {
                heap.push(Self.key(slot, entry.generation), at: entry.due)
            }
        }
        while let key = heap.earliestIndex, !isLive(key) { heap.removeEarliest() }
    }

    private func isLive(_ key: Int) -> Bool {
        let slot = key & Self.slotMask
        return slots[slot].generation == key >> Self.generationShift && slots[slot].call != nil
    }

    private static var generationShift: Int { 32 }
    private static var slotMask: Int { (1 << generationShift) - 1 }
    private static var generationMask: Int { (1 << 30) - 1 }

    private static func key(_ slot: Int, _ generation: Int) -> Int { generation << generationShift | slot }
}
