internal import CGLib
internal import CSoup

/// One request in flight. Keep it to cancel the request; dropping it does not cancel.
///
/// Lifetime: each pending libsoup/GIO call holds one retain of the fetch (passed as
/// `user_data`), released in the callback that finishes that call. The fetch owns its
/// message, its lifecycle (cancellable, body reader, completion) and its timers, and
/// releases them with itself.
public final class HTTPFetch {
    let client: HTTPClient
    let url: String
    let options: FetchOptions
    private let progress: (LoadProgress) -> Void
    /// Asked for a tap on a 2xx body as its reading begins (see `BodyTap`).
    private let tap: BodyTapOpener?
    private let life: FetchLifecycle

    var message: SoupMessageObject?
    /// Bytes read so far, for messages about bodies cut short.
    private var receivedSoFar = 0
    /// When the body last grew.
    private var bodyGrew = ContinuousClock.now
    /// Its deadline and connect timer, among the loop's (`LoopDeadlines`); a live body's
    /// deadline is the wait between chunks (`HTTPFetch+LiveBody`).
    var deadlineTimer: LoopDeadlines.Token?
    private var connectTimer: LoopDeadlines.Token?
    private var stopReason: FailureSite.Stop?

    private var info = ResponseInfo(url: "")
    private var expectedLength: Int?
    /// The Content-Encodings this fetch decodes, once the response's headers are in.
    private var codings: [ContentCoding] = []
    /// The URL's parts, parsed once; nil when it is not an absolute URL with a host.
    private let parts: URLParts?
    let authority: String
    let host: String
    /// The server whose connection slots this fetch takes, or nil for a URL that is not http(s).
    let serverKey: String?
    /// Whether the request was handed to libsoup: it then holds a slot until it finishes.
    private var started = false
    /// What was wrong with a certificate that was refused, for the failure's words.
    var certificateProblems: (problems: CertificateProblems, peer: URLParts)?
    /// Whether a response's head arrived.
    private var hasResponse = false
    /// The request's steps, once it ended (see `RequestTimings`).
    public private(set) var timings: RequestTimings?
    /// Redirects followed so far.
    var redirects = 0
    /// Whether the body is kept as it comes, rather than only given to a tap (see `BodyTap.keepsBody`).
    private var keptBody = true
    /// The tap a live body goes to (see `BodyTap.isLive`), once its head is in.
    private var liveTap: (any BodyTap)?
    /// Whether the request's headers went out: a connection was made.
    private var wroteHeaders = false
    /// What libsoup's restarts of the message mean: a redirect, or a refusal it resends.
    var restarts: MessageRestarts

    init(client: HTTPClient, url: String, options: FetchOptions,
         progress: @escaping (LoadProgress) -> Void, tap: BodyTapOpener? = nil,
         completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) {
        self.client = client
        self.url = url
        self.options = options
        self.progress = progress
        self.tap = tap
        life = FetchLifecycle(loop: client.loop, completion: completion)
        let parts = URLParts(url)
        self.parts = parts
        restarts = MessageRestarts(url: url)
        authority = parts?.authority ?? url
        host = parts?.host ?? authority
        serverKey = parts.flatMap { $0.scheme == "http" || $0.scheme == "https" ? $0.origin.description : nil }
    }

    /// Whether the completion has run.
    public var isFinished: Bool { life.isFinished }

    /// Waiting for a connection slot, and not cancelled meanwhile.
    var isWaitingToStart: Bool { !started && !life.isFinished && stopReason == nil }

    /// Cancels the request through its GCancellable; the completion then runs with `.cancelled`.
    /// Does nothing once the fetch has finished.
    public func cancel() {
        guard started else {
            // Still waiting for a slot: nothing in libsoup to stop.
            guard !life.isFinished, stopReason == nil else { return }
            stopReason = .cancelled
            return finishSoon(.failure(.cancelled))
        }
        stop(.cancelled)
    }

    // MARK: Steps

