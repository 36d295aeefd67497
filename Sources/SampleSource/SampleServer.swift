internal import CGLib
internal import CSoup

/// The embedded sample source: a `SoupServer` on 127.0.0.1 that serves bundled content.
///
/// `loadrun --source posts` runs it in-process on an ephemeral port, `loadrun serve` runs it on
/// its own, and the tests add routes of their own to it. It attaches to the thread-default
/// main context of the thread that creates it.
public final class SampleServer {
    public typealias Handler = (ServerExchange) -> Void

    let server: UnsafeMutablePointer<SoupServer>
    private var routes: [String: Handler] = [:]
    /// Called after each request a handler answered at once, for request logs.
    public var onRequest: ((ServerExchange) -> Void)?
    /// The port it listens on, once `listen` succeeded.
    public private(set) var port: Int?

    private let scheme: String

    /// A plain HTTP server.
    public convenience init() {
        self.init(certificate: nil)
    }

    /// An HTTPS server presenting `tlsCertificatePEM`: a certificate and its private key.
    public convenience init(tlsCertificatePEM pem: String) throws(SampleServerError) {
        var error: UnsafeMutablePointer<GError>?
        guard let certificate = g_tls_certificate_new_from_pem(pem, -1, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw SampleServerError(description: "unusable TLS certificate: \(message)")
        }
        defer { g_object_unref(certificate) }
        self.init(certificate: certificate)
    }

    private init(certificate: UnsafeMutablePointer<GTlsCertificate>?) {
        server = lr_soup_server_new("loadrun-sample/0.1", certificate)
        scheme = certificate == nil ? "http" : "https"
        // Every path reaches `dispatch`, which picks the exact route or answers 404. The box
        // (a weak reference) is released by the handler's destroy notify.
        let box = Unmanaged.passRetained(WeakServer(self)).toOpaque()
        soup_server_add_handler(server, nil, { _, message, path, query, data in
            guard let message, let path else { return }
            let server = Unmanaged<WeakServer>.fromOpaque(data!).takeUnretainedValue().server
            server?.dispatch(message, path: String(cString: path), query: query)
        }, box, { data in Unmanaged<WeakServer>.fromOpaque(data!).release() })
    }

    deinit {
        soup_server_disconnect(server)
        g_object_unref(server)
    }

    /// Answers requests for exactly `path` with `handler`.
    public func route(_ path: String, _ handler: @escaping Handler) {
        routes[path] = handler
    }

    /// Listens on 127.0.0.1 at `port` (0 picks a free one); returns the port.
    @discardableResult
    public func listen(port: Int = 0) throws(SampleServerError) -> Int {
        var error: UnsafeMutablePointer<GError>?
        guard let address = g_inet_socket_address_new_from_string("127.0.0.1", guint(clamping: port)) else {
            throw SampleServerError(description: "port \(port) is not a valid port")
        }
        defer { g_object_unref(address) }
        // The listening socket is made here, not by soup_server_listen, so that its port can
        // be read from it: libsoup 3.2.3's soup_server_get_uris leaks the GSocketAddress it
        // asks the listener for (valgrind: 144 B definitely lost on every run).
        guard let socket = g_socket_new(G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error) else {
            throw Self.listenFailure(port: port, error)
        }
        defer { g_object_unref(socket) }
        let options = scheme == "https" ? SOUP_SERVER_LISTEN_HTTPS : SoupServerListenOptions(0)
        guard g_socket_bind(socket, address, 1, &error) != 0, g_socket_listen(socket, &error) != 0,
              soup_server_listen_socket(server, socket, options, &error) != 0 else {
            throw Self.listenFailure(port: port, error)
        }
        guard let local = g_socket_get_local_address(socket, &error) else { throw Self.listenFailure(port: port, error) }
        defer { g_object_unref(local) }
        let bound = Int(g_inet_socket_address_get_port(UnsafeMutableRawPointer(local).assumingMemoryBound(to: GInetSocketAddress.self)))
        self.port = bound
        return bound
    }

    private static func listenFailure(port: Int, _ error: UnsafeMutablePointer<GError>?) -> SampleServerError {
        let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        if let error { g_error_free(error) }
        return SampleServerError(description: "cannot listen on 127.0.0.1:\(port): \(message)")
    }

    /// The full URL of `path` on this server.
    public func url(_ path: String) -> String {
        "\(scheme)://127.0.0.1:\(port ?? 0)\(path)"
    }

    private func dispatch(_ message: OpaquePointer, path: String, query: OpaquePointer?) {
        let exchange = ServerExchange(retaining: message, path: path, query: Self.decode(query))
        if let handler = routes[path] {
            handler(exchange)
        } else {
            exchange.respond(status: 404, text: "no such path: \(path)\n")
        }
        if exchange.status != 0 { onRequest?(exchange) }
    }

    private static func decode(_ table: OpaquePointer?) -> [String: String] {
        guard let table else { return [:] }
        var result: [String: String] = [:]
        var iterator = GHashTableIter()
        g_hash_table_iter_init(&iterator, table)
        var key: gpointer?
        var value: gpointer?
        while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
            guard let key, let value else { continue }
            result[String(cString: key.assumingMemoryBound(to: CChar.self))] = String(cString: value.assumingMemoryBound(to: CChar.self))
        }
        return result
    }
}

private final class WeakServer {
    weak var server: SampleServer?
    init(_ server: SampleServer) { self.server = server }
}
