#if canImport(Glibc)
import Glibc
#endif
internal import Loader

/// One run's results on their way from libjq's thread to the loop's, bounded either way.
///
/// - Kept (no stream): the results wait here until the run ends, up to `keptLimit` bytes;
///   past it the run is stopped and says why, so `range(1e9)` costs bounded memory.
/// - Streamed: the loop takes them as they come (`handOver`), and libjq's thread waits while
///   more than `streamWindow` bytes are not taken yet, as `jq` blocks on a slow reader. A
///   taker that wants no more (`| head -1` has left) stops the run at its next result.
///
/// The fingerprint of every result, kept or handed over, is folded in as they come, so that
/// a streamed run has the fingerprint of the same run kept whole.
final class JQResultFlow: @unchecked Sendable {
    /// Why the run was stopped before it ended.
    enum Stop: Equatable {
        /// Its kept results passed `keptLimit`.
        case tooMany
        /// Its taker wants no more.
        case takerDone
        /// The loop stopped waiting for it (deadline, cancellation, the run's end).
        case abandoned
    }

    /// How many bytes of results stream ahead of their taker before libjq's thread waits.
    static let streamWindow = 1 << 20
    /// The loop is woken for the results once this many bytes wait, or once the first of
    /// them has waited `batchDelay`: taken one by one, each would cost a turn of the loop and
    /// a render (3 million results took 30 s that way), and jq itself writes a pipe in blocks.
    static let batchBytes = 64 << 10
    static let batchDelay = Duration.milliseconds(50)
    /// What each result costs beyond its text, counted against the bounds: a small result is
    /// not free to keep.
    static let overheadPerResult = 32

    private let streams: Bool
    private let waker: LoopWaker?
    /// The loop's thread: a run that found no thread of its own runs there, and must never
    /// wait for the loop to take its results.
    private let loopThread = pthread_self()
    // Everything below is guarded by `gate`, which wakes libjq's thread waiting on the
    // stream's window. Unchecked for exclusivity at run time: the gate is what keeps two
    // accesses apart, and each result paid two runtime checks (a tenth of its way out).
    private let gate = ThreadGate()
    /// The most bytes kept; grows with an input that arrives (`allow(keptLimit:)`).
    @exclusivity(unchecked) private var keptLimit: Int
    @exclusivity(unchecked) private var waiting = JQResultLines()
    @exclusivity(unchecked) private var waitingBytes = 0
    @exclusivity(unchecked) private var handedOver = 0
    @exclusivity(unchecked) private var fingerprint: UInt64 = 0
    @exclusivity(unchecked) private var stop: Stop?
    /// When the first result waiting came, and whether the loop was woken for them.
    @exclusivity(unchecked) private var batchStarted = ContinuousClock.now
    @exclusivity(unchecked) private var woken = false
    @exclusivity(unchecked) private var debugMessages: [String] = []

    /// `streams`: a taker takes the results as they come, woken through `waker` (none: no
    /// loop turns, and the taker takes them all at the end).
    init(keptLimit: Int, streams: Bool, waker: LoopWaker?) {
        self.keptLimit = keptLimit
        self.streams = streams
        self.waker = waker
    }

    // MARK: libjq's thread

    /// A result, as compact JSON; whether the run must stop.
    func add(_ json: UnsafeRawBufferPointer) -> Bool {
        let print = ContentFingerprint.of(json)
        return gate.locked {
            guard stop == nil else { return true }
            fingerprint = ContentFingerprint.combining(fingerprint, print)
            if waiting.isEmpty { batchStarted = .now }
            waiting.append(json)
            waitingBytes += json.count + Self.overheadPerResult
            guard streams else {
                if waitingBytes > keptLimit { stop = .tooMany }
                return stop != nil
            }
            guard let waker, pthread_equal(pthread_self(), loopThread) == 0 else { return stop != nil }
            if !woken, waitingBytes >= Self.batchBytes || ContinuousClock.now - batchStarted >= Self.batchDelay {
                woken = true
                waker.wake()
            }
            // A first result alone is not handed over (see `handOver`): it is not waited on.
            while waitingBytes > Self.streamWindow, handedOver + waiting.count >= 2, stop == nil {
                waker.wake()
                gate.wait()
            }
            return stop != nil
        }
    }

    /// Keeps up to `limit` bytes from now on, where that is more: the limit of an input that
    /// grows as it arrives.
    func allow(keptLimit limit: Int) {
        gate.locked { keptLimit = max(keptLimit, limit) }
    }

    /// What `debug` said.
    func note(_ json: UnsafeRawBufferPointer) {
        let text = String(decoding: json, as: UTF8.self)
        gate.locked { debugMessages.append(text) }
    }

    // MARK: the loop's thread

    /// Hands the results not taken yet to `take`, once there are two at least (a single
    /// result is shown as itself, not as one of several), if `isReady`. `take` returns
    /// whether it wants more. Returns whether results wait on a taker that is not ready: the
    /// time that costs is the reader's, not the program's.
    @discardableResult
    func handOver(isReady: () -> Bool, take: (JQResultLines) -> Bool) -> Bool {
        // Asked before the lock: the taker's state is the loop's, and takes no lock of ours.
        let ready = isReady()
        var held = false
        let batch: JQResultLines = gate.locked {
            guard stop == nil, !waiting.isEmpty else { return JQResultLines() }
            guard handedOver + waiting.count >= 2 else {
                // Held for a second result: the next one wakes the loop again.
                woken = false
                return JQResultLines()
            }
            guard ready else {
                held = true
                return JQResultLines()
            }
            defer {
                waitingBytes = 0
                woken = false
                gate.broadcast()
            }
            handedOver += waiting.count
            return waiting.takeAll()
        }
        if !batch.isEmpty, !take(batch) { end(.takerDone) }
        return held
    }

    /// Stops the run at its next result, and frees its thread if it waits on the window.
    func end(_ reason: Stop) {
        gate.locked {
            if stop == nil { stop = reason }
            gate.broadcast()
        }
    }

    /// What the run left once it ended: the results not handed over, how many were, the
    /// fingerprint of all, what `debug` said, and why it was stopped, if it was.
    var outcome: (results: JQResultLines, handedOver: Int, fingerprint: UInt64, debugMessages: [String], stop: Stop?) {
        gate.locked { (waiting, handedOver, fingerprint, debugMessages, stop) }
    }
}
