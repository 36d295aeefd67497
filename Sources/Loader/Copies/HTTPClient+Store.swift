#if canImport(Glibc)
import Glibc
#endif

extension HTTPClient {
    /// The request and its completion as the copy store shapes them: one freshness rule for
    /// every run, with no guess from the response's headers.
    ///
    /// - A source's first request in a run (`usesCache`, no validators of the caller's) asks
    ///   the server with the stored copy's validators; a 304 answers with the copy.
    /// - A 200 is kept for the next run once its plugin has taken it (`keepCopy`): a body
    ///   that does not decode never replaces the last good copy.
    /// - When the server cannot be reached, or fails with 5xx, the copy stands in, marked, and
    ///   the load still fails (`StoredCopyUse.fallback`).
    func throughStore(_ url: String, options: FetchOptions,
                      completion: @escaping (Result<HTTPResponse, LoadError>) -> Void)
        -> (FetchOptions, (Result<HTTPResponse, LoadError>) -> Void) {
        guard let store, options.keepsCopyOfResponse, URLParts.isWeb(url) else {
            return (options, completion)
        }
        var options = options
        // The key (a SHA-256 of the request's headers) only for the store's read: a watch's
        // later reloads carry their own validators and never read the copy here.
        let readsCopy = options.usesCache && options.validators == nil
        let copy = readsCopy ? store.copy(for: CopyKey(url: url, options: options), url: url) : nil
        if readsCopy {
            note(copy.map { "revalidating the copy stored \(StoredCopy.age(since: $0.storedAt)) ago" } ?? "no stored copy")
            options.validators = copy?.validators
        }
        let log = trafficLog
        return (options, { result in
            switch result {
            case .success(let response) where response.info.isNotModified && copy?.validators != nil:
                // Marked confirmed by the source's machine (`confirmCopy`), as every 304 is.
                guard let copy else { return completion(result) }
                log?(HTTPLogLine(.note, "revalidated: 304, showing the copy stored \(StoredCopy.age(since: copy.storedAt)) ago"))
                completion(.success(HTTPResponse(info: copy.response.info, body: copy.response.body,
                                                 storedCopy: .revalidated(storedAt: copy.storedAt))))
            case .success(let response) where response.info.status == 200 && copy?.validators != nil:
                log?(HTTPLogLine(.note, "changed since the stored copy"))
                completion(result)
            case .failure(let error) where copy != nil && error.leavesStoredCopyStanding:
                guard let copy else { return completion(result) }
                log?(HTTPLogLine(.note, "showing the copy the server last confirmed \(StoredCopy.age(since: copy.verifiedAt)) ago"))
                completion(.success(HTTPResponse(info: copy.response.info, body: copy.response.body,
                                                 storedCopy: .fallback(verifiedAt: copy.verifiedAt, error: error))))
            default:
                completion(result)
            }
        })
    }

    /// Keeps `response`, a whole 200 to `url` that its plugin took, as the copy the next run
    /// revalidates. Nothing for a copy that came from the store, for other schemes, or without
    /// a store.
    public func keepCopy(of response: HTTPResponse, url: String, options: FetchOptions) {
        guard let store, options.keepsCopyOfResponse, response.storedCopy == nil, response.info.status == 200,
              URLParts.isWeb(url) else { return }
        store.keep(response, for: CopyKey(url: url, options: options), url: url)
    }

    /// The server said the copy kept for `url`, described by `validators`, is current (a 304):
    /// it was confirmed now, and used now. Nothing without a store, or for another copy.
    public func confirmCopy(url: String, options: FetchOptions, validators: CacheValidators) {
        guard let store, options.keepsCopyOfResponse, URLParts.isWeb(url) else { return }
        store.confirm(CopyKey(url: url, options: options), validators: validators)
    }

    private func note(_ text: String) {
        trafficLog?(HTTPLogLine(.note, text))
    }
}

extension LoadError {
    /// Whether a stored copy may be shown beside this failure: the server could not be
    /// reached, stalled, or failed on its side (5xx). Not a 4xx, whose answer is the
    /// server's word, nor TLS, whose failure may be someone else's server.
    var leavesStoredCopyStanding: Bool {
        switch code {
        case .connectionRefused, .connectionReset, .temporaryDNSFailure, .hostNotFound, .timedOut, .network, .streamReset, .truncated:
            true
        case .httpStatus:
            (httpStatus ?? 0) >= 500
        default:
            false
        }
    }
}

extension StoredCopy {
    /// How long ago `moment` (seconds since the epoch) was, in words: `3 h`, `12 s`.
    public static func age(since moment: Int, now: Int? = nil) -> String {
        LoadError.format(.seconds(max(1, (now ?? Int(time(nil))) - moment)))
    }
}
