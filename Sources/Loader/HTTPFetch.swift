internal import CGLib
internal import CSoup

/// One GET in flight. Keep it to cancel the request; dropping it does not cancel.
///
/// Lifetime: each pending libsoup/GIO call holds one retain of the fetch (passed as
/// `user_data`), released in the callback that finishes that call. The fetch owns its
/// message, cancellable, body reader and deadline timer, and releases them with itself.
public final class HTTPFetch {
    private enum Stop { case cancelled, deadline, connectTimeout }

    private let client: HTTPClient
    private let url: String
    private let options: FetchOptions
    private let progress: (LoadProgress) -> Void
    private var completion: ((Result<HTTPResponse, LoadError>) -> Void)?

    private let cancellable = Cancellable()
    private var message: SoupMessageObject?
    private var reader: StreamReader?
    /// Bytes read so far, for messages about bodies cut short.
    private var receivedSoFar = 0
    private var deadlineTimer: LoopSource?
    private var connectTimer: LoopSource?
    private var stopReason: Stop?

    private var info = ResponseInfo(url: "")
    private var expectedLength: Int?
    private let authority: String
    /// The server whose connection slots this fetch takes, or nil for a URL that is not http(s).
    let serverKey: String?
    /// Whether the request was handed to libsoup: it then holds a slot until it finishes.
    private var started = false

    init(client: HTTPClient, url: String, options: FetchOptions,
         progress: @escaping (LoadProgress) -> Void,
         completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) {
        self.client = client
        self.url = url
        self.options = options
        self.progress = progress
        self.completion = completion
        let parts = URLParts(url)
        authority = parts?.authority ?? url
        serverKey = parts.flatMap { $0.scheme == "http" || $0.scheme == "https" ? $0.schemeHostPort : nil }
    }

    /// Whether the completion has run.
    public var isFinished: Bool { completion == nil }

    /// Waiting for a connection slot, and not cancelled meanwhile.
    var isWaitingToStart: Bool { !started && completion != nil && stopReason == nil }

    /// Cancels the request through its GCancellable; the completion then runs with `.cancelled`.
    /// Does nothing once the fetch has finished.
    public func cancel() {
        guard started else {
            // Still waiting for a slot: nothing in libsoup to stop.
            guard completion != nil, stopReason == nil else { return }
            stopReason = .cancelled
            return finishSoon(.failure(.cancelled))
        }
        stop(.cancelled)
    }

    // MARK: Steps

    /// Hands the request to libsoup; the client calls it once a connection slot is free.
    func start() {
        started = true
        guard let parts = URLParts(url), parts.scheme == "http" || parts.scheme == "https" else {
            return finishSoon(.failure(LoadError(.invalidURL, "\"\(url)\" is not an http(s) URL",
                                                 suggestion: "give a full URL such as http://127.0.0.1:8080/posts, a file:// URL, or - for standard input")))
        }
        guard let raw = soup_message_new("GET", url) else {
            return finishSoon(.failure(LoadError(.invalidURL, "libsoup cannot request \"\(url)\"",
                                                 suggestion: "check the URL")))
        }
        let message = SoupMessageObject(adopting: raw)
        self.message = message
        soup_message_add_flags(raw, SOUP_MESSAGE_COLLECT_METRICS)
        let requestHeaders = soup_message_get_request_headers(raw)
        for header in options.headers {
            soup_message_headers_replace(requestHeaders, header.name, header.value)
        }
        if let accept = options.accept {
            soup_message_headers_replace(requestHeaders, "Accept", accept)
        }
        if !options.usesCache || options.validators != nil {
            // A caller that revalidates what it holds has no use for the cache. And with
            // libsoup 3.2.3 here, a watch's later loads through the cache hung the loop on a
            // lock inside libsoup, so the cache serves only a source's first load in a run.
            soup_message_disable_feature(raw, soup_cache_get_type())
        }
        if let etag = options.validators?.etag {
            soup_message_headers_replace(requestHeaders, "If-None-Match", etag)
        }
        if let lastModified = options.validators?.lastModified {
            soup_message_headers_replace(requestHeaders, "If-Modified-Since", lastModified)
        }
        deadlineTimer = client.loop.schedule(after: options.deadline) { [weak self] in self?.stop(.deadline) }
        if let connectTimeout = options.connectTimeout {
            connectTimer = client.loop.schedule(after: connectTimeout) { [weak self] in self?.stop(.connectTimeout) }
            watchRequestWritten(raw)
        }

        soup_session_send_async(client.session, raw, G_PRIORITY_DEFAULT, cancellable.pointer, { _, result, data in
            let fetch = Unmanaged<HTTPFetch>.fromOpaque(data!).takeRetainedValue()
            fetch.didSend(result)
        }, Unmanaged.passRetained(self).toOpaque())
    }

