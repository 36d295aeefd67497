#if canImport(Glibc)
import Glibc
#endif

/// Loads one source on the loop and publishes every state change: the terminal's
/// `RemoteContentView` model, with `load()`, `reload()`, `retry()` and `cancel()`, retrying
/// transient failures as its `RetryPolicy` says.
///
/// It never prints; front ends observe it and render.
public final class SourceLoader {
    public let source: Source
    private let fetcher: any ContentFetcher
    private let loop: EventLoop
    private let options: FetchOptions
    private var machine: LoadMachine<AnyContent>
    private var fetch: (any FetchHandle)?
    private var retryTimer: LoopSource?
    /// When the load's first attempt began, on the monotonic clock, for the retry budget.
    private var loadStarted = ContinuousClock.now
    /// The attempt in flight or last made, for observers.
    private var attempt = (number: 0, started: ContinuousClock.now, status: Int?.none, bytes: 0)
    /// The last good response's ETag and Last-Modified, sent on reloads while its content is kept.
    private var validators: CacheValidators?
    /// What the next load is for: the list from its first page, or the page after what is here.
    private var intent: Intent = .firstPage
    /// The URL of the request in flight (retries ask for it again).
    private var requestURL = ""
    /// The content the page in flight will be appended to, when paging.
    private var appendingTo: AnyContent?

    private enum Intent {
        case firstPage
        case nextPage(url: String, appendingTo: AnyContent)
    }

    /// Refreshing and paging as YLRefreshKit models them; its items are the loaded pages.
    private var refresh = RefreshMachine<AnyContent>()
    /// Every page URL of the current chain, to stop a `next` link that loops back.
    private var pagesVisited: Set<String> = []
    /// The page that just arrived, and where the one after it is, until `succeeded` is published.
    private var arrivedPage: (page: AnyContent, next: String?)?

    /// Where the list stands: `paginated` while `loadMore()` has a page to fetch, `populated`
    /// at its end, `refreshing`/`paging` while a load (with its retries) runs.
    public var refreshState: RefreshMachine<AnyContent>.State { refresh.state }
    /// Where the next page is, once a page said so (or the page parameter implies it); nil at
    /// the end of the list, for content that does not page, or once paging was stopped.
    public var nextPage: String? { refresh.nextPage }
    /// The pages that make up the content: 1 after a load, one more after each `loadMore()`.
    public var pagesLoaded: Int { refresh.items.count }
    /// Why paging stopped short in the current chain (a loop, another host), if it did.
    public private(set) var pagingStop: PagingStop?
    private var observers: [(id: Int, body: (StateChange) -> Void)] = []
    /// Whether a request has been made: only the first may use the HTTP cache.
    private var hasFetched = false
    private var nextObserverID = 0

    /// Loads `source` with `fetcher`: a `URLFetcher` for every kind of URL, or an `HTTPClient`.
    public init(source: Source, fetcher: any ContentFetcher, loop: EventLoop, options: FetchOptions = FetchOptions(),
                retryPolicy: RetryPolicy = .never) {
        self.source = source
        self.fetcher = fetcher
        self.loop = loop
        self.machine = LoadMachine(policy: retryPolicy)
        var options = options
        if options.accept == nil { options.accept = source.plugin.acceptHeader }
        self.options = options
    }

    /// Loads `source` over HTTP only.
    public convenience init(source: Source, client: HTTPClient, options: FetchOptions = FetchOptions(),
                            retryPolicy: RetryPolicy = .never) {
        self.init(source: source, fetcher: client, loop: client.loop, options: options, retryPolicy: retryPolicy)
    }

    public var state: LoadingState<AnyContent> { machine.state }

    /// Attempts in all that a load may make, as the retry policy allows.
    public var maxAttempts: Int { machine.policy.maxAttempts }

    /// Calls `body` with every state change from now on; returns a token for `removeObserver`.
    @discardableResult
    public func observe(_ body: @escaping (StateChange) -> Void) -> Int {
        nextObserverID += 1
        observers.append((nextObserverID, body))
        return nextObserverID
    }

    public func removeObserver(_ token: Int) {
        observers.removeAll { $0.id == token }
    }

    /// Starts a load, unless content is already here or a load is in flight.
    public func load() {
        if !state.isLoading { intent = .firstPage }
        send(.load)
    }

