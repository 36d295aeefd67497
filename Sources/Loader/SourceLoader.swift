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
    /// The last good response's ETag and Last-Modified, sent on reloads while its content is kept.
    private var validators: CacheValidators?
    private var observers: [(id: Int, body: (StateChange) -> Void)] = []
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
    public func load() { send(.load) }

    /// Loads again even when content is here, unless a load is in flight.
    public func reload() { send(.reload) }

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
        case .startRequest(let attempt):
            if attempt == 1 { loadStarted = .now }
            var options = options
            // Only worth asking "changed since?" when there is content to keep if not.
            options.validators = machine.state.content == nil ? nil : validators
            fetch = fetcher.fetch(source.url, options: options, progress: { [weak self] progress in
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
            let change = StateChange(source: source.name, from: from, to: to, cause: cause)
            for observer in observers { observer.body(change) }
        }
    }

    private func didFetch(_ result: Result<HTTPResponse, LoadError>) {
        fetch = nil
        switch result {
        case .success(let response) where response.info.isNotModified:
            send(.notModified)
        case .success(let response):
            guard let plugin = plugin(for: response) else {
                return failed(noPluginError(response.info, bodyIsEmpty: response.body.isEmpty))
            }
            do {
                let content = try plugin.decode(response.body, response: response.info)
                validators = response.info.validators
                send(.succeeded(content))
            } catch {
                failed(decodeError(error, plugin: plugin, response: response.info))
            }
        case .failure(let error):
            failed(error)
        }
    }

    private func failed(_ error: LoadError) {
        send(.failed(error, elapsed: ContinuousClock.now - loadStarted, now: Int(time(nil))))
    }

    private func plugin(for response: HTTPResponse) -> AnyContentPlugin? {
        switch source.plugin {
        case .fixed(let plugin): plugin
        case .fromResponse(let registry): registry.plugin(for: response.body, response: response.info)
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
                         suggestion: "name one with --plugin")
    }

    private static func origin(_ response: ResponseInfo) -> String {
        URLParts.origin(of: response.url)
    }
}
