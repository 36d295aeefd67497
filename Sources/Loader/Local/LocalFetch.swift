internal import CGLib

/// Loads a local file or standard input through GIO streams on the loop, with the same
/// progress, size cap and cancellation as HTTP.
///
/// The result looks like a 200 response whose Content-Type GIO guessed from the name and the
/// first bytes, so plugins choose and decode it as they would a download.
final class LocalFetch: FetchHandle {
    enum Origin {
        case file(uri: String)
        case standardInput
    }

    private let origin: Origin
    private let options: FetchOptions
    private let progress: (LoadProgress) -> Void
    private let life: FetchLifecycle
    private var file: FileObject?
    private var cancelled = false
    /// Standard input's deadline (`FetchOptions.standardInputDeadline`), while it runs.
    private var deadline: LoopDeadlines.Token?

    static func start(_ origin: Origin, loop: EventLoop, options: FetchOptions, progress: @escaping (LoadProgress) -> Void,
                      completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) -> LocalFetch {
        let fetch = LocalFetch(origin: origin, loop: loop, options: options, progress: progress, completion: completion)
        fetch.start()
        return fetch
    }

    private init(origin: Origin, loop: EventLoop, options: FetchOptions, progress: @escaping (LoadProgress) -> Void,
                 completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) {
        self.origin = origin
        self.options = options
        self.progress = progress
        life = FetchLifecycle(loop: loop, completion: completion)
    }

    func cancel() {
        guard !life.isFinished, !cancelled else { return }
        cancelled = true
        stopDeadline()
        life.cancellable.cancel()
        // GIO opens and reads a file in a worker thread, and a cancel cannot interrupt a read
        // from a FIFO or a device there: it returns only once the writer writes or closes.
        // Finish now; the read's late callback finds the fetch finished.
        life.finishSoon(.failure(.cancelled))
    }

    private func start() {
        life.loop.assertOnLoop()
        switch origin {
        case .standardInput:
            if let limit = options.standardInputDeadline {
                deadline = life.loop.deadlines.schedule(after: limit) { [weak self] in self?.inputTimedOut(after: limit) }
            }
            // FALSE: closing the stream must not close fd 0, which loadrun does not own.
            read(InputStreamObject(adopting: g_unix_input_stream_new(0, 0)), expected: nil)
        case .file(let uri):
            let file = FileObject(uri: uri)
            self.file = file
            // A FIFO or a device where a file is meant would hang the read in GIO's worker
            // thread; /dev/stdin names standard input, which is meant to be a stream.
            if let path = file.path, path != "/dev/stdin", let problem = LocalFile.notRegularFile(path) {
                return life.finishSoon(.failure(LoadError(.notFound, "\(displayName) cannot be read: \(problem)",
                                                          suggestion: "name a regular file, or give - to read standard input")))
            }
            g_file_read_async(file.pointer, G_PRIORITY_DEFAULT, life.cancellable.pointer, { _, result, data in
                let fetch = Unmanaged<LocalFetch>.fromOpaque(data!).takeRetainedValue()
                fetch.didOpen(result)
            }, Unmanaged.passRetained(self).toOpaque())
        }
    }

    private func didOpen(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        guard let file, let stream = g_file_read_finish(file.pointer, result, &error) else {
            return life.finish(.failure(failure(error.map(GLibError.init(consuming:)))))
        }
        // The size for progress and an early refusal: fstat on an open file, no waiting.
        var expected: Int?
        if let info = g_file_input_stream_query_info(stream, "standard::size", nil, nil) {
            expected = Int(g_file_info_get_size(info))
            g_object_unref(UnsafeMutableRawPointer(info))
        }
        let body = InputStreamObject(adopting: UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GInputStream.self))
        if let expected, expected > options.maxBodySize {
            return life.finish(.failure(tooLarge()))
        }
        read(body, expected: expected)
    }

    private func read(_ stream: InputStreamObject, expected: Int?) {
        life.readBody(stream, maxBytes: options.maxBodySize, expectedBytes: expected, progress: progress, completion: { [self] result in
            stopDeadline()
            switch result {
            case .success(let body): life.finish(.success(HTTPResponse(info: responseInfo(for: body), body: body)))
            case .failure(.tooLarge): life.finish(.failure(tooLarge()))
            case .failure(.failed(let error)): life.finish(.failure(failure(error)))
            }
        })
    }

    /// Standard input did not end within its deadline: the load fails now, and the read is
    /// called off (its cancelled end, which may come only once the writer writes, finds the
    /// fetch finished). Finished here, on a timer of the loop: the fetch was handed back long
    /// ago, and a finish left for later would lose to the read's cancelled end.
    private func inputTimedOut(after limit: Duration) {
        deadline = nil
        guard !life.isFinished, !cancelled else { return }
        cancelled = true
        life.finish(.failure(LoadError(.timedOut, "standard input did not end within \(LoadError.format(limit))",
                                       remedy: .waitLongerForInput)))
    }

    private func stopDeadline() {
        if let deadline { life.loop.deadlines.cancel(deadline) }
        deadline = nil
    }

    // MARK: Describing

    private var displayName: String {
        switch origin {
        case .standardInput: return "standard input"
        case .file:
            return file?.parseName ?? "the file"
        }
    }

    private var url: String {
        switch origin {
        case .standardInput: "-"
        case .file(let uri): uri
        }
    }

    private func responseInfo(for body: [UInt8]) -> ResponseInfo {
        var uncertain: gboolean = 0
        let name = file?.baseName
        let sample = body.prefix(4096)
        let guessed = sample.withUnsafeBufferPointer { buffer in
            g_content_type_guess(name, buffer.baseAddress, gsize(buffer.count), &uncertain)
        }
        var headers = HTTPHeaders()
        if let guessed {
            defer { g_free(guessed) }
            if let mime = g_content_type_get_mime_type(guessed) {
                defer { g_free(mime) }
                // A generic guess says nothing (JSON on a pipe comes out as text/plain): leave
                // the type out, so plugins judge the content by its shape.
                let type = String(cString: mime)
                // With no name, a text guessed from the bytes alone is a guess at some format
                // no plugin takes (`[1]` is an MPL2 subtitle to shared-mime-info): left out too.
                let sniffedText = (name == nil || file?.path == "/dev/stdin") && type.hasPrefix("text/x-")
                if !Self.genericTypes.contains(type), !sniffedText { headers.add(name: "Content-Type", value: type) }
            }
        }
        return ResponseInfo(url: url, status: 200, reasonPhrase: "OK", headers: headers)
    }

    private static let genericTypes: Set = ["text/plain", "application/octet-stream", "application/x-zerosize"]

    private func tooLarge() -> LoadError {
        .tooLarge(displayName, limit: options.maxBodySize)
    }

    private func failure(_ error: GLibError?) -> LoadError {
        LoadError(error?.failure, at: FailureSite(.file(name: displayName)))
    }
}
