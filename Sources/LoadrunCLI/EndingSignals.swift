#if canImport(Glibc)
import Glibc
#endif
import Loader

/// The signals that end a run, and the exit status each means: the one place where they are
/// registered, for a load session and for `loadrun serve` alike.
enum EndingSignals {
    static let all: [(signal: Int32, status: Int32)] = [
        (SIGINT, ExitStatus.interrupted), (SIGTERM, ExitStatus.terminated), (SIGHUP, ExitStatus.hangUp),
    ]

    /// Calls `handler(signal, status)` on the loop whenever one of them arrives. Should the
    /// loop not get to it, a second signal or a second's wait ends the process from outside
    /// the loop (`LastResort`); a handler that lets the run go on calls `LastResort.disarm()`.
    static func watch(on loop: EventLoop, _ handler: @escaping (Int32, Int32) -> Void) -> [LoopSource] {
        let watches = all.map { signal, status in loop.onSignal(signal) { handler(signal, status) } }
        for (signal, status) in all { LastResort.watch(signal, status: status) }
        return watches
    }
}
