/// Why a session ended before its sources all came to rest.
enum SessionEnding: Equatable {
    /// SIGINT, SIGTERM or SIGHUP, by its number; `RunOutcome.signal` makes it the exit status.
    case signal(number: Int32)
    /// `q` in the full-screen view.
    case quit
    /// The reader of stdout went away.
    case stdoutClosed
    /// stdout could not be written (ENOSPC, EIO, closed at start): the run's error.
    case outputFailed(OutputFailure)
    /// A source had nowhere to load from (the embedded sample source could not start), so
    /// nothing loaded.
    case unstarted
    /// Every source met the wait's condition (`--until`…).
    case conditionMet
    /// `--until-timeout` passed before every source met the condition.
    case waitTimedOut
}
