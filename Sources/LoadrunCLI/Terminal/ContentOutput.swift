#if canImport(Glibc)
import Glibc
#endif
import Loader

/// stdout: one per run, built by the front end, and the only way anything reaches fd 1.
/// Content is written without ever blocking the loop: what a slow reader has not taken yet
/// waits here, and goes out when the loop sees stdout writable again. What a terminal draws
/// (the skeleton, the full-screen view's frames and modes) goes out whole, at once (`draw`).
///
/// A run that loads once keeps everything for the reader (the session drains it before it
/// ends, and a signal still ends it). A watch keeps at most `coalescingLimit` bytes waiting:
/// past that the oldest whole writes are dropped, so a reader that stopped reading costs
/// bounded memory and, when it reads again, gets the newest content.
///
/// The first write that fails ends the output: EPIPE quietly (the reader left), anything else
/// (ENOSPC, EIO, a stdout closed at start) as the run's error.
package final class ContentOutput {
    /// Opened on the first write: a run that writes nothing on stdout opens nothing for it.
    private lazy var fd = StandardStreams.nonBlockingOutput
    /// Writes not yet out, oldest first, from `head` on; the one at `head` may be partly out
    /// (`headOffset` bytes). Gone writes are cleared in place and the array compacted now and
    /// then: a slow reader of a long render can leave hundreds of thousands of pieces waiting,
    /// and taking each off the front would copy the rest every time.
    private var pending: [[UInt8]] = []
    private var head = 0
    private var headOffset = 0
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
    var hasPending: Bool { head < pending.count && failure == nil }

    /// Whether so much content waits for the reader that a writer who can wait should: content
    /// made as it is printed (a jq program's results) waits while its reader is slow.
    var isBacklogged: Bool { pendingBytes > Self.backlog }

    private static let backlog = 1 << 20

    /// The run's one stdout; `RunContext` builds it.
    package init() {}

    /// Writes wait on `loop` for a slow reader; `coalescing` keeps only the newest content
    /// past `limit` bytes (a watch).
    func attach(to loop: EventLoop, coalescingPast limit: Int?) {
        self.loop = loop
        coalescingLimit = limit
    }

    /// Writes `text`, now if the reader takes it, or once it does. Without a loop to wait on
    /// (a listing, `--help`), it waits here for a slow reader.
    package func write(_ text: String) {
        guard failure == nil, !text.isEmpty else { return }
        write(bytes: Array(text.utf8))
    }

    /// Writes the UTF-8 `bytes`, as `write` writes a string's.
    package func write(bytes: [UInt8]) {
        guard failure == nil, !bytes.isEmpty else { return }
        if StandardStreams.closedAtStart.contains(STDOUT_FILENO) { return fail(EBADF) }
        guard hasPending else {
            let written = writeNow(bytes[...])
            guard failure == nil, written < bytes.count else { return }
            pending = [Array(bytes[written...])]
            head = 0
            headOffset = 0
            pendingBytes = bytes.count - written
            return waitForReader()
        }
        pendingBytes += bytes.count
        if let limit = coalescingLimit {
            // A watch keeps each write whole, to drop whole ones.
            pending.append(bytes)
            if pendingBytes > limit { dropOldest(keepingUnder: limit) }
        } else if let last = pending.indices.last, last > head || headOffset == 0, pending[last].count < Self.pieceSize {
            // A run that loads once joins small pieces: fewer writes, fewer arrays.
            pending[last].append(contentsOf: bytes)
        } else {
            pending.append(bytes)
        }
    }

    /// Writes `text` whole before returning, after any content still waiting, and waits for
    /// the terminal as long as it takes: a drawing (a frame rewrites only the rows that changed
    /// since the one before, and the modes must be put back) cannot be dropped or held back.
    /// Returns whether it went out.
    ///
    /// A drawing's failure is not the run's: it is not kept in `failure`, and it stops nothing.
    /// Drawings go to a terminal, and a terminal that goes away sends SIGHUP, whose status is
    /// the run's; the codes that leave the full-screen view still go out after content failed.
    @discardableResult
    func draw(_ text: String) -> Bool {
        if StandardStreams.closedAtStart.contains(STDOUT_FILENO) { return false }
        while hasPending, OutputStream.waitUntilWritable(fd, milliseconds: -1) { flush() }
        var text = text
        return text.withUTF8 { buffer in
            OutputStream.write(fd, UnsafeRawBufferPointer(buffer)) { OutputStream.waitUntilWritable(fd, milliseconds: -1) }.failure == nil
        }
    }

    /// How large a waiting piece grows before another starts.
    private static let pieceSize = 64 << 10

    /// Writes what it can of `bytes` without waiting; returns how many went out.
    private func writeNow(_ bytes: ArraySlice<UInt8>) -> Int {
        let (written, failure) = bytes.withUnsafeBytes { OutputStream.write(fd, $0) { false } }
        if let failure { fail(failure) }
        return written
    }

    /// Writes that have not begun go, oldest first, until what waits fits under `limit`; the
    /// one partly out stays, so the reader never gets half of one, and so does the newest.
    private func dropOldest(keepingUnder limit: Int) {
        let firstDroppable = head + (headOffset > 0 ? 1 : 0)
        var keepFrom = pending.count - 1
        var kept = pendingBytes
        var index = firstDroppable
        while index < keepFrom, kept > limit {
            kept -= pending[index].count
            index += 1
        }
        keepFrom = index
        guard keepFrom > firstDroppable else { return }
        pending.removeSubrange(firstDroppable..<keepFrom)
        pendingBytes = kept
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
        while head < pending.count, failure == nil {
            let written = writeNow(pending[head][headOffset...])
            // A failed write has emptied the queue.
            guard failure == nil else { return }
            headOffset += written
            pendingBytes -= written
            guard headOffset == pending[head].count else { return }
            pending[head] = []
            head += 1
            headOffset = 0
        }
        if head == pending.count {
            pending = []
            head = 0
        } else if head >= 1024, head * 2 >= pending.count {
            pending.removeFirst(head)
            head = 0
        }
    }

    private func fail(_ code: Int32) {
        guard failure == nil else { return }
        let failure = OutputFailure(code: code)
        self.failure = failure
        pending = []
        head = 0
        headOffset = 0
        pendingBytes = 0
        writableWatch?.cancel()
        writableWatch = nil
        onClosed?(failure)
    }
}
