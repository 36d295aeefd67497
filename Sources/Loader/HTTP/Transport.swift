/// The loader's transport seam: what turns the request for a URL into a response's head, its
/// body's chunks and an end. A loader sees no transport, only what its `ContentFetcher` hands
/// on: the head to its tap opener (`BodyTapOpener`), each chunk to the tap it opened, the end
/// to its completion; the readers behind the tap (an event stream's, JSON Lines', a jq
/// program's) make item batches of the chunks. A transport of messages (a WebSocket) hands
/// each message as one chunk, to a tap that reads messages.
public protocol Transport: AnyObject {
    /// Whether it carries `url`: by its scheme, or `-` for standard input.
    func carries(_ url: String) -> Bool

    /// Starts the request for `url`, as `ContentFetcher.fetch` says: `completion` runs exactly
    /// once, on the loop, never before this returns.
    func start(_ url: String, options: FetchOptions, progress: @escaping (LoadProgress) -> Void, tap: BodyTapOpener?,
               completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) -> any FetchHandle
}

extension HTTPClient: Transport {
    public func carries(_ url: String) -> Bool {
        let scheme = URLParts.scheme(of: url)
        return scheme == "http" || scheme == "https"
    }

    public func start(_ url: String, options: FetchOptions, progress: @escaping (LoadProgress) -> Void, tap: BodyTapOpener?,
                      completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) -> any FetchHandle {
        get(url, options: options, progress: progress, tap: tap, completion: completion)
    }
}

/// `file:` URLs through GIO, and `-` from standard input: a body read whole, whose type is
/// known only once it is, so never tapped.
public final class LocalTransport: Transport {
    private let loop: EventLoop

    public init(loop: EventLoop) { self.loop = loop }

    public func carries(_ url: String) -> Bool {
        url == "-" || URLParts.scheme(of: url) == "file"
    }

    public func start(_ url: String, options: FetchOptions, progress: @escaping (LoadProgress) -> Void, tap: BodyTapOpener?,
                      completion: @escaping (Result<HTTPResponse, LoadError>) -> Void) -> any FetchHandle {
        LocalFetch.start(url == "-" ? .standardInput : .file(uri: url), loop: loop, options: options, progress: progress, completion: completion)
    }
}
