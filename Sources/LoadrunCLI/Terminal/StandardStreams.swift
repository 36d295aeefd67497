#if canImport(Glibc)
import Glibc
#endif

/// fds 0, 1 and 2 as loadrun found them, and the descriptions it writes through.
///
/// A process started with one of them closed would hand its number to the first file GLib
/// opens (its wakeup eventfd, say): content written to "stdout" would then go there. So
/// `main` calls `claim()` before anything else, which opens `/dev/null` on each closed one and
/// remembers which they were.
package enum StandardStreams {
    /// The standard fds that were closed when loadrun started, now `/dev/null`.
    package static let closedAtStart: Set<Int32> = {
        var closed: Set<Int32> = []
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // The lowest free number is this one: every lower one is open by now.
            let opened = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened == fd { closed.insert(fd) } else if opened >= 0 { close(opened) }
        }
        return closed
    }()

    /// Checks fds 0, 1 and 2 now: the first thing `main` does.
    package static func claim() {
        _ = closedAtStart
    }

    /// A description of stdout of loadrun's own, in non-blocking mode, where stdout is a pipe,
    /// a FIFO or a character device (a terminal, /dev/full): a write then never blocks the
    /// loop. Setting O_NONBLOCK on fd 1 itself would set it on a description shared with the
    /// shell, and other programs on the same terminal or pipe would see EAGAIN. A regular file
    /// (whose offset a second description would not share) or a socket keeps fd 1.
    package static let nonBlockingOutput: Int32 = nonBlockingDescription(of: STDOUT_FILENO)

    /// The same for stderr.
    package static let nonBlockingError: Int32 = nonBlockingDescription(of: STDERR_FILENO)

    private static func nonBlockingDescription(of fd: Int32) -> Int32 {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return fd }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFIFO || kind == S_IFCHR else { return fd }
        let reopened = open("/proc/self/fd/\(fd)", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        return reopened >= 0 ? reopened : fd
    }
}
