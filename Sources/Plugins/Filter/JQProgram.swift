internal import CJQ
public import Loader
import Synchronization

/// A jq program, compiled once by libjq (jq 1.6) and run on JSON as the `jq` binary runs it:
/// jq's own language, numbers and key order, not a re-implementation.
///
/// A run goes on a thread of its own while the loop turns (`OffLoop`): libjq cannot be
/// interrupted, and a program that runs long (or for ever) must not hold signals, deadlines
/// and the screen. A run the loop stopped waiting for keeps its compiled state until it ends;
/// the next run compiles another.
public final class JQProgram {
    /// The program as it was written.
    public let source: String
    private let states: States

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
        public var results: [String]
        public var failure: String?
        public var debugMessages: [String] = []
        /// Why the run was not waited for to its end, if it was not: its failure says so, and
        /// what it would have given is unknown.
        public var stopped: OffLoop.Stop?
    }

    /// Compiles `source`; throws jq's messages when it does not compile.
    public init(_ source: String) throws(CompileError) {
        if let problem = lr_jq_open() {
            throw CompileError(description: "jq programs need libjq, which cannot be loaded (\(String(cString: problem))); install libjq1")
        }
        self.source = source
        states = States(source: source)
        states.put(try States.compile(source))
    }

    /// Runs the program on each JSON value in `input` (a document, or JSON Lines), off the
    /// loop; the wait ends at `deadline`, or when the loop is asked to stop, with a failure
    /// that says so.
    public func run(_ input: [UInt8], deadline: ContinuousClock.Instant? = nil) -> Run {
        // One run left to its thread at a time: a program that never ends, on every reload
        // of a watch, would otherwise leave a thread spinning per reload.
        if states.hasAbandonedRun { return Run(results: [], failure: "its last run is still going, left to its thread") }
        guard let state = states.take() else { return Run(results: [], failure: "the program no longer compiles") }
        let states = states
        let token = States.RunToken()
        let run = OffLoop.run(until: deadline) {
            defer {
                states.put(state)
                states.ended(token)
            }
            return Self.run(state, on: input)
        }
        guard case .failure(let stop) = run else { return (try? run.get()) ?? Run(results: [], failure: nil) }
        states.abandon(token)
        let words = switch stop {
        case .deadline: Self.pastDeadline
        case .cancelled: "the load was cancelled while the program ran"
        case .loopEnded: "the run ended while the program ran"
        }
        return Run(results: [], failure: words, stopped: stop)
    }

    /// What a run says that was still going when its deadline passed.
    public static let pastDeadline = "it was still running when its time was up"

    /// One run of `state`, on the thread it is given.
    private static func run(_ state: States.State, on input: [UInt8]) -> Run {
        let collected = Collected()
        let failure = withExtendedLifetime(collected) {
            input.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { text in
                    // Unretained: `collected` outlives the run, which calls back only during it.
                    lr_jq_run(state.pointer, text.baseAddress, text.count, Collected.emit, Collected.note,
                              Unmanaged.passUnretained(collected).toOpaque())
                }
            }
        }
        defer { lr_jq_free_text(failure) }
        return Run(results: collected.results, failure: failure.map { String(cString: $0) }, debugMessages: collected.debugMessages)
    }

    /// The program's compiled states not in use: a run takes one (compiling another when all
    /// are out, with a run still going on another thread) and puts it back when done. Those
    /// here are freed with the last reference, which a run left to its thread may hold.
    private final class States: Sendable {
        /// A compiled state, used by one run at a time.
        struct State: @unchecked Sendable {
            let pointer: OpaquePointer
        }

        let source: String
        private let idle = Mutex<[State]>([])
        /// Runs the loop stopped waiting for that have not ended yet.
        private let abandoned = Mutex(0)

        /// Where one run stands, between its thread and the loop's.
        final class RunToken: Sendable {
            enum Stage { case running, ended, abandoned }
            let stage = Mutex(Stage.running)
        }

        var hasAbandonedRun: Bool { abandoned.withLock { $0 > 0 } }

        /// The loop stopped waiting for the run of `token`: counted until it ends.
        func abandon(_ token: RunToken) {
            let wasRunning = token.stage.withLock { stage in
                defer { if stage == .running { stage = .abandoned } }
                return stage == .running
            }
            if wasRunning { abandoned.withLock { $0 += 1 } }
        }

        /// The run of `token` ended, on its thread.
        func ended(_ token: RunToken) {
            let wasAbandoned = token.stage.withLock { stage in
                defer { stage = .ended }
                return stage == .abandoned
            }
            if wasAbandoned { abandoned.withLock { $0 -= 1 } }
        }

        init(source: String) { self.source = source }

        deinit { idle.withLock { $0.forEach { lr_jq_free($0.pointer) } } }

        static func compile(_ source: String) throws(CompileError) -> State {
            var error: UnsafeMutablePointer<CChar>?
            guard let pointer = lr_jq_compile(source, &error) else {
                defer { lr_jq_free_text(error) }
                throw CompileError(description: error.map { String(cString: $0) } ?? "jq: compile error")
            }
            return State(pointer: pointer)
        }

        func take() -> State? {
            idle.withLock { $0.popLast() } ?? (try? Self.compile(source))
        }

        func put(_ state: State) {
            idle.withLock { $0.append(state) }
        }
    }

    /// The results of a run in progress, as libjq hands them over.
    private final class Collected {
        var results: [String] = []
        var debugMessages: [String] = []

        static let emit: lr_jq_emit = { info, json, length in
            guard let info, let json else { return }
            Unmanaged<Collected>.fromOpaque(info).takeUnretainedValue().results.append(text(json, length))
        }

        static let note: lr_jq_emit = { info, json, length in
            guard let info, let json else { return }
            Unmanaged<Collected>.fromOpaque(info).takeUnretainedValue().debugMessages.append(text(json, length))
        }

        private static func text(_ bytes: UnsafePointer<CChar>, _ length: Int) -> String {
            bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
                String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
            }
        }
    }
}
