/// How a run of loadrun ended, as every command and the session say it; `exitStatus` makes it
/// the process's exit status, in this one place.
package enum RunOutcome: Equatable {
    /// Every source loaded (or the run was quit, or its reader left); help, a listing.
    case success
    /// Some sources failed.
    case someFailed
    /// All sources failed.
    case allFailed
    /// The command line, the sources file or the plan was wrong: nothing was loaded.
    case usage
    /// stdout could not be written (ENOSPC, EIO, a closed stdout).
    case outputFailed
    /// Ended by a signal, SIGINT, SIGTERM or SIGHUP: its number.
    case signal(Int32)
    /// `--until-timeout` passed before the condition held (`kubectl wait`'s 1).
    case conditionNotMet

    /// The exit status, documented in `--help` (`helpText`) and the README: 74 is sysexits'
    /// EX_IOERR, 64 its EX_USAGE, and a signal's is 128 plus its number, as shells report one.
    package var exitStatus: Int32 {
        switch self {
        case .success: 0
        case .someFailed, .conditionNotMet: 1
        case .allFailed: 2
        case .usage: 64
        case .outputFailed: 74
        case .signal(let number): 128 + number
        }
    }

    package static let helpText = """
        EXIT CODES
          0    success
          1    some sources failed, or --until-timeout passed before the
               condition held
          2    all sources failed
          64   usage error
          74   the output could not be written (no space left, an I/O
               error, a closed stdout); a reader that leaves (| head) is 0
          130  ended by SIGINT (Ctrl-C)
          143  ended by SIGTERM
          129  ended by SIGHUP

        SIGNALS
          SIGINT (Ctrl-C)   cancel loads and retry waits; a second one quits at once;
                            with --watch, quit when nothing is in flight or on a
                            second Ctrl-C within 1 s
          SIGTERM, SIGHUP   cancel everything and exit
          SIGUSR1           load again now; a load in flight is skipped, with a note
          SIGUSR2           retry a failed source now, with its backoff reset
          SIGWINCH          use the terminal's new width
          A run whose loop has not taken SIGINT, SIGTERM or SIGHUP in hand within
          60 ms (a stuck library, an output that blocks), or that gets a second one
          first, ends at once from outside its loop, the terminal restored, with
          that status; Ctrl-C on the full-screen view gives the loop 1 s.
        """
}
