public import Loader

extension EventLoop {
    /// Iterates until `done()` holds or `limit` passes. The limit only guards against a hang;
    /// returns whether `done()` held.
    @discardableResult
    public func run(until done: () -> Bool, limit: Duration = .seconds(15)) -> Bool {
        var expired = false
        let guardTimer = schedule(after: limit) { expired = true }
        // Wakes the loop now and then, for conditions another thread sets.
        let poll = repeating(every: .milliseconds(10)) { true }
        defer {
            guardTimer.cancel()
            poll.cancel()
        }
        while !done() && !expired { iterate(blocking: true) }
        return done()
    }
}

extension HTTPClient {
    /// Fetches `url` and runs `loop` until the response or the error is in.
    public func fetchAndWait(_ url: String, options: FetchOptions = FetchOptions(), on loop: EventLoop) -> Result<HTTPResponse, LoadError>? {
        var result: Result<HTTPResponse, LoadError>?
        get(url, options: options) { result = $0 }
        loop.run(until: { result != nil })
        return result
    }
}
