public import Loader

/// A run whose result comes back later, on the loop (`OffLoop.start(until:_:then:)`): what a
/// wait's program is for the session, which asks for it as a command and is told its
/// result as an event, so that nothing turns the loop inside the value that decides.
extension JQProgram {
    /// Runs the program on `input` off the loop and calls `then` on the loop with the run:
    /// its results kept (none streamed), or the failure that says it was cut short (its
    /// deadline, or the returned wait cancelled). Without a running loop, it runs here, and
    /// `then` is called before this returns.
    @discardableResult
    public func start(_ input: [UInt8], deadline: ContinuousClock.Instant? = nil, then: @escaping (Run) -> Void) -> OffLoop.Later? {
        // As `run`: one run left to its thread at a time.
        if !states.abandonedRunsEnded(within: .milliseconds(250)) {
            then(Run(results: [], failure: "its last run is still going, left to its thread"))
            return nil
        }
        guard let state = states.take() else {
            then(Run(results: [], failure: "the program no longer compiles"))
            return nil
        }
        let states = states
        let token = States.RunToken(state: state)
        let limit = Self.keptLimit(forInput: input.count)
        let flow = Self.flow(keptLimit: limit, streams: false)
        return OffLoop.start(until: deadline, {
            defer {
                states.ended(token)
                states.put(state)
            }
            return JQProgram.run(state, on: input, into: flow)
        }, then: { [self] result in
            then(ended(result, flow: flow, token: token, streamingTo: nil, keptLimit: limit))
        })
    }
}
