/// Settings fixed when the client's `SoupSession` is created.
public struct HTTPClientConfiguration: Sendable, Equatable {
    /// Requests in flight at once, in all and per server (scheme, host and port). Requests
    /// over the limits wait in the client, in arrival order, with their clocks not yet running.
    public var maxConnections: Int = HTTPClientConfiguration.defaultMaxConnections
    public var maxConnectionsPerHost: Int = HTTPClientConfiguration.defaultMaxConnectionsPerHost
    /// libsoup's idle I/O timer: how long a socket may sit silent. The overall deadline is
    /// separate, per request (`FetchOptions.deadline`).
    public var idleTimeout: Duration = .seconds(60)
    /// Where the copy store lives (`copies.sqlite` in it); nil for none. Whoever makes the
    /// client makes the store there and gives it (`HTTPClient.init(copies:)`).
    public var storeDirectory: String?
    /// Where the copy store's key secret is kept: outside `storeDirectory` (the state
    /// directory), so that a copied cache directory holds nothing to test a credential with.
    public var copyKeyDirectory: String?
    /// A PEM file of CAs trusted instead of the system's (`SSL_CERT_FILE`, as OpenSSL reads it).
    public var caFile: String?
    /// Whether requests go through GIO's default proxy resolver, which reads the proxy
    /// variables (libproxy) or the desktop's settings. Without it they connect directly, and
    /// GIO's proxy modules are never loaded: about 1.4 ms off every run that fetches.
    public var usesProxyResolver = true
    /// Whether every connection speaks HTTP/1.1, never HTTP/2 (which is otherwise negotiated
    /// by ALPN over TLS).
    public var forcesHTTP1 = false
    /// A proxy every request goes through (`-x`: http, https or socks URL), over the proxy
    /// variables and `usesProxyResolver`.
    public var proxy: String?
    /// The cookies the jar starts with: a cookie file's (`-b FILE`).
    public var cookies: [CookieRecord] = []

    public static let defaultMaxConnections = 50
    public static let defaultMaxConnectionsPerHost = 6

    public init() {}
}
