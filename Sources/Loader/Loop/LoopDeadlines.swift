/// Calls closures once, each when its time comes, behind one GSource armed for the earliest.
///
/// A request's deadline and its connect timer are an entry here (`DeadlineTable`), not a
/// GSource each: making, attaching and destroying a GSource, its callback box and its handle
/// cost ~4.5 K instructions a timer, and GLib's loop looks at every source it holds on every
/// iteration. Belongs to its `EventLoop` and, as everything there, is used on the loop's
/// thread only.
public final class LoopDeadlines {
    /// One scheduled call, for `cancel`.
    public struct Token: Hashable {
        fileprivate let place: DeadlineTable<() -> Void>.Token
    }

    private unowned let loop: EventLoop
    private var table = DeadlineTable<() -> Void>()
    private var source: LoopSource?
    private var armedFor: ContinuousClock.Instant?

    init(loop: EventLoop) { self.loop = loop }

    deinit { source?.cancel() }

    /// Calls `body` once on the loop, `delay` from now, unless cancelled first.
    @discardableResult
    public func schedule(after delay: Duration, _ body: @escaping () -> Void) -> Token {
        loop.assertOnLoop()
        let token = Token(place: table.add(body, at: .now + delay))
        arm()
        return token
    }

    /// Its call will not come; harmless once it came or was cancelled.
    public func cancel(_ token: Token) {
        guard table.remove(token.place) != nil else { return }
        arm()
    }

    /// Calls waiting.
    public var count: Int { table.count }

    /// Whether the loop's source is armed: for a time whenever a call waits, and for none
    /// once none does.
    var isArmed: Bool { armedFor != nil }

    /// Entries in the heap, cancelled ones included.
    var queued: Int { table.queued }

    private func fired() {
        armedFor = nil
        // One at a time: a call may cancel another due with it, which then does not run.
        let now = ContinuousClock.now
        while let call = table.takeFirst(dueBy: now) { call() }
        arm()
    }

    /// Arms the source for the earliest call, or for no time when none waits. Armed early (the
    /// earliest call was cancelled), it is left so: re-arming costs more than the one early
    /// wake, which finds nothing due and arms it again.
    private func arm() {
        let earliest = table.earliest
        if let earliest, let armedFor, armedFor <= earliest { return }
        guard earliest != armedFor else { return }
        armedFor = earliest
        if source == nil, earliest != nil { source = loop.readyTimeSource { [unowned self] in fired() } }
        source?.setReadyTime(earliest)
    }
}
