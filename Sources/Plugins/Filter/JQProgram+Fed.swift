internal import CJQ
public import Loader

extension JQProgram {
    /// A run on a body as it arrives: libjq's parser, on a thread of its own, reads each chunk
    /// as the loop hands it over (`take`), so that parsing overlaps the download as it does
    /// in `curl | jq`; `finish` tells it the body ended whole and waits for its end. Dropped
    /// before that (the body failed), its input is dropped, and the run ends at its next
    /// read, its results unseen.
    public final class FedRun: BodyTap {
        let program: JQProgram
        /// Whether its results stream to a taker as they come (see `ResultStream`).
        let streams: Bool
        fileprivate let feed: JQInputFeed
        let flow: JQResultFlow
        fileprivate let token: States.RunToken
        fileprivate let started: OffLoop.Started<String?>
        /// Bytes taken so far: what the results are bounded by.
        fileprivate var received = 0
        /// Whether `finish` took it: its end is then that wait's.
        fileprivate var isFinished = false

        fileprivate init(program: JQProgram, streams: Bool, feed: JQInputFeed, flow: JQResultFlow, token: States.RunToken,
                         started: OffLoop.Started<String?>) {
            self.program = program
            self.streams = streams
            self.feed = feed
            self.flow = flow
            self.token = token
            self.started = started
        }

        public func take(_ chunk: UnsafeRawBufferPointer) {
            received += chunk.count
            flow.allow(keptLimit: JQProgram.keptLimit(forInput: received))
            feed.append(chunk)
        }

        deinit {
            guard !isFinished else { return }
            feed.drop()
            // A run waiting on its results' taker, or on a program that never ends, is left
            // to its thread, as a run the loop stopped waiting for is.
            flow.end(.abandoned)
            program.states.abandon(token)
        }
    }

    /// Starts a run on a body that is about to arrive, handed to it chunk by chunk; `streams`:
    /// its results go to the stream `finish` is given as they come. nil where none can start
    /// now: a run is left to its thread, no compiled state is free (another body is being
    /// read: it waits for its end, and is run whole), or no loop turns here.
    public func start(streams: Bool) -> FedRun? {
        guard !states.hasAbandonedRun, let state = states.takeIdle() else { return nil }
        let states = states
        let token = States.RunToken(state: state)
        let feed = JQInputFeed()
        let flow = Self.flow(keptLimit: Self.keptLimit(forInput: 0), streams: streams)
        let started = OffLoop.start { () -> String? in
            defer {
                states.ended(token)
                states.put(state)
            }
            return Self.run(state, fedBy: feed, into: flow)
        }
        guard let started else {
            states.put(state)
            return nil
        }
        return FedRun(program: self, streams: streams, feed: feed, flow: flow, token: token, started: started)
    }

    /// The run `fed`, told its body ended whole, waited for as `run` waits (until `deadline`,
    /// a cancel, or the loop's end), its results handed to `stream` as they come where it
    /// streams.
    public func finish(_ fed: FedRun, deadline: ContinuousClock.Instant? = nil, streamingTo stream: ResultStream?) -> Run {
        fed.isFinished = true
        fed.feed.finish()
        let flow = fed.flow
        let stream = fed.streams ? stream : nil
        let run = OffLoop.wait(for: fed.started, until: deadline,
                               onTurn: stream.map { stream in { flow.handOver(isReady: stream.isReady, take: stream.take) } })
        return ended(run, flow: flow, token: fed.token, streamingTo: stream, keptLimit: Self.keptLimit(forInput: fed.received))
    }

    /// One run of `state` on the input `feed` gives, on the thread it is given.
    private static func run(_ state: States.State, fedBy feed: JQInputFeed, into flow: JQResultFlow) -> String? {
        let failure = withExtendedLifetime((feed, flow)) {
            // Unretained: both outlive the run, which calls back only during it.
            lr_jq_run_fed(state.pointer, JQInputFeed.feed, Unmanaged.passUnretained(feed).toOpaque(), Self.emit, Self.note,
                          Unmanaged.passUnretained(flow).toOpaque())
        }
        defer { lr_jq_free_text(failure) }
        return failure.map { String(cString: $0) }
    }
}