    private func didSend(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send_finish(client.session, result, &error)
        guard let stream, let message = message?.pointer else {
            return finish(.failure(failure(from: error.map(GLibError.init(consuming:)))))
        }
        let body = InputStreamObject(adopting: stream)
        info = responseInfo(of: message)

        if info.isNotModified && options.validators != nil {
            // Unchanged: there is no body to read, and the caller keeps what it has.
            return finish(.success(HTTPResponse(info: info, body: [])))
        }
        guard (200...299).contains(info.status) else {
            return finish(.failure(httpStatusError()))
        }
        let headers = soup_message_get_response_headers(message)
        if soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH {
            expectedLength = Int(clamping: soup_message_headers_get_content_length(headers))
        }
        if let expectedLength, expectedLength > options.maxBodySize {
            return finish(.failure(tooLarge(declared: expectedLength)))
        }
        let reader = StreamReader(stream: body, cancellable: cancellable, maxBytes: options.maxBodySize,
                                  expectedBytes: expectedLength, progress: { [weak self] loaded in
            self?.receivedSoFar = loaded.receivedBytes
            self?.progress(loaded)
        }, completion: { [self] result in
            switch result {
            case .success(let bytes): finishBody(bytes)
            case .failure(.tooLarge): finish(.failure(tooLarge(declared: nil)))
            case .failure(.failed(let error)): finish(.failure(failure(from: error)))
            }
        })
        self.reader = reader
        reader.start()
    }

    private func finishBody(_ body: [UInt8]) {
        // libsoup reports a body cut short as a clean end of stream, so compare with the
        // declared length. When a Content-Encoding was decoded, Content-Length counts the
        // encoded bytes, which the message metrics record as they come off the wire.
        if let expectedLength, let message = message?.pointer {
            let received = isContentDecoded ? wireBodyBytes(of: message) ?? body.count : body.count
            if received < expectedLength {
                return finish(.failure(truncated(received: received)))
            }
        }
        finish(.success(HTTPResponse(info: info, body: body)))
    }

    // MARK: Ending

    private func stop(_ reason: Stop) {
        guard completion != nil, stopReason == nil else { return }
        stopReason = reason
        // The pending libsoup/GIO call completes with G_IO_ERROR_CANCELLED, and `failure(from:)`
        // maps that back to this reason.
        cancellable.cancel()
    }

    private func finish(_ result: Result<HTTPResponse, LoadError>) {
        guard let completion else { return }
        self.completion = nil
        deadlineTimer?.cancel()
        deadlineTimer = nil
        connectTimer?.cancel()
        connectTimer = nil
        if case .failure = result {
            // Nothing else may be read; cancelling makes libsoup drop the connection
            // rather than reuse one with an unread body.
            cancellable.cancel()
        }
        reader = nil
        if started && serverKey != nil { client.fetchEnded(self) }
        completion(result)
    }

    private func finishSoon(_ result: Result<HTTPResponse, LoadError>) {
        client.loop.schedule { [self] in finish(result) }
    }

