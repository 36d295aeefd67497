#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Work off the loop whose result comes back later, as a callback on the loop, rather than
/// being waited for there and then (`OffLoop.run` turns the loop inside its caller): what a
/// value that decides (the session machine) asks for as a command, and is told as an event,
/// so that nothing turns the loop inside it.
extension OffLoop {
    /// A wait for work started by `start(until:_:then:)`, which `cancel` calls off: its
    /// callback is then told `.cancelled` at once, and the work is left to its thread.
    public final class Later {
        fileprivate var callOff: (() -> Void)?
        fileprivate init() {}

        /// Whether the callback was called.
        public var hasEnded: Bool { callOff == nil }

        public func cancel() { callOff?() }
    }

    /// Starts `work` on a thread of its own; `then` is called once on this thread's loop with
    /// its result, or with why it was not waited for: `deadline` passed, or the wait was
    /// cancelled. Without a running loop on this thread (a test, a subcommand), or when no
    /// thread can be made, `work` runs here and `then` is called before this returns.
    @discardableResult
    public static func start<T: Sendable>(until deadline: ContinuousClock.Instant? = nil, _ work: @escaping @Sendable () -> T,
                                          then: @escaping (Result<T, Stop>) -> Void) -> Later {
        let later = Later()
        var ends: [Int32] = [-1, -1]
        guard let loop = EventLoop.current, loop.isRunning,
              socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            then(.success(work()))
            return later
        }
        // The thread owns the write end, the loop the read end: a byte says the result is in
        // (sent without SIGPIPE, for a wait called off has closed its end).
        let handoff = Handoff<T>(writeEnd: ends[1])
        guard spawn({ handoff.finish(work()) }) else {
            close(ends[0])
            close(ends[1])
            then(.success(work()))
            return later
        }
        var watch: LoopSource?
        var timer: LoopSource?
        let readEnd = ends[0]
        let end: (Result<T, Stop>) -> Void = { result in
            guard later.callOff != nil else { return }
            later.callOff = nil
            watch?.cancel()
            timer?.cancel()
            close(readEnd)
            then(result)
        }
        later.callOff = { end(.failure(.cancelled)) }
        watch = loop.onReadable(readEnd) {
            // The byte follows the result, and the end of the socket follows the byte.
            guard let value = handoff.value else { return true }
            end(.success(value))
            return false
        }
        if let deadline {
            timer = loop.schedule(after: max(deadline - .now, .zero)) { end(.failure(.deadline)) }
        }
        return later
    }

    /// Runs `body` on a detached thread of its own; false when none could be made.
    static func spawn(_ body: @escaping @Sendable () -> Void) -> Bool {
        let job = Unmanaged.passRetained(Body(body)).toOpaque()
        var handle = pthread_t()
        // One retain for the thread, released by it when the body is done.
        guard pthread_create(&handle, nil, { data in
            Unmanaged<Body>.fromOpaque(data!).takeRetainedValue().run()
            return nil
        }, job) == 0 else {
            Unmanaged<Body>.fromOpaque(job).release()
            return false
        }
        pthread_detach(handle)
        return true
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// The result, handed from the work's thread to the loop's.
    private final class Handoff<T: Sendable>: Sendable {
        private let result = Mutex<T?>(nil)
        private let writeEnd: Int32

        init(writeEnd: Int32) { self.writeEnd = writeEnd }

        var value: T? { result.withLock { $0 } }

        func finish(_ value: T) {
            result.withLock { $0 = value }
            var byte: UInt8 = 1
            _ = send(writeEnd, &byte, 1, Int32(MSG_NOSIGNAL))
            close(writeEnd)
        }
    }
}
