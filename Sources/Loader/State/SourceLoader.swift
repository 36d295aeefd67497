/// Loads one source on the loop and publishes every state change and every item of a load
/// in flight, as one `SourceEvent` (its one way out, `observe`): the terminal's
/// `RemoteContentView` model, with `load(pages:)`, `reload()`, `loadMore()`, `retry()`,
/// `cancel()` and `endStream(_:)`.
///
/// It carries out what its `SourceMachine` decides: it fetches, decodes with the source's
/// plugin, runs the retry timer and tells observers. Events raised while one is handled (an
/// observer that reloads, a fetch that ends at once) wait in a queue, so the machine is never
/// re-entered. It never prints; front ends observe it and render.
public final class SourceLoader {
    public typealias Machine = SourceMachine<AnyContent>

    public let source: Source
    let fetcher: any ContentFetcher
    let loop: EventLoop
    private let options: FetchOptions
    private var machine: Machine
    /// What observers see: the machine as of the last change published.
    private var published: Machine.Snapshot
    var fetch: (any FetchHandle)?
    /// The steps of the request whose fetch just ended, for the machine's account of it.
    private var endedTimings: RequestTimings?
    /// While a response is decoded: what a cancel ends the wait for a program with.
    var decoding: OffLoop.Cancellation?
    /// What the loader knows of the request in flight, or the last made (see `FetchInFlight`).
    var flight = FetchInFlight()
    /// When the request in flight (or the last) started: a slow load says how long it has taken.
    public var requestStarted: ContinuousClock.Instant { flight.started }
    /// The plugins a live stream's head chooses (see `BodyTappingDecoder.isChosenByHead`), for
    /// a source that picks by response; found at its first fetch.
    private lazy var headChosen: [AnyContentDecoder] = {
        guard case .fromResponse(let decoders, _) = source.plugin else { return [] }
        return decoders.filter(\.isChosenByHead)
    }()
    /// The wait for a retry, among the loop's deadlines.
    private var retryTimer: LoopDeadlines.Token?
    private var pending: [Machine.Event] = []
    private var handling = false
    /// Who is told of each event (`observe`).
    var observers = Observers()
    /// Whether its fetches wait behind others to the same host (a prefetch): read as each
    /// fetch starts, so a detail the user opens loads at normal priority from then on.
    public var isLowPriority = false
    /// Whether its request waits for a connection slot, not yet sent (see `isLowPriority`).
    public var isWaitingForSlot: Bool { fetch?.isWaitingForSlot ?? false }
    /// Where a run takes the content of a load in pieces as it is decoded, where its decoder
    /// makes it so (see `ItemHandoff.shown`): each is published (`.items(.shown)`), and the
    /// content it comes to rest with is then what was not. nil: the content comes whole.
    public var pieceIntake: PieceIntake?
    /// Whether each item of a live stream is published as it arrives (`.items(.arrived)`),
    /// before it is handed over or shown, for a run that judges it (`--until`) or reads it
    /// (`--on-change`); it may end the stream there (`endStream`).
    public var publishesArrivals = false
    /// Whether the bytes received so far are published as they come (`progressed` changes);
    /// off where no observer shows them. See `SourceMachine.publishesProgress`.
    public var reportsProgress: Bool {
        get { machine.publishesProgress }
        set { machine.publishesProgress = newValue }
    }

    /// Loads `source` with `fetcher`: a `URLFetcher` for every kind of URL, or an `HTTPClient`.
    public init(source: Source, fetcher: any ContentFetcher, loop: EventLoop, options: FetchOptions = FetchOptions(),
                retryPolicy: RetryPolicy = .never) {
        self.source = source
        self.fetcher = fetcher
        self.loop = loop
        let firstPageURL = source.pageParameter.map { Pagination.url(source.url, page: 1, parameter: $0) } ?? source.url
        machine = Machine(setup: Machine.Setup(name: source.name, firstPageURL: firstPageURL, pageParameter: source.pageParameter,
                                               followsCrossHostLinks: source.followsCrossHostLinks, policy: retryPolicy))
        published = machine.snapshot
        var options = options
        if options.accept == nil { options.accept = source.plugin.acceptHeader }
        self.options = options
    }

    /// Loads `source` over HTTP only.
    public convenience init(source: Source, client: HTTPClient, options: FetchOptions = FetchOptions(),
                            retryPolicy: RetryPolicy = .never) {
        self.init(source: source, fetcher: client, loop: client.loop, options: options, retryPolicy: retryPolicy)
    }

