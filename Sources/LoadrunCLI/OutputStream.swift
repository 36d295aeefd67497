#if canImport(Glibc)
import Glibc
#endif

/// The reader of stdout went away (EPIPE): stop writing and exit quietly.
package struct BrokenPipe: Error {}

/// Writes to a file descriptor and checks every write.
///
/// GLib ignores SIGPIPE once a socket exists, and loadrun ignores it from the start, so a
/// closed pipe shows up here as EPIPE instead of killing the process.
package struct OutputStream {
    let fd: Int32

    package static let standardOutput = OutputStream(fd: STDOUT_FILENO)
    package static let standardError = OutputStream(fd: STDERR_FILENO)

    /// Writes all of `text`, retrying short writes and EINTR.
    package func write(_ text: String) throws(BrokenPipe) {
        var text = text
        let failed = text.withUTF8 { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno == EAGAIN {
                    // A non-blocking descriptor inherited from the caller: wait until it drains.
                    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                } else if errno != EINTR {
                    return true
                }
            }
            return false
        }
        if failed { throw BrokenPipe() }
    }

    /// Writes diagnostics, where a failure has nowhere left to be reported.
    package func report(_ text: String) {
        try? write(text)
    }
}
