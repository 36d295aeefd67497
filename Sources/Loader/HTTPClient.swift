internal import CGLib
internal import CSoup

/// Settings fixed when the client's `SoupSession` is created.
public struct HTTPClientConfiguration: Sendable, Equatable {
    /// libsoup's defaults (10 in all, 2 per host) serialise parallel loads; these are set at
    /// construction because both properties are construct-only.
    public var maxConnections: Int = 32
    public var maxConnectionsPerHost: Int = 8
    /// libsoup's idle I/O timer: how long a socket may sit silent. The overall deadline is
    /// separate, per request (`FetchOptions.deadline`).
    public var idleTimeout: Duration = .seconds(60)
    public var userAgent: String = "loadrun/0.1"

    public init() {}
}

/// An HTTP client over one `SoupSession`, confined to the loop it was made on.
///
/// Bodies are streamed (`soup_session_send_async` and stream reads), never buffered by
/// libsoup, so the size cap holds however large or compressed the response is.
public final class HTTPClient {
    let loop: EventLoop
    let session: UnsafeMutablePointer<SoupSession>

    public init(loop: EventLoop, configuration: HTTPClientConfiguration = HTTPClientConfiguration()) {
        loop.assertOnLoop()
        self.loop = loop
        let idleSeconds = max(1, configuration.idleTimeout.components.seconds)
        session = lr_soup_session_new(
            guint(clamping: configuration.maxConnections),
            guint(clamping: configuration.maxConnectionsPerHost),
            guint(clamping: idleSeconds),
            configuration.userAgent
        )
    }

    deinit {
        soup_session_abort(session)
        g_object_unref(session)
    }

    /// The session's connection limits, read back from libsoup.
    public var connectionLimits: (total: Int, perHost: Int) {
        (Int(soup_session_get_max_conns(session)), Int(soup_session_get_max_conns_per_host(session)))
    }

    /// Starts a GET of `url`.
    ///
    /// `progress` runs as body bytes arrive. `completion` runs exactly once, on the loop and
    /// never before this method returns: with the whole response, or with the reason it failed
    /// (including `.cancelled` after `HTTPFetch.cancel()`).
    @discardableResult
    public func get(
        _ url: String,
        options: FetchOptions = FetchOptions(),
        progress: @escaping (LoadProgress) -> Void = { _ in },
        completion: @escaping (Result<HTTPResponse, LoadError>) -> Void
    ) -> HTTPFetch {
        loop.assertOnLoop()
        let fetch = HTTPFetch(client: self, url: url, options: options, progress: progress, completion: completion)
        fetch.start()
        return fetch
    }
}