    /// Loads again from the first page even when content is here, unless a load is in flight.
    public func reload() {
        if !state.isLoading { intent = .firstPage }
        send(.reload)
    }

    /// Loads the next page and appends it, with the same states, retries and cancel. Returns
    /// false, doing nothing, unless content is loaded, a next page is known and the refresh
    /// machine accepts `loadMore` (not while refreshing or paging, not once populated).
    @discardableResult
    public func loadMore() -> Bool {
        guard canLoadMore, case .loaded(let content) = state, let next = nextPage else { return false }
        intent = .nextPage(url: next, appendingTo: content)
        send(.reload)
        return true
    }

    /// Whether `loadMore()` would ask for a page now.
    public var canLoadMore: Bool {
        guard case .loaded = state, nextPage != nil else { return false }
        return refresh.accepts(.loadMore)
    }

    /// The first page's URL: the source's, with page 1 set when pages are numbered.
    public var firstPageURL: String {
        source.pageParameter.map { Pagination.url(source.url, page: 1, parameter: $0) } ?? source.url
    }

    /// Tries a failed source now, with the backoff reset; a source that has not failed is left alone.
    public func retry() { send(.retry) }

    /// Cancels the load in flight through its GCancellable, or the wait for a retry. The source
    /// returns to where it stood before the load.
    public func cancel() { send(.cancel) }

    private func send(_ event: LoadMachine<AnyContent>.Event) {
        loop.assertOnLoop()
        for action in machine.handle(event) {
            perform(action)
        }
    }

    private func perform(_ action: LoadMachine<AnyContent>.Action) {
        switch action {
        case .startRequest(let number):
            attempt = (number, .now, nil, 0)
            if number == 1 {
                loadStarted = .now
                switch intent {
                case .firstPage: (requestURL, appendingTo) = (firstPageURL, nil)
                case .nextPage(let url, let content): (requestURL, appendingTo) = (url, content)
                }
            }
            var options = options
            // Only worth asking "changed since?" of a first page, with content to keep if not.
            options.validators = appendingTo == nil && machine.state.content != nil ? validators : nil
            // The persistent cache is for what a previous run left; within a run, the loader
            // revalidates with its own validators.
            options.usesCache = !hasFetched
            hasFetched = true
            // The source's own headers (credentials, often) go only to its own origin, as
            // libsoup drops Authorization on a redirect to another host.
            if !options.headers.isEmpty, URLParts(requestURL)?.schemeHostPort != URLParts(firstPageURL)?.schemeHostPort {
                options.headers = []
            }
            fetch = fetcher.fetch(requestURL, options: options, progress: { [weak self] progress in
                self?.attempt.bytes = progress.receivedBytes
                self?.send(.progress(progress))
            }, completion: { [weak self] result in
                self?.didFetch(result)
            })
        case .cancelRequest:
            fetch?.cancel()
        case .scheduleRetry(let delay):
            retryTimer = loop.schedule(after: delay) { [weak self] in
                self?.retryTimer = nil
                self?.send(.retryDue)
            }
        case .cancelRetry:
            retryTimer?.cancel()
            retryTimer = nil
        case .publish(let from, let to, let cause):
            track(cause)
            let change = StateChange(source: source.name, from: from, to: to, cause: cause, attempt: attempt.number,
                                     httpStatus: attempt.status, bytes: attempt.bytes, duration: .now - attempt.started)
            for observer in observers { observer.body(change) }
        }
    }

    private func didFetch(_ result: Result<HTTPResponse, LoadError>) {
        fetch = nil
        if case .success(let response) = result {
            // Files and stdin answer with a stand-in 200 that no server sent: report no status.
            attempt.status = URLParts.scheme(of: response.info.url)?.hasPrefix("http") == true ? response.info.status : nil
            attempt.bytes = response.body.count
        }
        switch result {
        case .success(let response) where response.info.isNotModified:
            send(.notModified)
        case .success(let response):
            guard let (plugin, decoded) = decode(response) else {
                return failed(noPluginError(response.info, bodyIsEmpty: response.body.isEmpty))
            }
            do {
                let page = try decoded.get()
                guard let content = appendingTo.map({ $0.appending(page) }) ?? page else {
                    return failed(LoadError(.unsupported, "\(plugin.name) content does not come in pages", remedy: .loadOnePage))
                }
                if appendingTo == nil {
                    validators = response.info.validators
                    pagesVisited = [requestURL, response.info.url]
                }
                arrivedPage = (page, vetted(nextPageURL(after: page, response: response.info)))
                send(.succeeded(content))
            } catch {
                failed(decodeError(error, plugin: plugin, response: response.info))
            }
        case .failure(let error):
            attempt.status = error.httpStatus
            failed(error)
        }
    }

