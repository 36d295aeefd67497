internal import CGLib
internal import CSoup

/// An HTTP client over one `SoupSession`, confined to the loop it was made on.
///
/// Bodies are streamed (`soup_session_send_async` and stream reads), never buffered by
/// libsoup, so the size cap holds however large or compressed the response is.
public final class HTTPClient {
    let loop: EventLoop
    let session: UnsafeMutablePointer<SoupSession>
    /// The copies kept between runs; nil with `--no-cache`.
    let store: (any StoredCopies)?
    /// The run's cookies, kept across its requests.
    let cookieJar: CookieJar
    private var admission: AdmissionQueue<HTTPFetch>
    /// `SSL_CERT_FILE`, until the first https request reads it into the session.
    private var sessionCAFile: String?
    /// Why the session's CA file could not be read, once that was tried: every https request
    /// then fails with it, rather than fall back to the system's CAs unseen.
    private(set) var sessionTrustProblem: String?
    /// CA files read so far, by path: each is read once however many requests trust it.
    private var databases: [String: TLSDatabaseObject] = [:]
    /// What those CA files found of each certificate met: each chain is walked once.
    let verdicts = CertificateVerdicts()
    /// How many certificate chains the sources' own CA files were asked to verify.
    package var certificateVerifications: Int { verdicts.judged }
    /// Hosts whose untrusted certificate was accepted because a source said insecure.
    private var insecureHosts: Set<String> = []
    /// Told once per host when a certificate that failed verification is accepted anyway,
    /// with what was wrong with it: accepting one is never silent.
    public var onInsecureCertificate: ((_ host: String, _ problems: CertificateProblems) -> Void)?

    /// `copies` keeps responses between runs (the `Store` target's copy store), for requests
    /// that keep a copy.
    public init(loop: EventLoop, configuration: HTTPClientConfiguration = HTTPClientConfiguration(), copies: (any StoredCopies)? = nil) {
        loop.assertOnLoop()
        self.loop = loop
        let idleSeconds = max(1, configuration.idleTimeout.components.seconds)
        admission = AdmissionQueue(maxTotal: configuration.maxConnections, maxPerKey: configuration.maxConnectionsPerHost)
        // libsoup 3.2.3 has no API for it, only this variable, which its connections read when
        // they negotiate ALPN (soup-connection.c).
        if configuration.forcesHTTP1 { g_setenv("SOUP_FORCE_HTTP1", "1", 1) }
        // libsoup's own limits (10 and 2 by default, construct-only) are set to the client's,
        // so a request the client starts never waits inside the session.
        session = lr_soup_session_new(
            guint(clamping: admission.maxTotal),
            guint(clamping: admission.maxPerKey),
            guint(clamping: idleSeconds)
        )
        if let proxy = configuration.proxy {
            // GIO's simple resolver: every request through this one proxy, no modules loaded.
            let resolver = g_simple_proxy_resolver_new(proxy, nil)
            soup_session_set_proxy_resolver(session, resolver)
            g_object_unref(UnsafeMutableRawPointer(resolver))
        } else if !configuration.usesProxyResolver {
            soup_session_set_proxy_resolver(session, nil)
        }
        // Content-Encoding is decoded by each fetch (ContentCoding): libsoup's decoder lets a
        // body that does not decode through as it came.
        soup_session_remove_feature_by_type(session, soup_content_decoder_get_type())
        sessionCAFile = configuration.caFile
        store = copies
        cookieJar = CookieJar(session: session, cookies: configuration.cookies)
    }

    deinit {
        soup_session_abort(session)
        g_object_unref(session)
    }

    /// Where each request's and response's head goes, with loadrun's notes on TLS and
    /// redirects, once `logTraffic` is called.
    private(set) var trafficLog: ((HTTPLogLine) -> Void)?

    /// Reports what goes over the wire to `body`, line by line, through libsoup's `SoupLogger`.
    /// Call it before any request.
    public func logTraffic(_ body: @escaping (HTTPLogLine) -> Void) {
        guard trafficLog == nil else { return }
        // libsoup's lines and loadrun's own go through one filter (see RepeatedResponseHead).
        var repeats = RepeatedResponseHead()
        let filtered = { (line: HTTPLogLine) in for shown in repeats.take(line) { body(shown) } }
        trafficLog = filtered
        HTTPLogger.attach(to: session, filtered)
    }

