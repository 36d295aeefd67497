/// Fetches `http(s)` URLs with an `HTTPClient`, `file:` URLs through GIO, and `-` from
/// standard input: one fetcher for every kind of source loadrun knows.
public final class URLFetcher: ContentFetcher {
    private let loop: EventLoop
    private let http: HTTPClient

    public init(loop: EventLoop, http: HTTPClient) {
        self.loop = loop
        self.http = http
    }

    public func fetch(_ url: String, options: FetchOptions, progress: @escaping (LoadProgress) -> Void, tap: BodyTapOpener?,
                      completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) -> any FetchHandle {
        if url == "-" {
            return LocalFetch.start(.standardInput, loop: loop, options: options, progress: progress, completion: completion)
        }
        if URLParts.scheme(of: url) == "file" {
            return LocalFetch.start(.file(uri: url), loop: loop, options: options, progress: progress, completion: completion)
        }
        return http.get(url, options: options, progress: progress, tap: tap, completion: completion)
    }

    public func keepCopy(of response: HTTPResponse, url: String, options: FetchOptions) {
        http.keepCopy(of: response, url: url, options: options)
    }

    public func confirmCopy(url: String, options: FetchOptions, validators: CacheValidators) {
        http.confirmCopy(url: url, options: options, validators: validators)
    }
}
