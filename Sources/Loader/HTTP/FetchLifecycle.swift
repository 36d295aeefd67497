/// The life every fetch shares, whatever it reads from: a completion that runs exactly once
/// and never before the fetch was handed back, the `GCancellable` its GIO calls watch, and
/// the reader of its body.
final class FetchLifecycle {
    let loop: EventLoop
    let cancellable = Cancellable()
    private var completion: ((Result<HTTPResponse, LoadError>) -> Void)?
    private var reader: StreamReader?

    init(loop: EventLoop, completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) {
        self.loop = loop
        self.completion = completion
    }

    /// Whether the completion has run.
    var isFinished: Bool { completion == nil }

    /// Whether the body is being read: a failure now cuts a body short.
    var isReadingBody: Bool { reader != nil }

    /// Reads `stream` to its end, or to one byte past `maxBytes`, reporting progress on the way,
    /// and handing each chunk to `tap`; `waitsForTap` is told when a live tap's slow reader
    /// holds the reading back, and when it goes on.
    func readBody(_ stream: InputStreamObject, maxBytes: Int, expectedBytes: Int?, tap: (any BodyTap)? = nil,
                  waitsForTap: ((Bool) -> Void)? = nil,
                  progress: @escaping (LoadProgress) -> Void, completion: @escaping (Result<[UInt8], StreamReader.Failure>) -> Void) {
        let reader = StreamReader(stream: stream, loop: loop, cancellable: cancellable, maxBytes: maxBytes, expectedBytes: expectedBytes,
                                  tap: tap, waitsForTap: waitsForTap, progress: progress, completion: completion)
        self.reader = reader
        reader.start()
    }

    /// Runs the completion, once; later calls do nothing.
    func finish(_ result: Result<HTTPResponse, LoadError>) {
        guard let completion else { return }
        self.completion = nil
        if case .failure = result {
            // Nothing else may be read: libsoup then drops the connection rather than reuse
            // one with an unread body.
            cancellable.cancel()
        }
        reader = nil
        completion(result)
    }

    /// Runs the completion on a later iteration of the loop: for ends known before the fetch
    /// was handed back, and for cancels that GIO cannot deliver.
    func finishSoon(_ result: Result<HTTPResponse, LoadError>) {
        loop.schedule { [self] in finish(result) }
    }
}
