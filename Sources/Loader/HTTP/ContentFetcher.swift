/// A load in flight, from wherever it comes.
public protocol FetchHandle: AnyObject {
    /// Cancels the load; its completion then runs with `.cancelled`.
    func cancel()
}

/// Fetches the bytes behind a URL on the loop: the seam between `SourceLoader` and where
/// content lives (HTTP, files, standard input).
public protocol ContentFetcher: AnyObject {
    /// Starts loading `url`. `completion` runs exactly once, on the loop, never before this
    /// returns.
    func fetch(_ url: String, options: FetchOptions, progress: @escaping (LoadProgress) -> Void,
               completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) -> any FetchHandle

    /// `response`, fetched from `url` with `options`, decoded: keep it for later runs, where
    /// the fetcher keeps copies.
    func keepCopy(of response: HTTPResponse, url: String, options: FetchOptions)
}

extension HTTPFetch: FetchHandle {}

extension HTTPClient: ContentFetcher {
    public func fetch(_ url: String, options: FetchOptions, progress: @escaping (LoadProgress) -> Void,
                      completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) -> any FetchHandle {
        get(url, options: options, progress: progress, completion: completion)
    }
}

/// Fetches `http(s)` URLs with an `HTTPClient`, `file:` URLs through GIO, and `-` from
/// standard input: one fetcher for every kind of source loadrun knows.
public final class URLFetcher: ContentFetcher {
    private let loop: EventLoop
    private let http: HTTPClient

    public init(loop: EventLoop, http: HTTPClient) {
        self.loop = loop
        self.http = http
    }

    public func fetch(_ url: String, options: FetchOptions, progress: @escaping (LoadProgress) -> Void,
                      completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) -> any FetchHandle {
        if url == "-" {
            return LocalFetch.start(.standardInput, loop: loop, options: options, progress: progress, completion: completion)
        }
        if URLParts.scheme(of: url) == "file" {
            return LocalFetch.start(.file(uri: url), loop: loop, options: options, progress: progress, completion: completion)
        }
        return http.get(url, options: options, progress: progress, completion: completion)
    }

    public func keepCopy(of response: HTTPResponse, url: String, options: FetchOptions) {
        http.keepCopy(of: response, url: url, options: options)
    }
}
