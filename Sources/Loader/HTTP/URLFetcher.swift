/// Fetches a URL over the transport that carries it (see `Transport`): `http(s)` with an
/// `HTTPClient`, `file:` URLs and `-` (standard input) with a `LocalTransport`. One fetcher
/// for every kind of source loadrun knows; the stored copies are HTTP's.
public final class URLFetcher: ContentFetcher {
    private let http: HTTPClient
    /// The transports it knows, asked in order; HTTP, last, also answers what none carries
    /// (its error names the URL's scheme).
    private let transports: [any Transport]

    public init(loop: EventLoop, http: HTTPClient) {
        self.http = http
        transports = [LocalTransport(loop: loop), http]
    }

    public func fetch(_ url: String, options: FetchOptions, progress: @escaping (LoadProgress) -> Void, tap: BodyTapOpener?,
                      completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) -> any FetchHandle {
        let transport = transports.first { $0.carries(url) } ?? http
        return transport.start(url, options: options, progress: progress, tap: tap, completion: completion)
    }

    public func keepCopy(of response: HTTPResponse, url: String, options: FetchOptions) {
        http.keepCopy(of: response, url: url, options: options)
    }

    public func confirmCopy(url: String, options: FetchOptions, validators: CacheValidators) {
        http.confirmCopy(url: url, options: options, validators: validators)
    }
}
