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
    /// loop not get to it, a second signal or the end of its patience ends the process from
    /// outside the loop (`LastResort`); a handler that lets the run go on calls
    /// `LastResort.disarm()`. `interruptMayNotEnd`: Ctrl-C may only cancel (the full-screen
    /// view), so the loop gets a second to decide; every other ending signal ends the run
    /// whatever the loop is doing, within DESIGN's 100 ms.
    static func watch(on loop: EventLoop, interruptMayNotEnd: Bool = false,
                      _ handler: @escaping (Int32, Int32) -> Void) -> [LoopSource] {
        let watches = all.map { signal, status in
            loop.onSignal(signal) {
                LastResort.hold()
                handler(signal, status)
            }
        }
        for (signal, status) in all {
            let patience = signal == SIGINT && interruptMayNotEnd ? LastResort.decidingPatience : LastResort.endingPatience
            LastResort.watch(signal, status: status, patience: patience)
        }
        return watches
    }
}
