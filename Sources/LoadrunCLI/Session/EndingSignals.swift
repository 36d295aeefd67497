#if canImport(Glibc)
import Glibc
#endif
import Loader

/// The signals that end a run: the one place where they are registered, for a load session
/// and for `loadrun serve` alike. `RunOutcome.signal` gives each its exit status.
enum EndingSignals {
    static let all: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Calls `handler(signal)` on the loop whenever one of them arrives. Should the loop not
    /// get to it, a second signal or the end of its patience ends the process from outside the
    /// loop (`LastResort`); a handler that lets the run go on calls `LastResort.disarm()`.
    /// `interruptMayNotEnd`: Ctrl-C may only cancel (the full-screen view), so the loop gets a
    /// second to decide; every other ending signal ends the run whatever the loop is doing,
    /// within DESIGN's 100 ms.
    static func watch(on loop: EventLoop, interruptMayNotEnd: Bool = false,
                      _ handler: @escaping (Int32) -> Void) -> [LoopSource] {
        let watches = all.map { signal in
            loop.onSignal(signal) {
                LastResort.hold()
                handler(signal)
            }
        }
        for signal in all {
            let patience = signal == SIGINT && interruptMayNotEnd ? LastResort.decidingPatience : LastResort.endingPatience
            LastResort.watch(signal, status: RunOutcome.signal(signal).exitStatus, patience: patience)
        }
        return watches
    }
}