    public var state: LoadingState<AnyContent> { published.state }
    /// Where the list stands: `paginated` while `loadMore()` has a page to fetch, `populated`
    /// at its end, `refreshing`/`paging` while a load (with its retries) runs.
    public var refreshState: RefreshMachine<AnyContent>.State { published.refreshState }
    /// Where the next page is, once a page said so (or the page parameter implies it); nil at
    /// the end of the list, for content that does not page, or once paging was stopped.
    public var nextPage: String? { published.nextPage }
    /// The pages that make up the content: 1 after a load, one more after each page.
    public var pagesLoaded: Int { published.pagesLoaded }
    /// Pages each load asks for: as `load(pages:)` said, one more after each `loadMore()`.
    public var pagesWanted: Int { published.pagesWanted }
    /// Why paging stopped short in the current chain (a loop, another host), if it did.
    public var pagingStop: PagingStop? { published.pagingStop }
    /// Whether the page that just arrived is followed by another it asks for next.
    public var continuesChain: Bool { published.continuesChain }
    /// What the loads came to over time: the attempt, the last success, the failure that
    /// stands until the next one.
    public var record: LoadRecord { published.record }
    /// Whether `loadMore()` would ask for a page now.
    public var canLoadMore: Bool { published.canLoadMore }
    /// Attempts in all that a load may make, as the retry policy allows.
    public var maxAttempts: Int { machine.setup.policy.maxAttempts }
    /// The first page's URL: the source's, with page 1 set when pages are numbered.
    public var firstPageURL: String { machine.setup.firstPageURL }

    /// Starts a load of `pages` pages, unless content is already here or a load is in flight.
    public func load(pages: Int = 1) { send(.load(pages: pages)) }

    /// Loads again from the first page, as many pages as before, even when content is here;
    /// not while a load is in flight.
    public func reload() { send(.reload) }

    /// Loads the next page and appends it, now and on every reload from now on. Returns false,
    /// doing nothing, unless `canLoadMore`.
    @discardableResult
    public func loadMore() -> Bool {
        guard canLoadMore else { return false }
        send(.loadMore)
        return true
    }

    /// Tries a failed source now, with the backoff reset; a source that has not failed is left alone.
    public func retry() { send(.retry) }

    /// Cancels the load in flight through its GCancellable, or the wait for a retry. The source
    /// returns to where it stood before the load.
    public func cancel() {
        // The machine would do nothing (as its own `handle` says): not even an event for it.
        // A watch's end cancels ten thousand sources, nearly all of them idle. While an event
        // is handled, the cancel waits its turn as any event does: the state may change first.
        // Nor when its fetch was already asked to cancel, unless the response came meanwhile and
        // is being decoded: that decode is what the cancel must end.
        if !handling, machine.cancelWouldChangeNothing(decoding: decoding != nil) { return }
        // A decode under way while an event is handled (a stream's end, settled as its
        // machine said) is what the cancel must end now: the cancel's own turn comes after it.
        if handling { decoding?.cancel() }
        send(.cancel)
    }

    // MARK: Carrying out the machine's actions

    func send(_ event: Machine.Event) {
        loop.assertOnLoop()
        pending.append(event)
        guard !handling else { return }
        handling = true
        defer { handling = false }
        while !pending.isEmpty {
            let event = pending.removeFirst()
            for action in machine.handle(event, at: .now) { perform(action) }
        }
    }

    private func perform(_ action: Machine.Action) {
        switch action {
        case .fetch(let request):
            var options = request.sendsSourceHeaders ? options : options.withoutOwnParts
            options.validators = request.validators
            options.usesCache = request.usesCache
            options.isLowPriority = isLowPriority
            // All that was known of the request before goes; pieces a live stream hands over
            // go out during the fetch, not its decode.
            flight = FetchInFlight(requested: (request.url, options), pagePlugin: request.pagePlugin)
            fetch = fetcher.fetch(request.url, options: options, progress: { [weak self] progress in
                self?.progressed(progress)
            }, tap: tapOpener(for: request), completion: { [weak self] result in
                self?.fetched(result, request: request.id)
            })
        case .cancelFetch:
            fetch?.cancel()
            // The response came and is being decoded: a program running off the loop for it
            // is waited for no more.
            decoding?.cancel()
        case .scheduleRetry(let delay):
            retryTimer = loop.deadlines.schedule(after: delay) { [weak self] in
                self?.retryTimer = nil
                self?.send(.retryDue)
            }
        case .cancelRetry:
            if let retryTimer { loop.deadlines.cancel(retryTimer) }
            retryTimer = nil
        case .tellEnd:
            loop.schedule { [weak self] in self?.send(.endDue) }
        case .reconnect(let delay, let lastEventID):
            reconnect(after: delay, lastEventID: lastEventID)
        case .settleStream(let result, let request):
            settle(result, request: request)
        case .publish(let transition):
            published = transition.snapshot
            publish(.changed(transition))
        case .keepCopy(let response):
            guard let requested else { return }
            fetcher.keepCopy(of: response, url: requested.url, options: requested.options)
        case .confirmCopy(let validators):
            guard let requested else { return }
            fetcher.confirmCopy(url: requested.url, options: requested.options, validators: validators)
        }
    }

