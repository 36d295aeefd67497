internal import CGLib
internal import CSoup

/// One request to the sample server and the response being built for it.
///
/// It holds its own reference to the `SoupServerMessage`, so a handler may answer later
/// (`pause()` now, then respond and `unpause()`) or stream a chunked body.
public final class ServerExchange {
    private let message: OpaquePointer
    /// The request path, such as `/posts`.
    public let path: String
    /// The request method, such as `GET`.
    public let method: String
    /// The query parameters, decoded.
    public let query: [String: String]
    /// Whether the exchange has ended: the response was sent or the client went away.
    public private(set) var isFinished = false
    /// The status set so far, 0 until a handler sets one.
    public private(set) var status = 0
    private var isPaused = false

    init(retaining message: OpaquePointer, path: String, query: [String: String]) {
        self.message = message
        g_object_ref(UnsafeMutableRawPointer(message))
        self.path = path
        self.method = soup_server_message_get_method(message).map { String(cString: $0) } ?? "GET"
        self.query = query
        watchFinished()
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(message)) }

    /// The value of a request header.
    public func requestHeader(_ name: String) -> String? {
        soup_message_headers_get_one(soup_server_message_get_request_headers(message), name).map { String(cString: $0) }
    }

    /// The request's headers, in the order they came, names as the client spelt them.
    public var requestHeaders: [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        withUnsafeMutablePointer(to: &headers) { target in
            soup_message_headers_foreach(soup_server_message_get_request_headers(message), { name, value, data in
                data!.assumingMemoryBound(to: [(name: String, value: String)].self).pointee
                    .append((String(cString: name!), String(cString: value!)))
            }, target)
        }
        return headers
    }

    /// The request's body, which the server has read whole before the handler runs.
    public var requestBody: [UInt8] {
        guard let body = soup_server_message_get_request_body(message), let data = body.pointee.data, body.pointee.length > 0 else {
            return []
        }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(body.pointee.length)))
    }

    /// The client's TCP port: one per connection, so distinct ports count connections.
    public var remotePort: Int? {
        guard let address = soup_server_message_get_remote_address(message),
              g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(address)), g_inet_socket_address_get_type()) != 0
        else { return nil }
        return Int(g_inet_socket_address_get_port(UnsafeMutableRawPointer(address).assumingMemoryBound(to: GInetSocketAddress.self)))
    }

    /// Adds a response header.
    public func setHeader(_ name: String, _ value: String) {
        soup_message_headers_replace(soup_server_message_get_response_headers(message), name, value)
    }

    /// Sends a complete response.
    public func respond(status: Int, contentType: String, body: [UInt8]) {
        guard !isFinished else { return }
        self.status = status
        soup_server_message_set_status(message, guint(status), nil)
        body.withUnsafeBufferPointer { buffer in
            soup_server_message_set_response(message, contentType, SOUP_MEMORY_COPY, buffer.baseAddress, gsize(buffer.count))
        }
        resumeIfPaused()
    }

    /// Sends a complete text response.
    public func respond(status: Int, contentType: String = "text/plain; charset=utf-8", text: String) {
        respond(status: status, contentType: contentType, body: Array(text.utf8))
    }

    /// Holds the response until `respond` or `unpause()`: call this before returning from a
    /// handler that answers later.
    public func pause() {
        guard !isFinished, !isPaused else { return }
        isPaused = true
        soup_server_message_pause(message)
    }

    /// Starts a response whose body is sent piece by piece: chunked, or with a declared
    /// `contentLength`. Add to it with `sendChunk` and end it with `endChunks`.
    public func beginChunks(status: Int, contentType: String, contentLength: Int? = nil) {
        guard !isFinished else { return }
        self.status = status
        soup_server_message_set_status(message, guint(status), nil)
        let headers = soup_server_message_get_response_headers(message)
        if let contentLength {
            soup_message_headers_set_content_length(headers, goffset(contentLength))
        } else {
            soup_message_headers_set_encoding(headers, SOUP_ENCODING_CHUNKED)
        }
        soup_message_headers_set_content_type(headers, contentType, nil)
        resumeIfPaused()
    }

    /// Sends one chunk of a chunked response.
    public func sendChunk(_ bytes: [UInt8]) {
        guard !isFinished else { return }
        bytes.withUnsafeBufferPointer { buffer in
            soup_message_body_append(soup_server_message_get_response_body(message), SOUP_MEMORY_COPY,
                                     buffer.baseAddress, gsize(buffer.count))
        }
        // libsoup's server stops writing when a chunked body runs dry; unpausing wakes it.
        isPaused = false
        soup_server_message_unpause(message)
    }

    /// Ends a chunked response.
    public func endChunks() {
        guard !isFinished else { return }
        soup_message_body_complete(soup_server_message_get_response_body(message))
        isPaused = false
        soup_server_message_unpause(message)
    }

    private func resumeIfPaused() {
        guard isPaused else { return }
        isPaused = false
        soup_server_message_unpause(message)
    }

    private func watchFinished() {
        // The box holds the exchange weakly: the signal must not keep it alive. It is
        // released once, by the destroy notify, when the message is finalized.
        let box = Unmanaged.passRetained(WeakExchange(self)).toOpaque()
        let finished: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
            Unmanaged<WeakExchange>.fromOpaque(data!).takeUnretainedValue().exchange?.isFinished = true
        }
        g_signal_connect_data(UnsafeMutableRawPointer(message), "finished", unsafeBitCast(finished, to: GCallback.self), box,
                              { data, _ in Unmanaged<WeakExchange>.fromOpaque(data!).release() }, GConnectFlags(0))
    }
}

private final class WeakExchange {
    weak var exchange: ServerExchange?
    init(_ exchange: ServerExchange) { self.exchange = exchange }
}