    /// Keeps the refresh machine in step with the load machine. A load's retries belong to one
    /// refresh (or page); a fresh load supersedes a refresh still waiting for its retry.
    private func track(_ cause: LoadMachine<AnyContent>.Cause) {
        switch cause {
        case .started where attempt.number == 1:
            if refresh.state.isTransitional { _ = refresh.handle(.cancelled) }
            if appendingTo == nil { pagingStop = nil }
            _ = refresh.handle(.trigger(appendingTo == nil ? .refresh : .loadMore))
        case .succeeded:
            guard let arrived = arrivedPage else { return }
            arrivedPage = nil
            _ = refresh.handle(.pageLoaded([arrived.page], nextPage: arrived.next))
        case .notModified:
            _ = refresh.handle(.pageLoaded(refresh.items, nextPage: refresh.nextPage))
        case .failed:
            if case .failed(let error, _, _) = state { _ = refresh.handle(.pageFailed(error)) }
        case .cancelled:
            _ = refresh.handle(.cancelled)
        case .started, .progressed, .retryScheduled:
            break
        }
    }

    /// `next`, unless it loops back into the chain or leaves the first page's origin without
    /// leave; either stop is kept in `pagingStop` for the front end to report.
    private func vetted(_ next: String?) -> String? {
        guard let next else { return nil }
        if pagesVisited.contains(next) {
            pagingStop = .loop(url: next)
            return nil
        }
        let origin = URLParts.origin(of: firstPageURL)
        if !source.followsCrossHostLinks, URLParts.origin(of: next) != origin {
            pagingStop = .crossHost(url: next, origin: origin)
            return nil
        }
        pagesVisited.insert(next)
        return next
    }

    /// By page number, the next one until a page comes back empty; otherwise the response's
    /// `Link: <…>; rel="next"`.
    private func nextPageURL(after page: AnyContent, response: ResponseInfo) -> String? {
        guard let parameter = source.pageParameter else {
            return Pagination.next(from: response.headers, base: response.url)
        }
        guard let count = page.itemCount, count > 0 else { return nil }
        if let size = parameter.perPage?.size, count < size { return nil }
        return Pagination.url(requestURL, page: Pagination.pageNumber(of: requestURL, parameter: parameter) + 1, parameter: parameter)
    }

    private func failed(_ error: LoadError) {
        send(.failed(error, elapsed: ContinuousClock.now - loadStarted, now: Int(time(nil))))
    }

    /// The plugin for the response, and its one decode of the body.
    private func decode(_ response: HTTPResponse) -> (AnyContentPlugin, Result<AnyContent, DecodeFailure>)? {
        switch source.plugin {
        case .fixed(let plugin):
            (plugin, Result { () throws(DecodeFailure) in try plugin.decode(response.body, response: response.info) })
        case .fromResponse(let registry):
            registry.choose(for: response.body, response: response.info)
        }
    }

    private func decodeError(_ failure: DecodeFailure, plugin: AnyContentPlugin, response: ResponseInfo) -> LoadError {
        LoadError(.decode, "the response from \(Self.origin(response)) \(failure.reason)",
                  suggestion: failure.suggestion ?? "check that the URL serves \(plugin.name)")
    }

    private func noPluginError(_ response: ResponseInfo, bodyIsEmpty: Bool) -> LoadError {
        guard case .fromResponse(let registry) = source.plugin else { preconditionFailure("a fixed plugin takes everything") }
        let type = bodyIsEmpty ? "empty" : response.mediaType ?? "untyped"
        let known = registry.plugins.map { "\($0.name) (\($0.mediaTypes.joined(separator: ", ")))" }
        return LoadError(.unsupported, "no plugin takes the \(type) response from \(Self.origin(response)); plugins: \(known.joined(separator: ", "))",
                         remedy: .namePlugin)
    }

    private static func origin(_ response: ResponseInfo) -> String {
        URLParts.origin(of: response.url)
    }
}
