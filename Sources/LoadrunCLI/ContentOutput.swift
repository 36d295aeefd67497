#if canImport(Glibc)
import Glibc
#endif
import Loader

/// stdout for content, shared by a session and its presenter, written without ever blocking
/// the loop: what a slow reader has not taken yet waits here, and goes out when the loop sees
/// stdout writable again.
///
/// A run that loads once keeps everything for the reader (the session drains it before it
/// ends, and a signal still ends it). A watch keeps at most `coalescingLimit` bytes waiting:
/// past that the oldest whole writes are dropped, so a reader that stopped reading costs
/// bounded memory and, when it reads again, gets the newest content.
///
/// The first write that fails ends the output: EPIPE quietly (the reader left), anything else
/// (ENOSPC, EIO, a stdout closed at start) as the run's error.
final class ContentOutput {
    private let fd = StandardStreams.nonBlockingOutput
    /// Writes not yet out, oldest first; the first may be partly out.
    private var pending: [[UInt8]] = []
    private var pendingOffset = 0
    private var pendingBytes = 0
    private var writableWatch: LoopSource?
    private var loop: EventLoop?
    /// At most this many bytes wait for a watch's reader; nil keeps all (a run that loads once).
    private var coalescingLimit: Int?

    /// Why the output ended, once a write failed.
    private(set) var failure: OutputFailure?
    /// Called once, on the first failed write.
    var onClosed: ((OutputFailure) -> Void)?

    /// Whether writing has stopped for good.
    var isClosed: Bool { failure != nil }

    /// Whether some content still waits for the reader.
    var hasPending: Bool { !pending.isEmpty && failure == nil }

    /// Writes wait on `loop` for a slow reader; `coalescing` keeps only the newest content
    /// past `limit` bytes (a watch).
    func attach(to loop: EventLoop, coalescingPast limit: Int?) {
        self.loop = loop
        coalescingLimit = limit
    }

    /// Writes `text`, now if the reader takes it, or once it does.
    func write(_ text: String) {
        guard failure == nil, !text.isEmpty else { return }
        if StandardStreams.closedAtStart.contains(STDOUT_FILENO) { return fail(EBADF) }
        let bytes = Array(text.utf8)
        if pending.isEmpty {
            let written = writeNow(bytes[...])
            guard failure == nil, written < bytes.count else { return }
            pending = [Array(bytes[written...])]
            pendingBytes = bytes.count - written
            return waitForReader()
        }
        pending.append(bytes)
        pendingBytes += bytes.count
        if let limit = coalescingLimit, pendingBytes > limit { dropOldest(keepingUnder: limit) }
    }

    /// Writes what it can of `bytes` without waiting; returns how many went out.
    private func writeNow(_ bytes: ArraySlice<UInt8>) -> Int {
        let (written, failure) = bytes.withUnsafeBytes { OutputStream.write(fd, $0) { false } }
        if let failure { fail(failure) }
        return written
    }

    /// Writes that have not begun go, oldest first, until what waits fits under `limit`; the
    /// one partly out stays, so the reader never gets half of one.
    private func dropOldest(keepingUnder limit: Int) {
        let oldest = pendingOffset > 0 ? 1 : 0
        // The newest write always stays.
        while pendingBytes > limit, pending.count > oldest + 1 {
            pendingBytes -= pending[oldest].count
            pending.remove(at: oldest)
        }
    }

    private func waitForReader() {
        guard writableWatch == nil else { return }
        guard let loop else {
            // No loop to wait on: wait here.
            while hasPending, OutputStream.waitUntilWritable(fd, milliseconds: -1) { flush() }
            return
        }
        writableWatch = loop.onWritable(fd) { [weak self] in
            guard let self else { return false }
            flush()
            if hasPending { return true }
            writableWatch = nil
            return false
        }
    }

    private func flush() {
        while let first = pending.first, failure == nil {
            let written = writeNow(first[pendingOffset...])
            pendingOffset += written
            pendingBytes -= written
            guard pendingOffset == first.count else { return }
            pending.removeFirst()
            pendingOffset = 0
        }
    }

    private func fail(_ code: Int32) {
        guard failure == nil else { return }
        let failure = OutputFailure(code: code)
        self.failure = failure
        pending = []
        pendingBytes = 0
        writableWatch?.cancel()
        writableWatch = nil
        onClosed?(failure)
    }
}
