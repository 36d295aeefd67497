#if canImport(Glibc)
import Glibc
#endif
internal import CJQ
public import Loader
import Synchronization

/// A jq program, compiled once by libjq (jq 1.6) and run on JSON as the `jq` binary runs it:
/// jq's own language, numbers and key order, not a re-implementation.
///
/// libjq runs in a worker process of its own for each compiled state (see `lr_jq_compile`):
/// libjq cannot be interrupted, has no bound on recursion and aborts when memory runs out, so
/// a run is ended by killing its worker, and its memory is bounded there
/// (`lr_jq_memory_bound`). A run goes on a thread of its own, which talks to the worker while
/// the loop turns (`OffLoop`): a program that runs long must not hold signals, deadlines and
/// the screen. A run the loop stopped waiting for has its worker killed, and ends at once;
/// the next run starts another worker.
public final class JQProgram {
    /// The program as it was written.
    public let source: String
    /// Its `$NAME`s (`--arg`, `--argjson`).
    public let arguments: JQArguments
    let states: States

    /// Why a program could not be made: libjq is missing, or jq's own messages for a program
    /// that does not compile.
    public struct CompileError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// What one run gave: each result as compact JSON (what `jq -c` prints), in order, and
    /// what ended it early, if anything did (jq's message for a runtime error, or why the
    /// input is not JSON), after the results that came before; and what `debug` said, each
    /// as `["DEBUG:",VALUE]`, as the jq binary writes it on stderr.
    public struct Run: Equatable, Sendable {
        /// The results not handed to a stream, in order: all of them when none was given.
        public var results: [String]
        public var failure: String?
        public var debugMessages: [String] = []
        /// Why the run was not waited for to its end, if it was not: its failure says so, and
        /// what it would have given is unknown.
        public var stopped: OffLoop.Stop?
        /// How many results went to the stream before `results`.
        public var streamed = 0
        /// The fingerprint of every result, streamed or not, in order.
        public var fingerprint: UInt64 = 0
    }

    /// Where a run's results go as they come, on the loop's thread: printed at once on a run
    /// that loads once, as `jq` prints them, and never kept.
    public struct ResultStream {
        /// Whether the taker can take more now; while it cannot, the run waits (a slow reader).
        public var isReady: () -> Bool
        /// Takes results, as compact JSON, in order; returns whether it wants more.
        public var take: (JQResultLines) -> Bool

        public init(isReady: @escaping () -> Bool, take: @escaping (JQResultLines) -> Bool) {
            self.isReady = isReady
            self.take = take
        }
    }

    /// The most a run keeps of its results, in bytes of compact JSON (and a little for each),
    /// for an input of `inputSize` bytes: twice the input, and at least 64 MiB. Past it the
    /// program is stopped and said: `range(1e9)` is no reason to use all memory.
    public static func keptLimit(forInput inputSize: Int) -> Int {
        max(64 << 20, 2 * inputSize)
    }

    /// Whether the program sees no environment and no file names (`$ENV` and `env` are `{}`,
    /// `input_filename` null): one from a sources file that someone else could write.
    public let isConfined: Bool

    /// The most memory a run on `inputSize` bytes may take in its worker: 512 MiB, and 16
    /// bytes for each byte of input (libjq holds a parsed document in some ten times its
    /// text). Past it the run ends, and says so.
    public static func memoryBound(forInput inputSize: Int) -> Int {
        Int(clamping: lr_jq_memory_bound(inputSize))
    }

    /// Compiles `source` with `arguments` bound as its `$NAME`s, `confined` as `isConfined`
    /// says; throws jq's messages when it does not compile.
    public init(_ source: String, arguments: JQArguments = JQArguments(), confined: Bool = false) throws(CompileError) {
        // libjq is opened in the worker, which says so when it cannot be: this process never
        // needs it for a program.
        self.source = source
        self.arguments = arguments
        isConfined = confined
        states = States(source: source, arguments: arguments, confined: confined)
        states.put(try states.compile())
    }

