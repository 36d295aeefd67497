/// A loader's one way out: every change of its state and every item of a load in flight go
/// to its observers as a `SourceEvent`, and nothing else leaves it. What an observer wants
/// done next, it asks of the loader, as anyone may.
extension SourceLoader {
    /// Calls `body` with every event from now on (see `SourceEvent`: the loader's one way
    /// out); returns a token for `removeObserver`.
    @discardableResult
    public func observe(_ body: @escaping (SourceEvent) -> Void) -> Int {
        observers.add(body)
    }

    /// `observe`, for an observer of the changes of state alone.
    @discardableResult
    public func observeChanges(_ body: @escaping (StateChange) -> Void) -> Int {
        observe { event in if case .changed(let change) = event { body(change) } }
    }

    /// Tells every observer of `event`.
    func publish(_ event: SourceEvent) {
        for observer in observers.all { observer.body(event) }
    }

    /// Ends the load in flight early, as an observer of its `.items` asks while it is told
    /// them: its stream ends whole there (see `StreamEnding`), and no more pieces are handed
    /// over. Nothing in flight: nothing changes.
    public func endStream(_ ending: StreamEnding) {
        guard state.isLoading, streamed.ending == nil else { return }
        streamed.ending = ending
    }

    public func removeObserver(_ token: Int) {
        observers.remove(token)
    }
}

/// A loader's observers, each with the token that removes it.
struct Observers {
    private(set) var all: [(id: Int, body: (SourceEvent) -> Void)] = []
    private var lastID = 0

    mutating func add(_ body: @escaping (SourceEvent) -> Void) -> Int {
        lastID += 1
        all.append((lastID, body))
        return lastID
    }

    mutating func remove(_ id: Int) {
        all.removeAll { $0.id == id }
    }
}
