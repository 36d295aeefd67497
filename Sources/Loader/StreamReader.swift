internal import CGLib

/// Reads a `GInputStream` to its end on the loop, in chunks, never holding more than a cap.
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
    private var completion: ((Result<[UInt8], Failure>) -> Void)?
    private var body: [UInt8] = []

    private static let chunkSize = 64 * 1024

    init(stream: InputStreamObject, cancellable: Cancellable, maxBytes: Int, expectedBytes: Int?,
         progress: @escaping (LoadProgress) -> Void, completion: @escaping (Result<[UInt8], Failure>) -> Void) {
        self.stream = stream
        self.cancellable = cancellable
        self.maxBytes = maxBytes
        self.expectedBytes = expectedBytes
        self.progress = progress
        self.completion = completion
    }

    func start() {
        body.reserveCapacity(min(expectedBytes ?? Self.chunkSize, maxBytes))
        progress(LoadProgress(receivedBytes: 0, expectedBytes: expectedBytes))
        readNextChunk()
    }

    private func readNextChunk() {
        // Ask for at most one byte past the cap, so an oversized body is caught without
        // ever holding more than cap + 1 bytes.
        let wanted = min(Self.chunkSize, maxBytes - body.count + 1)
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

        body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(size)))
        if body.count > maxBytes {
            return finish(.failure(.tooLarge(received: body.count)))
        }
        progress(LoadProgress(receivedBytes: body.count, expectedBytes: expectedBytes))
        readNextChunk()
    }

    private func finish(_ result: Result<[UInt8], Failure>) {
        guard let completion else { return }
        self.completion = nil
        body = []
        completion(result)
    }
}