    /// Hands the request to libsoup; the client calls it once a connection slot is free.
    func start() {
        started = true
        guard let parts, parts.scheme == "http" || parts.scheme == "https" else {
            return finishSoon(.failure(LoadError(.invalidURL, "\"\(url)\" is not an http(s) URL",
                                                      suggestion: "give a full URL such as http://127.0.0.1:8080/posts, a file:// URL, or - for standard input")))
        }
        if parts.scheme == "https" {
            client.prepareSessionTrust()
            if let problem = client.sessionTrustProblem {
                return finishSoon(.failure(LoadError(.tls, problem, suggestion: "give SSL_CERT_FILE a PEM file of CA certificates, or unset it")))
            }
        }
        // The source's own CA file, read now, so that a broken one is said as such and not
        // taken for no trust at all.
        if let caFile = options.tls.caFile, case .failure(let error) = client.database(caFile: caFile) {
            return finishSoon(.failure(LoadError(.tls, "cannot use the CA file \(caFile): \(error.message)",
                                                 suggestion: "give a PEM file of CA certificates")))
        }
        // Only the source's own credentials (its user:password@, or -u's) are answered. libsoup 3.2.3 answers a proxy's 407
        // with the proxy URL's credentials but sends the retry to the proxy's own URL, and
        // would load that: the 407 stands instead (ProxyTests pins both).
        // A body sent from a file is read as the request goes, on the loop: what is no regular
        // file now (a FIFO swapped in since the plan looked) would hold it.
        if case .file(let path, _)? = options.body?.source, let problem = LocalFile.notRegularFile(path) {
            return finishSoon(.failure(LoadError(.notFound, "the file to send, \(path), cannot be read: \(problem)",
                                                 suggestion: "name a regular file to send")))
        }
        guard let message = SoupMessageObject.request(url, parts: parts, options: options, answersChallenges: parts.hasUserInfo || options.credentials != nil) else {
            return finishSoon(.failure(LoadError(.invalidURL, "libsoup cannot request \"\(url)\"", suggestion: "check the URL")))
        }
        self.message = message
        // Connected for http too: a redirect may lead to https.
        message.onAcceptCertificate { [weak self] certificate, problems in
            self?.accepts(certificate, with: problems) ?? false
        }
        message.onRestarted { [weak self] restarted in self?.didRestart(restarted) }
        let deadlines = client.loop.deadlines
        deadlineTimer = deadlines.schedule(after: options.deadline) { [weak self] in
            guard let self else { return }
            stop(.deadline(options.deadline))
        }
        if let connectTimeout = options.connectTimeout {
            connectTimer = deadlines.schedule(after: connectTimeout) { [weak self] in self?.stop(.connectTimeout(connectTimeout)) }
        }
        // libsoup has no connect timeout of its own: once the headers are written, the
        // connection exists, and -v can say which HTTP version it speaks even if no response
        // ever comes (a stalled HTTP/2 stream).
        if options.connectTimeout != nil || client.trafficLog != nil {
            message.onHeadersWritten { [weak self] in
                guard let self else { return }
                wroteHeaders = true
                if let connectTimer { client.loop.deadlines.cancel(connectTimer) }
                connectTimer = nil
            }
        }
        soup_session_send_async(client.session, message.pointer, G_PRIORITY_DEFAULT, life.cancellable.pointer, { _, result, data in
            let fetch = Unmanaged<HTTPFetch>.fromOpaque(data!).takeRetainedValue()
            fetch.didSend(result)
        }, Unmanaged.passRetained(self).toOpaque())
    }

    private func didSend(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send_finish(client.session, result, &error)
        let failed = error.map(GLibError.init(consuming:))
        // Ended from loadrun's side already (a deadline, a cancel): what libsoup says now is
        // too late, and a stream is dropped unread.
        guard !life.isFinished else {
            if let stream { g_object_unref(stream) }
            return
        }
        guard let stream, let message else {
            return finish(.failure(failure(failed?.failure)))
        }
        let body = InputStreamObject(adopting: stream)
        if refusesReusedCertificate(message) {
            return finish(.failure(LoadError(GIOFailure(.tls), at: certificateSite())))
        }
        info = message.responseInfo(requested: url)
        hasResponse = true

        if info.isNotModified && options.isConditional && options.validators != nil {
            // Unchanged: the caller keeps what it has. The empty body is still read to its
            // end: only then does libsoup finish the message and keep the connection for the
            // next reload, where a stream dropped unread closes it.
            message.declareNoBody()
            return life.readBody(body, maxBytes: options.maxBodySize, expectedBytes: 0, progress: { _ in }, completion: { [self] result in
                switch result {
                case .success: finish(.success(HTTPResponse(info: info, body: [])))
                case .failure(.tooLarge): finish(.failure(.tooLarge("the response from \(authority)", limit: options.maxBodySize)))
                case .failure(.failed(let error)): finish(.failure(failure(error.failure)))
                }
            })
        }
        guard (200...299).contains(info.status) else {
            // libsoup's logger prints a response once its body is read, and this body is not.
            logResponseHead()
            return finish(.failure(LoadError(httpStatus: info, authority: authority)))
        }
        if let problem = ResponseFraming.problem(in: info.headers) {
            return finish(.failure(LoadError(.malformed, "\(authority) \(problem)",
                                             suggestion: "the body's end is unknown, so it is not used; the server or a proxy in between is broken")))
        }
        // A HEAD's Content-Length is the length a GET would have had: its body is empty.
        expectedLength = options.method == "HEAD" ? nil : message.declaredLength
        switch ContentCoding.codings(of: info.headers.all("Content-Encoding")) {
        case .success(let found): codings = expectedLength == 0 ? [] : found
        case .failure(let unsupported):
            return finish(.failure(LoadError(.malformed, "\(authority) sent a body encoded as \(unsupported.name), which loadrun does not decode",
                                             suggestion: "loadrun asks for \(ContentCoding.acceptEncoding); check any Accept-Encoding header the source sends")))
        }
        let opened = tap?(info)
        keptBody = opened?.keepsBody ?? true
        // A live stream's body is the tap's, and never ends: no cap, and the deadline is the
        // wait between chunks.
        let isLive = opened?.isLive ?? false
        if isLive { liveTap = opened }
        if !isLive, let expectedLength, expectedLength > options.maxBodySize {
            return finish(.failure(.tooLarge("the response from \(authority)", declared: expectedLength, limit: options.maxBodySize)))
        }
        if isLive { restartIdleDeadline() }
        life.readBody(ContentCoding.decoding(body, codings), maxBytes: options.maxBodySize, expectedBytes: expectedLength, tap: opened,
                      waitsForTap: isLive ? idleDeadlineWaits() : nil, progress: { [weak self] loaded in
            guard let self else { return }
            if loaded.receivedBytes > receivedSoFar {
                bodyGrew = .now
                if isLive { restartIdleDeadline() }
            }
            receivedSoFar = loaded.receivedBytes
            progress(loaded)
        }, completion: { [self] result in
            switch result {
            case .success(let bytes): finishBody(bytes)
            case .failure(.tooLarge): finish(.failure(.tooLarge("the response from \(authority)", limit: options.maxBodySize)))
            case .failure(.failed(let error)): finish(.failure(failure(error.failure)))
            }
        })
    }