    /// Runs the program on each JSON value in `input` (a document, or JSON Lines), off the
    /// loop; the wait ends at `deadline`, or when the loop is asked to stop, with a failure
    /// that says so. With `stream`, the results go to it as they come (from the second on:
    /// one result alone is the run's own); without, they are kept up to `keptLimit` bytes.
    public func run(_ input: [UInt8], deadline: ContinuousClock.Instant? = nil, streamingTo stream: ResultStream? = nil,
                    keptLimit: Int? = nil) -> Run {
        // One run left to its thread at a time: a program that never ends, on every reload
        // of a watch, would otherwise leave a thread spinning per reload.
        // A run the loop stopped waiting for had its worker killed: its thread ends within
        // milliseconds. One that does not is left to it, never joined by another.
        if !states.abandonedRunsEnded(within: .milliseconds(250)) {
            return Run(results: [], failure: "its last run is still going, left to its thread")
        }
        guard let state = states.take() else { return Run(results: [], failure: "the program no longer compiles") }
        let states = states
        let token = States.RunToken(state: state)
        let limit = keptLimit ?? Self.keptLimit(forInput: input.count)
        let flow = Self.flow(keptLimit: limit, streams: stream != nil)
        let run = OffLoop.run(until: deadline, onTurn: stream.map { stream in { flow.handOver(isReady: stream.isReady, take: stream.take) } }) {
            defer {
                states.ended(token)
                states.put(state)
            }
            return Self.run(state, on: input, into: flow)
        }
        return ended(run, flow: flow, token: token, streamingTo: stream, keptLimit: limit)
    }

    /// Where a run's results go: streamed only where a loop turns to take them. Without a
    /// running loop, nothing takes results as they come: they are kept, and the stream takes
    /// them at the end.
    static func flow(keptLimit: Int, streams: Bool) -> JQResultFlow {
        let waker = EventLoop.current.flatMap { $0.isRunning ? $0.makeWaker() : nil }
        return JQResultFlow(keptLimit: keptLimit, streams: streams && waker != nil, waker: waker)
    }

    /// What a run came to, once its wait ended (`run`, `finish`): the rest of its results
    /// handed to `stream` or kept, its failure, or why it was not waited for.
    func ended(_ run: Result<String?, OffLoop.Stop>, flow: JQResultFlow, token: States.RunToken, streamingTo stream: ResultStream?,
               keptLimit limit: Int) -> Run {
        let failure: String?
        switch run {
        case .success(let ending):
            // The rest goes the same way when the taker can take it; else it is the
            // content's, shown when the load comes to rest.
            if let stream { flow.handOver(isReady: stream.isReady, take: stream.take) }
            failure = ending
        case .failure(let stop):
            flow.end(.abandoned)
            states.abandon(token)
            failure = switch stop {
            case .deadline: Self.pastDeadline
            case .cancelled: "the load was cancelled while the program ran"
            case .loopEnded: "the run ended while the program ran"
            }
        }
        let outcome = flow.outcome
        let stopped: OffLoop.Stop? = if case .failure(let stop) = run { stop } else { nil }
        let tooMany = outcome.stop == .tooMany && stopped == nil
            ? "it gave more than \(limit >> 20) MiB of results, more than loadrun keeps; narrow it with first(…) or limit(N; …)" : nil
        return Run(results: stopped == nil ? outcome.results.strings : [], failure: tooMany ?? failure, debugMessages: outcome.debugMessages,
                   stopped: stopped, streamed: outcome.handedOver, fingerprint: outcome.fingerprint)
    }

    /// What a run says that was still going when its deadline passed.
    public static let pastDeadline = "it was still running when its time was up"

