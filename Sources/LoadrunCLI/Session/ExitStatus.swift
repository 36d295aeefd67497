/// loadrun's exit codes, documented in `--help` and the README.
package enum ExitStatus {
    package static let success: Int32 = 0
    package static let someFailed: Int32 = 1
    package static let allFailed: Int32 = 2
    package static let usage: Int32 = 64
    /// EX_IOERR: the output could not be written.
    package static let outputFailed: Int32 = 74
    package static let interrupted: Int32 = 130
    package static let terminated: Int32 = 143
    package static let hangUp: Int32 = 129

    package static let helpText = """
        EXIT CODES
          0    success
          1    some sources failed
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
