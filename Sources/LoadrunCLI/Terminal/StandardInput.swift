#if canImport(Glibc)
import Glibc
#endif

/// What the process's standard input is, as `jq` tells it: content when a pipe, a socket or a
/// regular file (even an empty one) is on it; nothing to read when it is a terminal, a device
/// such as `/dev/null`, or closed, as it is for cron jobs and most CI.
package enum StandardInput {
    /// Whether standard input holds content to load.
    package static var holdsContent: Bool {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else { return false }
        switch status.st_mode & S_IFMT {
        case S_IFIFO, S_IFREG, S_IFSOCK: return true
        default: return false
        }
    }
}