    /// One run of `state`, on the thread it is given: its results go to `flow`; returns what
    /// ended it early.
    static func run(_ state: States.State, on input: [UInt8], into flow: JQResultFlow) -> String? {
        let failure = withExtendedLifetime(flow) {
            input.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { text in
                    // Unretained: `flow` outlives the run, which calls back only during it.
                    lr_jq_run(state.pointer, text.baseAddress, text.count, Self.emit, Self.note, Unmanaged.passUnretained(flow).toOpaque())
                }
            }
        }
        defer { lr_jq_free_text(failure) }
        return failure.map { String(cString: $0) }
    }

    static let emit: lr_jq_emit = { info, json, length in
        guard let info, let json else { return 1 }
        let flow = Unmanaged<JQResultFlow>.fromOpaque(info).takeUnretainedValue()
        return flow.add(UnsafeRawBufferPointer(start: json, count: length)) ? 1 : 0
    }

    static let note: lr_jq_emit = { info, json, length in
        guard let info, let json else { return 0 }
        Unmanaged<JQResultFlow>.fromOpaque(info).takeUnretainedValue().note(UnsafeRawBufferPointer(start: json, count: length))
        return 0
    }

    /// The program's compiled states not in use: a run takes one (compiling another when all
    /// are out, with a run still going on another thread) and puts it back when done. Those
    /// here are freed with the last reference, which a run left to its thread may hold.
    final class States: Sendable {
        /// A compiled state, used by one run at a time.
        struct State: @unchecked Sendable {
            let pointer: OpaquePointer
        }

        let source: String
        let arguments: JQArguments
        let confined: Bool
        private let idle = Mutex<[State]>([])
        /// Runs the loop stopped waiting for that have not ended yet.
        private let abandoned = Mutex(0)

        /// Where one run stands, between its thread and the loop's, and the state it runs on.
        final class RunToken: Sendable {
            enum Stage { case running, ended, abandoned }
            let stage = Mutex(Stage.running)
            let state: State
            init(state: State) { self.state = state }
        }

        var hasAbandonedRun: Bool { abandoned.withLock { $0 > 0 } }

        /// Whether the runs the loop stopped waiting for have ended, waiting up to `limit` for
        /// them to (their workers were killed: they end as soon as their threads see it).
        func abandonedRunsEnded(within limit: Duration) -> Bool {
            let until = ContinuousClock.now + limit
            while hasAbandonedRun {
                guard ContinuousClock.now < until else { return false }
                usleep(1000)
            }
            return true
        }

        /// The loop stopped waiting for the run of `token`: its worker is ended (the run then
        /// ends on its thread at once, or returns at once if it had not begun), and it is
        /// counted until it has.
        func abandon(_ token: RunToken) {
            // The stop is asked under the run's own lock, which `ended` takes before the state
            // goes back for another run: it can only ever stop this one.
            let wasRunning = token.stage.withLock { stage in
                guard stage == .running else { return false }
                stage = .abandoned
                lr_jq_stop(token.state.pointer)
                return true
            }
            if wasRunning { abandoned.withLock { $0 += 1 } }
        }

        /// The run of `token` ended, on its thread; call it before the state is put back.
        func ended(_ token: RunToken) {
            let wasAbandoned = token.stage.withLock { stage in
                defer { stage = .ended }
                // Its stop is done with: the state's next run goes ahead.
                if stage == .abandoned { lr_jq_forget_stop(token.state.pointer) }
                return stage == .abandoned
            }
            if wasAbandoned { abandoned.withLock { $0 -= 1 } }
        }

        init(source: String, arguments: JQArguments, confined: Bool) {
            self.source = source
            self.arguments = arguments
            self.confined = confined
        }

        deinit { idle.withLock { $0.forEach { lr_jq_free($0.pointer) } } }

        func compile() throws(CompileError) -> State {
            var error: UnsafeMutablePointer<CChar>?
            let compiled = arguments.withCArguments { args, count in lr_jq_compile(source, args, count, confined ? 1 : 0, &error) }
            guard let pointer = compiled else {
                defer { lr_jq_free_text(error) }
                throw CompileError(description: error.map { String(cString: $0) } ?? "jq: compile error")
            }
            return State(pointer: pointer)
        }

        func take() -> State? {
            idle.withLock { $0.popLast() } ?? (try? compile())
        }

        /// A state not in use, if one is: never compiled for (a body tapped as it arrives, of
        /// which many may be in flight at once, waits for its end instead).
        func takeIdle() -> State? {
            idle.withLock { $0.popLast() }
        }

        func put(_ state: State) {
            idle.withLock { $0.append(state) }
        }
    }
}
