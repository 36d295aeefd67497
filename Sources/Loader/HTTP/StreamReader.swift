internal import CGLib

/// Reads a `GInputStream` to its end on the loop, in chunks, never holding more than a cap.
/// A live tap's body (see `BodyTap.isLive`) goes to the tap alone: nothing is held, and no cap
/// applies.
///
/// Each pending read holds one retain of the reader, released in its callback. Cancel the
/// reads through the `GCancellable` the reader was given.
final class StreamReader {
    enum Failure: Error {
        /// More than `maxBytes` arrived.
        case tooLarge(received: Int)
        /// GIO reported an error, cancellation included.
        case failed(GLibError)
    }

    private let stream: InputStreamObject
    private let cancellable: Cancellable
    private let maxBytes: Int
    private let expectedBytes: Int?
    private let progress: (LoadProgress) -> Void
    /// Takes each chunk as it is read (see `BodyTap`); let go once the body ends or fails.
    private var tap: (any BodyTap)?
    /// Told when reading stops for a live tap's slow reader (true), and goes on (false).
    private let waitsForTap: ((Bool) -> Void)?
    private let loop: EventLoop
    private var completion: ((Result<[UInt8], Failure>) -> Void)?
    private var body: [UInt8] = []
    /// The body's bytes so far, held or not.
    private var received = 0
    /// Whether the body goes to a live tap alone.
    private let isLive: Bool
    /// Whether the body is kept here as it comes (see `BodyTap.keepsBody`).
    private let keepsBody: Bool

    private static let chunkSize = 64 * 1024

    init(stream: InputStreamObject, loop: EventLoop, cancellable: Cancellable, maxBytes: Int, expectedBytes: Int?, tap: (any BodyTap)? = nil,
         waitsForTap: ((Bool) -> Void)? = nil,
         progress: @escaping (LoadProgress) -> Void, completion: @escaping (Result<[UInt8], Failure>) -> Void) {
        self.loop = loop
        self.waitsForTap = waitsForTap
        self.stream = stream
        self.cancellable = cancellable
        self.maxBytes = maxBytes
        self.expectedBytes = expectedBytes
        self.tap = tap
        isLive = tap?.isLive ?? false
        keepsBody = tap?.keepsBody ?? true
        self.progress = progress
        self.completion = completion
    }

    func start() {
        // A declared length is the wire's, which a Content-Encoding may multiply: a start, not a size.
        if keepsBody { body.reserveCapacity(min(expectedBytes ?? Self.chunkSize, maxBytes + 1)) }
        progress(LoadProgress(receivedBytes: 0, expectedBytes: expectedBytes))
        readNextChunk()
    }

    private func readNextChunk() {
        // Ask for at most one byte past the cap, so an oversized body is caught without
        // ever holding more than cap + 1 bytes.
        let room = maxBytes - received
        let wanted = isLive ? Self.chunkSize : room >= readSize ? readSize : room + 1
        g_input_stream_read_bytes_async(stream.pointer, gsize(wanted), G_PRIORITY_DEFAULT, cancellable.pointer, { _, result, data in
            let reader = Unmanaged<StreamReader>.fromOpaque(data!).takeRetainedValue()
            reader.didRead(result)
        }, Unmanaged.passRetained(self).toOpaque())
    }

    private func didRead(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        guard let bytes = g_input_stream_read_bytes_finish(stream.pointer, result, &error) else {
            let failure = error.map(GLibError.init(consuming:)) ?? GLibError(message: "the read failed for no stated reason")
            return finish(.failure(.failed(failure)))
        }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        guard size > 0, let data else { return finish(.success(body)) }

        received += Int(size)
        if keepsBody {
            reserve(room: Int(size))
            body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(size)))
        }
        if !isLive && received > maxBytes {
            return finish(.failure(.tooLarge(received: received)))
        }
        if let tap {
            // A live tap's own work (a jq program on each event, off the loop while it turns)
            // is no silence of the server's: the deadline waits for it, as for a slow reader.
            if isLive { waitsForTap?(true) }
            tap.take(UnsafeRawBufferPointer(start: data, count: Int(size)))
            if isLive {
                // Ended while the tap worked: a finished reader has nothing more to do, and a
                // cancelled one's next read ends at once, as a cancel does.
                guard completion != nil else { return }
                guard !cancellable.isCancelled else { return readNextChunk() }
                waitsForTap?(false)
            }
            // A live tap that wants no more (an event past its bound, a reader that left) ends
            // the body here; its decode says why. Cancelled, so that libsoup drops the
            // connection rather than reuse one with a body still coming.
            if isLive && !tap.wantsMore {
                cancellable.cancel()
                return finish(.success([]))
            }
        }
        progress(LoadProgress(receivedBytes: received, expectedBytes: expectedBytes))
        if isLive, let tap, !tap.isReadyForMore {
            waitsForTap?(true)
            return waitForTap()
        }
        readNextChunk()
    }

    /// Reads on once the live tap can take more, looking again every few milliseconds: the
    /// server meanwhile fills the connection's buffers and is held back by them.
    private func waitForTap() {
        loop.schedule(after: Self.tapCheck) { [self] in
            // Ended meanwhile (a cancel, the run's end): nothing more to read.
            guard completion != nil, !cancellable.isCancelled else { return }
            guard tap?.isReadyForMore ?? true else { return waitForTap() }
            waitsForTap?(false)
            readNextChunk()
        }
    }

    private static let tapCheck = Duration.milliseconds(10)

    /// How much the next read asks for. GIO allocates that much for each read, whatever
    /// comes: with a declared length, what remains of it and one byte more (to see the end);
    /// past it (a Content-Encoding multiplies the wire's length), reads grow with the body
    /// back to a chunk. A thousand 1 KB bodies were read into 128 KiB of buffers each.
    private var readSize: Int {
        guard let expectedBytes else { return Self.chunkSize }
        let remaining = expectedBytes - body.count
        return min(Self.chunkSize, remaining > 0 ? remaining + 1 : max(Self.smallestRead, body.count))
    }

    private static let smallestRead = 4096

    /// Makes room for `room` more bytes, so that the body is held once, never in two copies
    /// near the cap. Small bodies grow by doubling. Past `directReserveThreshold` the buffer
    /// is grown once, to the cap: an allocation that large is mapped, not touched, so only the
    /// bytes that arrive take memory. (Doubling to the cap would hold the old half and the new
    /// whole at once: 1.5× the cap, or 2× when one byte past it doubles again.)
    private func reserve(room: Int) {
        let needed = body.count + room
        guard needed > body.capacity else { return }
        let limit = maxBytes + 1
        let grown = body.count >= Self.directReserveThreshold ? limit : min(limit, max(needed, body.capacity * 2))
        body.reserveCapacity(max(grown, needed))
    }

    private static let directReserveThreshold = 4 << 20

    private func finish(_ result: Result<[UInt8], Failure>) {
        guard let completion else { return }
        self.completion = nil
        body = []
        tap = nil
        completion(result)
    }
}