    /// Puts the session's CA file in place before the first https request: reading it loads
    /// the TLS library, which a run that never speaks TLS should not pay for.
    func prepareSessionTrust() {
        guard let path = sessionCAFile else { return }
        sessionCAFile = nil
        switch database(caFile: path) {
        case .success(let database):
            soup_session_set_tls_database(session, database.pointer)
            // glib-networking asks each new connection for the backend's default database before
            // libsoup gives it the session's, and loads the system's CAs for it: the same bundle
            // again where SSL_CERT_FILE names it, ~95 M instructions (25 ms) of every https run.
            // The session's CAs replace the system's, so they are the default too.
            g_tls_backend_set_default_database(g_tls_backend_get_default(), database.pointer)
        case .failure(let error): sessionTrustProblem = "cannot use the CA file \(path): \(error.message)"
        }
    }

    /// The CAs of `path`, read on first use, or GLib's reason they cannot be (the plan looked
    /// at the file, but a file can be broken past its first certificate).
    func database(caFile path: String) -> Result<TLSDatabaseObject, GLibError> {
        if let database = databases[path] { return .success(database) }
        do {
            let database = try TLSDatabaseObject(caFile: path)
            databases[path] = database
            return .success(database)
        } catch {
            return .failure(error)
        }
    }

    /// A certificate for `host` was accepted though it failed verification.
    func acceptedInsecurely(host: String, problems: CertificateProblems) {
        if insecureHosts.insert(host).inserted { onInsecureCertificate?(host, problems) }
    }

    /// Every cookie the run holds now, as a cookie file (`-c FILE`) keeps them.
    public var cookies: [CookieRecord] { cookieJar.records }

    /// Requests in flight now, and waiting for a slot.
    public var requestsRunning: Int { admission.running }
    public var requestsWaiting: Int { admission.waitingCount }

    /// The session's connection limits, read back from libsoup.
    public var connectionLimits: (total: Int, perHost: Int) {
        (Int(soup_session_get_max_conns(session)), Int(soup_session_get_max_conns_per_host(session)))
    }

    /// Starts a GET of `url`.
    ///
    /// `progress` runs as body bytes arrive; `tap` is asked for a tap on a body as its reading
    /// begins (see `BodyTap`). `completion` runs exactly once, on the loop and
    /// never before this method returns: with the whole response, or with the reason it failed
    /// (including `.cancelled` after `HTTPFetch.cancel()`).
    @discardableResult
    public func get(
        _ url: String,
        options: FetchOptions = FetchOptions(),
        progress: @escaping (LoadProgress) -> Void = { _ in },
        tap: BodyTapOpener? = nil,
        completion: @escaping (Result<HTTPResponse, LoadError>) -> Void
    ) -> HTTPFetch {
        loop.assertOnLoop()
        let (options, completion) = throughStore(url, options: options, completion: completion)
        let fetch = HTTPFetch(client: self, url: url, options: options, progress: progress, tap: tap, completion: completion)
        guard let key = fetch.serverKey else {
            // Not an http(s) URL: it fails at once, without taking a slot.
            fetch.start()
            return fetch
        }
        startAll(admission.arrive(fetch, key: key, lowPriority: options.isLowPriority))
        return fetch
    }

    /// A fetch that held a slot ended; its slot goes to the next waiting.
    func fetchEnded(_ fetch: HTTPFetch) {
        guard let key = fetch.serverKey else { return }
        startAll(admission.finished(key: key))
    }

    private func startAll(_ fetches: [HTTPFetch]) {
        // A fetch cancelled while it waited gives its slot straight back, in this loop rather
        // than by recursion, however many were cancelled.
        var pending = fetches[...]
        while let fetch = pending.popFirst() {
            if fetch.isWaitingToStart {
                fetch.start()
            } else if let key = fetch.serverKey {
                pending += admission.finished(key: key)
            }
        }
    }
}
