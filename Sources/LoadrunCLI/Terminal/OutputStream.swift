#if canImport(Glibc)
import Glibc
#endif

/// Writes to a file descriptor and checks every write.
///
/// GLib ignores SIGPIPE once a socket exists, and loadrun ignores it from the start, so a
/// closed pipe shows up here as EPIPE instead of killing the process.
package struct OutputStream {
    let fd: Int32

    package static let standardOutput = OutputStream(fd: STDOUT_FILENO)
    package static let standardError = OutputStream(fd: STDERR_FILENO)

    /// Writes all of `text`, retrying short writes and EINTR, and waiting while the reader is
    /// slow. For the full-screen view, whose frames must go out whole; content goes through
    /// `ContentOutput`, which never waits.
    package func write(_ text: String) throws(OutputFailure) {
        if StandardStreams.closedAtStart.contains(fd) { throw OutputFailure(code: EBADF) }
        var text = text
        let failure = text.withUTF8 { buffer in
            // A non-blocking descriptor inherited from the caller: wait until it drains.
            Self.write(fd, UnsafeRawBufferPointer(buffer)) { Self.waitUntilWritable(fd, milliseconds: -1) }.failure
        }
        if let failure { throw OutputFailure(code: failure) }
    }

    /// Writes `buffer` to `fd`, retrying short writes and EINTR. When the fd is full (EAGAIN),
    /// `whenFull` decides: true to try again (having waited), false to stop there. Returns how
    /// much went out, and the errno of a write that failed.
    static func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, whenFull: () -> Bool) -> (written: Int, failure: Int32?) {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written >= 0 {
                offset += written
            } else if errno == EAGAIN {
                guard whenFull() else { break }
            } else if errno != EINTR {
                return (offset, errno)
            }
        }
        return (offset, nil)
    }

    /// Waits until `fd` takes a write, at most `milliseconds` (-1: for as long as it takes);
    /// returns whether it does.
    static func waitUntilWritable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&ready, 1, milliseconds) > 0
    }

    /// Writes diagnostics, where a failure has nowhere left to be reported.
    package func report(_ text: String) {
        try? write(text)
    }
}
