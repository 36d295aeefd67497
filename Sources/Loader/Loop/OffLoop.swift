#if canImport(Glibc)
import Glibc
#endif
internal import CGLib
import Synchronization

/// Work that must not hold the loop (a jq program, which libjq cannot interrupt): run on a
/// thread of its own while the loop of the calling thread goes on turning, so that signals,
/// timers, the screen and other loads go on meanwhile (DESIGN, "Ending: never wait on a
/// library").
///
/// Only the work runs off the loop, and it touches nothing of GLib's or libsoup's. The wait
/// ends when the work does, when `deadline` passes, or when the loop is asked to stop; the
/// work is then left to its thread, whose result nobody takes and which the process's exit
/// ends.
public enum OffLoop {
    /// Why a wait ended before its work did.
    public enum Stop: Error, Equatable {
        /// Its deadline, or the deadline of the load it works for, passed.
        case deadline
        /// The load it works for was cancelled.
        case cancelled
        /// The loop was asked to stop: the run is ending.
        case loopEnded
    }

    /// `work`'s result, or why the wait ended first. Without a running loop on this thread (a
    /// test, a subcommand), `work` runs here. `onTurn` runs on the loop's thread after each
    /// turn of the wait: it takes what the work hands over as it goes (a jq program's
    /// results, streamed), and the work wakes the loop for it. It returns whether the work
    /// waits on its taker (a slow reader of stdout): that turn's time moves the deadline on,
    /// for it is the reader's, not the work's.
    public static func run<T: Sendable>(until deadline: ContinuousClock.Instant? = nil, onTurn: (() -> Bool)? = nil,
                                        _ work: @escaping @Sendable () -> T) -> Result<T, Stop> {
        guard let started = start(work) else { return .success(work()) }
        return wait(for: started, until: deadline, onTurn: onTurn)
    }

    /// Work started on a thread of its own, whose result a later `wait` takes: a jq program
    /// that parses a body while the loop reads it. Dropped unwaited, it is left to its thread.
    public final class Started<T: Sendable> {
        fileprivate let box: ResultBox<T>
        fileprivate init(box: ResultBox<T>) { self.box = box }

        /// Whether the work has ended.
        public var hasEnded: Bool { box.result != nil }
    }

    /// Starts `work` on a thread of its own, while the loop of this thread goes on turning;
    /// nil, with `work` not run, without a running loop or when no thread can be made.
    public static func start<T: Sendable>(_ work: @escaping @Sendable () -> T) -> Started<T>? {
        guard let loop = EventLoop.current, loop.isRunning else { return nil }
        let box = ResultBox<T>(waking: loop.makeWaker())
        guard spawn({ box.finish(work()) }) else { return nil }
        return Started(box: box)
    }

    /// The result of `started`, or why the wait ended first (see `run`), turning this
    /// thread's loop meanwhile.
    public static func wait<T: Sendable>(for started: Started<T>, until deadline: ContinuousClock.Instant? = nil,
                                         onTurn: (() -> Bool)? = nil) -> Result<T, Stop> {
        let box = started.box
        guard let loop = EventLoop.current, loop.isRunning else {
            return box.result.map { .success($0) } ?? .failure(.loopEnded)
        }
        let cancellation = loop.offLoopCancellations.last
        // The sooner of its own deadline and the one of the load it works for.
        var deadline = [deadline, cancellation?.deadline].compactMap { $0 }.min()
        // The deadline wakes the loop as the work's end does: a timer at it, set again should
        // it fire early (GLib counts whole milliseconds), so that no turn blocks past it.
        var timer: LoopSource?
        defer { timer?.cancel() }
        while box.result == nil, loop.isRunning, deadline.map({ .now < $0 }) ?? true, cancellation?.isCancelled != true {
            if let deadline, timer?.isCancelled ?? true {
                timer = loop.schedule(after: max(deadline - .now, .zero) + .milliseconds(1)) {}
            }
            let turnStarted = ContinuousClock.now
            loop.iterate(blocking: true)
            if onTurn?() == true, let due = deadline {
                deadline = due + (.now - turnStarted)
                timer?.cancel()
            }
        }
        if let result = box.result { return .success(result) }
        if cancellation?.isCancelled == true { return .failure(.cancelled) }
        return .failure(loop.isRunning ? .deadline : .loopEnded)
    }

    /// Runs `body`, in which a wait of `run` ends too once `cancellation` is cancelled (a load
    /// whose decoding waits on a jq program is cancelled: Ctrl-C, the run's end).
    public static func cancellable<T>(by cancellation: Cancellation, _ body: () -> T) -> T {
        guard let loop = EventLoop.current else { return body() }
        loop.offLoopCancellations.append(cancellation)
        defer { loop.offLoopCancellations.removeLast() }
        return body()
    }

    /// Ends the waits of `run` within `cancellable`, from the loop's thread, or at `deadline`.
    public final class Cancellation {
        public private(set) var isCancelled = false
        public let deadline: ContinuousClock.Instant?
        public init(deadline: ContinuousClock.Instant? = nil) { self.deadline = deadline }
        public func cancel() { isCancelled = true }
    }

    /// The result, handed from the work's thread to the loop's, which it wakes.
    fileprivate final class ResultBox<T: Sendable>: Sendable {
        private let value = Mutex<T?>(nil)
        private let waker: LoopWaker

        init(waking waker: LoopWaker) { self.waker = waker }

        var result: T? { value.withLock { $0 } }

        func finish(_ result: T) {
            value.withLock { $0 = result }
            waker.wake()
        }
    }
}