    private func finishBody(_ body: [UInt8]) {
        // libsoup reports a body cut short as a clean end of stream, so compare with the
        // declared length. When a Content-Encoding was decoded, Content-Length counts the
        // encoded bytes, which the message metrics record as they come off the wire.
        // A live body is the tap's: what came is what the reader counted, and a tap that
        // ended the body itself (a reader that left, an event past its bound) cut it on purpose.
        if let expectedLength, liveTap?.wantsMore ?? true {
            let held = keptBody ? body.count : receivedSoFar
            let received = !codings.isEmpty ? message?.wireBodyBytes ?? held : held
            if received < expectedLength {
                return finish(.failure(.truncated(from: authority, received: received, declared: expectedLength)))
            }
        }
        finish(.success(HTTPResponse(info: info, body: body)))
    }

    /// The status line and headers, for the traffic log, of a response whose body is never read.
    private func logResponseHead() {
        guard let log = client.trafficLog, let message else { return }
        let version = message.httpVersion
        log(HTTPLogLine(.response, "\(version) \(info.status) \(info.reasonPhrase)"))
        for header in info.headers { log(HTTPLogLine(.response, "\(header.name): \(header.value)")) }
    }

    // MARK: Ending

    /// Ends the fetch from loadrun's side, at once: the GCancellable asks libsoup to stop,
    /// but the fetch does not wait for its answer. libsoup 3.2's HTTP/2 code never answers the
    /// cancel of a stalled stream (DESIGN, "Ending"), so the message is dropped, and whatever
    /// libsoup says of it later finds the fetch finished.
    func stop(_ reason: FailureSite.Stop) {
        guard !life.isFinished, stopReason == nil else { return }
        stopReason = reason
        life.cancellable.cancel()
        let ended = failure(GIOFailure(.cancelled))
        // Urgently: a peer flooding the connection keeps libsoup's socket ready on every
        // iteration, and an idle callback would never get its turn.
        client.loop.schedule(urgently: true) { [self] in
            finish(.failure(ended))
            message = nil
        }
    }

    private func finish(_ result: Result<HTTPResponse, LoadError>) {
        guard !life.isFinished else { return }
        // Once the response is over, or the request that got a connection ended without one:
        // notes on the connection. (libsoup's logger prints a response head when its body
        // ends, which may be just after this.)
        if let log = client.trafficLog, let message, hasResponse || wroteHeaders {
            for note in message.connectionNotes { log(HTTPLogLine(.note, note)) }
        }
        if let deadlineTimer { client.loop.deadlines.cancel(deadlineTimer) }
        if let connectTimer { client.loop.deadlines.cancel(connectTimer) }
        deadlineTimer = nil
        connectTimer = nil
        if started && serverKey != nil { client.fetchEnded(self) }
        timings = message?.timings
        life.finish(result)
    }

    /// Finishes on a later iteration, releasing the connection slot as `finish` does.
    private func finishSoon(_ result: Result<HTTPResponse, LoadError>) {
        client.loop.schedule { [self] in finish(result) }
    }

    private func failure(_ failure: GIOFailure?) -> LoadError {
        let body = life.isReadingBody ? (received: receivedSoFar, declared: expectedLength) : nil
        if failure?.kind == .tls, certificateProblems != nil { return LoadError(failure, at: certificateSite()) }
        var site = FailureSite(.server(authority: authority, host: host), stop: stopReason, body: body)
        // Stopped, not slow: nothing came for half the deadline (a second at most).
        let stillFor = min(options.deadline / 2, .seconds(1))
        site.http2BodyStopped = receivedSoFar > 0 && body != nil && .now - bodyGrew >= stillFor && message?.httpVersion == "HTTP/2"
        return LoadError(failure, at: site)
    }
}