    /// Stops the connect timer once the request headers are written: by then the connection
    /// exists. (libsoup has no connect timeout of its own.) The box holds the fetch weakly and
    /// is released by the destroy notify when the message goes.
    private func watchRequestWritten(_ message: OpaquePointer) {
        let box = Unmanaged.passRetained(WeakFetch(self)).toOpaque()
        let wrote: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
            guard let fetch = Unmanaged<WeakFetch>.fromOpaque(data!).takeUnretainedValue().fetch else { return }
            fetch.connectTimer?.cancel()
            fetch.connectTimer = nil
        }
        g_signal_connect_data(UnsafeMutableRawPointer(message), "wrote-headers", unsafeBitCast(wrote, to: GCallback.self), box,
                              { data, _ in Unmanaged<WeakFetch>.fromOpaque(data!).release() }, GConnectFlags(0))
    }

    // MARK: Reading the message

    private var isContentDecoded: Bool {
        guard let encoding = info.headers["Content-Encoding"]?.lowercased() else { return false }
        return encoding != "identity"
    }

    private func wireBodyBytes(of message: OpaquePointer) -> Int? {
        guard let metrics = soup_message_get_metrics(message) else { return nil }
        return Int(clamping: soup_message_metrics_get_response_body_bytes_received(metrics))
    }

    private func responseInfo(of message: OpaquePointer) -> ResponseInfo {
        var headers = HTTPHeaders()
        withUnsafeMutablePointer(to: &headers) { pointer in
            soup_message_headers_foreach(soup_message_get_response_headers(message), { name, value, data in
                let headers = data!.assumingMemoryBound(to: HTTPHeaders.self)
                headers.pointee.add(name: String(cString: name!), value: String(cString: value!))
            }, pointer)
        }
        let finalURL = soup_message_get_uri(message).flatMap { uri -> String? in
            guard let text = g_uri_to_string(uri) else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        } ?? url
        return ResponseInfo(
            url: finalURL,
            status: Int(soup_message_get_status(message).rawValue),
            reasonPhrase: soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? "",
            headers: headers
        )
    }

    // MARK: Errors

    private func httpStatusError() -> LoadError {
        let status = info.status
        let reason = info.reasonPhrase.isEmpty ? "" : " \(info.reasonPhrase)"
        let suggestion: String
        switch status {
        case 401, 403: suggestion = "the server refused access; check the URL and any credentials"
        case 404, 410: suggestion = "check the URL's path"
        case 400..<500: suggestion = "the server rejected the request; check the URL"
        default: suggestion = "the server failed; try again later"
        }
        return LoadError(.httpStatus, "HTTP \(status)\(reason) from \(authority)", suggestion: suggestion, httpStatus: status,
                         retryAfter: info.headers["Retry-After"])
    }

    private func truncated(received: Int) -> LoadError {
        let declared = expectedLength.map { " of the \(ByteCount.format($0)) it declared" } ?? ""
        return LoadError(.truncated, "the response from \(authority) ended after \(ByteCount.format(received))\(declared)",
                         suggestion: "the connection was cut short; try again")
    }

    private func tooLarge(declared: Int?) -> LoadError {
        let limit = ByteCount.formatLimit(options.maxBodySize)
        let what = declared.map { "the response from \(authority) declares \(ByteCount.format($0))," } ?? "the response from \(authority) is"
        return LoadError(.tooLarge, "\(what) over the \(limit) size cap",
                         remedy: .raiseSizeLimit)
    }

    private func failure(from error: GLibError?) -> LoadError {
        guard let error else { return LoadError(.network, "the request to \(authority) failed for no stated reason") }
        if error.isIOError(G_IO_ERROR_CANCELLED) {
            switch stopReason {
            case .deadline:
                return LoadError(.timedOut, "no complete response from \(authority) within \(LoadError.format(options.deadline))",
                                 remedy: .raiseDeadline)
            case .connectTimeout:
                return LoadError(.timedOut, "could not connect to \(authority) within \(LoadError.format(options.connectTimeout ?? .zero))",
                                 remedy: .raiseConnectTimeout)
            case .cancelled, nil:
                return .cancelled
            }
        }
        if error.isIOError(G_IO_ERROR_CONNECTION_REFUSED) {
            return LoadError(.connectionRefused, "connection refused by \(authority)",
                             suggestion: "is the server running? Check the host and port")
        }
        if error.isIOError(G_IO_ERROR_PARTIAL_INPUT) {
            // libsoup's "Connection terminated unexpectedly": the server hung up early.
            guard reader != nil else {
                return LoadError(.connectionReset, "\(authority) closed the connection without answering",
                                 suggestion: "the server may be restarting or overloaded; try again")
            }
            return truncated(received: receivedSoFar)
        }
        if error.isIOError(G_IO_ERROR_CONNECTION_CLOSED) || error.isIOError(G_IO_ERROR_NOT_CONNECTED) {
            return LoadError(.connectionReset, "the connection to \(authority) was reset",
                             suggestion: "the server or the network dropped it; try again")
        }
        if error.isIOError(G_IO_ERROR_TIMED_OUT) {
            return LoadError(.timedOut, "\(authority) went silent for longer than the idle timeout",
                             suggestion: "the server is slow or stuck; try again later")
        }
        if error.domain == lr_resolver_error_quark(), error.code == Int32(G_RESOLVER_ERROR_TEMPORARY_FAILURE.rawValue) {
            let host = URLParts(url)?.host ?? authority
            return LoadError(.temporaryDNSFailure, "cannot resolve host \"\(host)\" for now: \(error.message)",
                             suggestion: "the name server did not answer; check your network")
        }
        if error.domain == lr_resolver_error_quark() {
            let host = URLParts(url)?.host ?? authority
            // GLib says "Error resolving “host”: <reason>"; keep only the reason.
            let reason = error.message.split(separator: ": ").last.map(String.init) ?? error.message
            return LoadError(.hostNotFound, "cannot resolve host \"\(host)\": \(reason)",
                             suggestion: "check the host name and your network")
        }
        if error.domain == lr_tls_error_quark() {
            return LoadError(.tls, "TLS with \(authority) failed: \(error.message)",
                             suggestion: "the server's certificate is not trusted here; check the URL")
        }
        return LoadError(.network, "the request to \(authority) failed: \(error.message)",
                         suggestion: "check the URL and your network, then try again")
    }
}

private final class WeakFetch {
    weak var fetch: HTTPFetch?
    init(_ fetch: HTTPFetch) { self.fetch = fetch }
}
