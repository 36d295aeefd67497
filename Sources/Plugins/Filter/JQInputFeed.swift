#if canImport(Glibc)
import Glibc
#endif
internal import CJQ

/// A run's input as it arrives, from the loop's thread to libjq's: chunks appended in order,
/// then the end (or a drop), taken one at a time by libjq's parser, which waits for the next.
///
/// Each chunk is copied once into memory of its own, which libjq's thread frees when its
/// parser is done with it: the body's own buffer grows (and moves) as it arrives.
final class JQInputFeed: @unchecked Sendable {
    /// Where the input stands, for libjq's thread.
    private enum End { case open, whole, dropped }

    // Guarded by `gate`, which wakes libjq's thread waiting for a chunk.
    private let gate = ThreadGate()
    private var queued: [UnsafeMutableRawBufferPointer] = []
    private var nextQueued = 0
    private var end = End.open
    /// The chunk libjq's parser reads now: touched only by libjq's thread (and `deinit`,
    /// once that thread let go of the feed).
    private var reading: UnsafeMutableRawBufferPointer?

    deinit {
        reading?.deallocate()
        for chunk in queued[nextQueued...] { chunk.deallocate() }
    }

    // MARK: the loop's thread

    /// The next bytes of the input, copied.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        chunk.copyMemory(from: bytes)
        let taken: Bool = gate.locked {
            guard end == .open else { return false }
            queued.append(chunk)
            gate.signal()
            return true
        }
        if !taken { chunk.deallocate() }
    }

    /// The input ended whole: the parser finishes with what it has.
    func finish() {
        gate.locked {
            if end == .open { end = .whole }
            gate.signal()
        }
    }

    /// The input will never end whole: the run stops at its next read.
    func drop() {
        gate.locked {
            if end == .open { end = .dropped }
            gate.signal()
        }
    }

    // MARK: libjq's thread

    /// The next chunk, waiting for it (see `lr_jq_feed`): 1 with it, 0 at the end, -1 once
    /// dropped. The chunk before it is freed: the parser has read it all.
    func next(_ bytes: UnsafeMutablePointer<UnsafePointer<CChar>?>, _ length: UnsafeMutablePointer<Int>) -> Int32 {
        reading?.deallocate()
        reading = nil
        let (chunk, ending): (UnsafeMutableRawBufferPointer?, End) = gate.locked {
            while nextQueued == queued.count, end == .open { gate.wait() }
            guard end != .dropped, nextQueued < queued.count else { return (nil, end) }
            defer {
                nextQueued += 1
                // Taken slots are let go once most of the queue is: it never holds more than
                // the chunks not yet read, and never moves them one by one.
                if nextQueued == queued.count || nextQueued >= 64 && nextQueued * 2 >= queued.count {
                    queued.removeFirst(nextQueued)
                    nextQueued = 0
                }
            }
            return (queued[nextQueued], end)
        }
        guard let chunk else { return ending == .dropped ? -1 : 0 }
        reading = chunk
        bytes.pointee = UnsafePointer(chunk.baseAddress!.assumingMemoryBound(to: CChar.self))
        length.pointee = chunk.count
        return 1
    }

    /// `next`, as libjq's `lr_jq_feed` calls it.
    static let feed: lr_jq_feed = { info, bytes, length in
        guard let info, let bytes, let length else { return -1 }
        return Unmanaged<JQInputFeed>.fromOpaque(info).takeUnretainedValue().next(bytes, length)
    }
}
