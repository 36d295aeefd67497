/// Fetches the bytes behind a URL on the loop: what a `SourceLoader` asks, over the
/// `Transport` that carries the URL (HTTP, files, standard input), and where the copies of
/// earlier responses are kept.
public protocol ContentFetcher: AnyObject {
    /// Starts loading `url`. `completion` runs exactly once, on the loop, never before this
    /// returns. `tap`, where given, is asked once for a tap on the body, as its reading
    /// begins; a fetcher that cannot tell a body's type then (a file, standard input) never asks.
    func fetch(_ url: String, options: FetchOptions, progress: @escaping (LoadProgress) -> Void, tap: BodyTapOpener?,
               completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) -> any FetchHandle

    /// `response`, fetched from `url` with `options`, decoded: keep it for later runs, where
    /// the fetcher keeps copies.
    func keepCopy(of response: HTTPResponse, url: String, options: FetchOptions)

    /// The server said the copy kept for `url` with `options`, described by `validators`, is
    /// current: where the fetcher keeps copies, mark it confirmed and used now.
    func confirmCopy(url: String, options: FetchOptions, validators: CacheValidators)
}

/// Opens a decoder's tap on a body (see `BodyTap`) once the response's head is in: nil for a
/// response it does not tap.
public typealias BodyTapOpener = (ResponseInfo) -> (any BodyTap)?

/// An HTTP client alone, for a loader of `http(s)` sources only: its transport is the fetcher.
extension HTTPClient: ContentFetcher {
    public func fetch(_ url: String, options: FetchOptions, progress: @escaping (LoadProgress) -> Void, tap: BodyTapOpener?,
                      completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) -> any FetchHandle {
        start(url, options: options, progress: progress, tap: tap, completion: completion)
    }
}
