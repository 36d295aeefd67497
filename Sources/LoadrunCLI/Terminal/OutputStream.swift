#if canImport(Glibc)
import Glibc
#endif

/// Writes to a file descriptor and checks every write: what `ContentOutput` and
/// `ErrorOutput` write through.
///
/// GLib ignores SIGPIPE once a socket exists, and loadrun ignores it from the start, so a
/// closed pipe shows up here as EPIPE instead of killing the process.
enum OutputStream {
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
}