    /// What opens a plugin's tap on the body of `request`'s response, where one taps bodies:
    /// the source's own plugin (a jq program parses as the body arrives), or, for a source
    /// that picks by response, the plugin a live stream's head names (see
    /// `BodyTappingDecoder.isChosenByHead`); nil where none could.
    private func tapOpener(for request: Machine.Request) -> BodyTapOpener? {
        let candidates: [AnyContentDecoder]
        switch source.plugin {
        case .fixed(let decoder):
            guard decoder.tapper != nil else { return nil }
            candidates = [decoder]
        case .fromResponse:
            // A later page goes to the plugin of the first, which waits for whole bodies.
            guard request.pagePlugin == nil else { return nil }
            candidates = headChosen
            guard !candidates.isEmpty else { return nil }
        }
        // As `decodeNow` hands pieces: only to a first page.
        let firstPage = request.pagePlugin == nil
        let fixed = if case .fixed = source.plugin { true } else { false }
        return { [weak self, id = request.id] info in
            guard let self else { return nil }
            let live = info.isLiveStream
            // A source that picks by response: only a live stream is chosen by its head.
            guard fixed || live else { return nil }
            // Pieces that only a live stream may take are not given to other work; made for
            // the response that takes them, not for every fetch (10,000 sources fetch often).
            let handoff = handoff(showsPieces: firstPage && (live || pieceIntake?.takesOnlyLiveStreams == false), live: live)
            if live { streamed.head = info }
            for decoder in candidates {
                guard let tap = decoder.tapper?(info, handoff) else { continue }
                tapped = (id, tap, decoder)
                return tap
            }
            return nil
        }
    }

    func fetched(_ result: Result<HTTPResponse, LoadError>, request: Int) {
        endedTimings = fetch?.timings
        fetch = nil
        if let tapped, tapped.request == request, tapped.tap.isLive {
            // A live stream: its machine opens a dropped connection again, or ends the load.
            return send(.connectionEnded(connectionEnd(result, tap: tapped.tap, request: request)))
        }
        settle(result, request: request)
    }

    /// Tells the machine how request `request` ended.
    private func settle(_ result: Result<HTTPResponse, LoadError>, request: Int) {
        // Decoded with it or not, the tap is done with once the response is (and only this
        // request's: one that ended late must not drop the tap of the fetch after it).
        defer { if tapped?.request == request { tapped = nil } }
        var end: Machine.FetchEnd
        switch result {
        case .success(let response): end = self.end(of: response, request: request)
        case .failure(let error): end = Machine.FetchEnd(.failed(error), request: request)
        }
        end.timings = endedTimings
        endedTimings = nil
        send(.fetchEnded(end))
    }

    /// How the fetch ended, for the machine: the response decoded, or a failure with the
    /// stored copy that stands beside it.
    private func end(of response: HTTPResponse, request: Int) -> Machine.FetchEnd {
        switch (response.storedCopy, response.storedCopy?.error) {
        case (let copy?, let error?):
            // A copy that no longer decodes (a plugin changed) is left out, not shown broken.
            guard case .page(let content, _) = outcome(of: response) else { return Machine.FetchEnd(.failed(error), request: request) }
            return Machine.FetchEnd(.failed(error), request: request, httpStatus: error.httpStatus, bytes: 0, storedCopy: (content, copy.moment))
        case (_?, nil):
            // The server's word was 304, and no body came over the wire.
            return Machine.FetchEnd(outcome(of: response), request: request, httpStatus: 304, bytes: 0, revalidatedCopy: true,
                                    page: handedOn(response))
        case (nil, _):
            // Files and stdin answer with a stand-in 200 that no server sent: report no status.
            let status = URLParts.scheme(of: response.info.url)?.hasPrefix("http") == true ? response.info.status : nil
            // Only this body came through the tap: a stored copy never did.
            let tap = tapped.flatMap { $0.request == request ? ($0.tap, $0.decoder) : nil }
            // A live stream's body was its tap's alone: there is none to keep as a copy, and
            // its last items stand for it in the history.
            if let live = tap?.0, live.isLive {
                // The stream's head, not the one that ended it (a reconnection's 204).
                let head = streamed.head ?? response.info
                let page = source.handsOnFirstPage ? live.recentRecords().map { ServedPage(info: head, bytes: $0) } : nil
                // Its bytes are the stream's, as last reported: the body the fetch kept is none.
                return Machine.FetchEnd(outcome(of: response, tapped: tap), request: request, httpStatus: status.map { _ in head.status },
                                        page: page)
            }
            // A body a tap put elsewhere (a download's file) is counted by the progress it made.
            return Machine.FetchEnd(outcome(of: response, tapped: tap), request: request, httpStatus: status,
                                    bytes: tap?.0.keepsBody == false ? nil : response.body.count,
                                    response: response, page: handedOn(response))
        }
    }

    /// The response's body for the change that settles the load, where the source hands it on.
    private func handedOn(_ response: HTTPResponse) -> ServedPage? {
        source.handsOnFirstPage ? ServedPage(info: response.info, bytes: response.body) : nil
    }
}
