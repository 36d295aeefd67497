/// Everything one source decides about its loads, as a pure value: events in, actions out, no
/// I/O. `SourceLoader` carries out the actions.
///
/// It joins two machines and lets each do what it models:
/// - `RefreshMachine` (YLRefreshKit's) decides what to fetch: the first page for a refresh, the
///   next one for a page, and refuses either during a transition;
/// - `LoadMachine` decides the loading state: one load at a time, retries with backoff, the last
///   good content kept beside an error, and cancel back to where the load began.
///
/// On top it decides what each request carries (validators, cache use, the source's headers
/// only to its own origin), vets each `next` link (no loops, no other host without leave), and
/// runs a load through as many pages as `load(pages:)` asked for.
public struct SourceMachine<Content: PagedContent> {
    public let setup: Setup
    private var load: LoadMachine<Content>
    private var refresh = RefreshMachine<Content>()
    /// Pages a load asks for.
    private var pagesWanted = 1
    /// The last good first page's ETag and Last-Modified, sent on reloads while its content is kept.
    private var validators: CacheValidators?
    /// Whether a request has been made: only the first may use the copy store.
    private var hasFetched = false
    /// While the content is a copy from an earlier run shown beside a failure: when the
    /// server last said it was current. Later failures of the load keep it marked.
    private var storedCopyShown: Int?
    // These three are the paging decisions' too (`SourceMachine+Paging`), so not private;
    // nothing outside the machine writes them.
    /// Every page URL of the current chain, to stop a `next` link that loops back.
    var pagesVisited: Set<String> = []
    var pagingStop: PagingStop?
    /// What the next fresh load fetches: the first page, or the one after what is here.
    private var nextLoadAppends = false
    /// The request in flight or last made, and the content its page joins, when paging.
    var request: (url: String, appendingTo: Content?) = ("", nil)
    /// The page that just arrived and where the one after it is, until its success is published.
    private var arrived: (page: Content, next: String?)?
    /// The first page of the load under way, as it came, for the change that settles it.
    private var firstPage: ServedPage?
    /// The head of the load's first page, for the change that settles the load.
    private var firstResponse: ResponseInfo?
    /// Whether the load in flight was called off: a page that still arrives ends the chain.
    private var callingOff = false
    private var attempt = (number: 0, started: ContinuousClock.Instant?.none, status: Int?.none, bytes: 0, timings: RequestTimings?.none)
    /// Whether the last page that arrived is followed by another, asked for next.
    private var continuesChain = false
    /// What the loads came to over time.
    private var record = LoadRecord()
    /// The requests made so far; the last is the one whose end counts.
    private var requestCount = 0
    /// The head of a live stream's response, for the change that says it streams.
    private var streamHead: ResponseInfo?
    /// The live stream in flight's reconnections, for the load under way: the stream
    /// decisions' too (`SourceMachine+Streams`), so not private.
    var reconnection = StreamReconnection()
    /// The reconnection being published, for the change that tells it.
    private var reconnecting: Reconnection?
    /// A response that came, waiting to be told on the loop's next turn (`tellEnd`).
    private var pendingEnd: FetchEnd?
    private var loadStarted: ContinuousClock.Instant?
    /// The moment of the event being handled.
    private var now = Moment(monotonic: .now, wall: 0)
    /// Whether the bytes received so far are published as they come (`progressed`). Where
    /// nothing shows them (a pipe, NDJSON), each would be a whole change for every observer:
    /// two a request, a tenth of a 1,000-URL run. The count is kept either way, for the
    /// change that ends the attempt.
    public var publishesProgress = true

    public init(setup: Setup, random: some RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.setup = setup
        load = LoadMachine(policy: setup.policy, random: random)
    }

    /// Where the source stands now.
    public var snapshot: Snapshot {
        Snapshot(state: load.state, refreshState: refresh.state, pagesLoaded: refresh.items.count,
                 nextPage: refresh.nextPage, pagingStop: pagingStop, pagesWanted: pagesWanted,
                 continuesChain: continuesChain, record: record)
    }

    /// Whether a cancel now would change nothing: no load in flight, no retry waiting and no
    /// response waiting to be told. A run's end cancels every source, most of them idle.
    @inline(__always)
    public var cancelChangesNothing: Bool { !load.isBusy && pendingEnd == nil }

    /// Whether a cancel of the load in flight was asked and its fetch has not answered yet:
    /// another cancel would only ask the fetch again. A run's end cancels every source twice
    /// (as the loop is asked to quit, and once it has), and 10,000 sources wait for a slot.
    @inline(__always)
    public var isCallingOff: Bool { callingOff && load.isLoading && pendingEnd == nil }

    /// Whether a cancel now would change nothing, or only ask its fetch to cancel again;
    /// `decoding`: a response that came meanwhile is being decoded, and a cancel must end that.
    ///
    /// `mutating` only so that the loader asks in place: read from the loader's property, the
    /// machine was copied whole (its strings, arrays and content retained and released) to
    /// answer, 10,000 times as a watch of 10,000 sources ends.
    public mutating func cancelWouldChangeNothing(decoding: Bool) -> Bool {
        cancelChangesNothing || (isCallingOff && !decoding)
    }

    public mutating func handle(_ event: Event, at now: Moment) -> [Action] {
        self.now = now
        switch event {
        case .load(let pages):
            guard !load.isLoading, !isLoaded else { return [] }
            pagesWanted = max(1, pages)
            nextLoadAppends = false
            return drive(load.handle(.load))
        case .reload:
            guard !load.isLoading else { return [] }
            nextLoadAppends = false
            return drive(load.handle(.reload))
        case .loadMore:
            guard snapshot.canLoadMore else { return [] }
            pagesWanted = refresh.items.count + 1
            return nextPage()
        case .retry:
            return drive(load.handle(.retry))
        case .retryDue:
            return drive(load.handle(.retryDue))
        case .cancel:
            guard !cancelChangesNothing else { return [] }
            if load.isLoading { callingOff = true }
            if pendingEnd != nil {
                // The response is here but not yet told: its fetch has nothing left to cancel,
                // and the cancel wins over what came. It is told when the response would have
                // been, on the loop's next turn, as a fetch's own cancel is.
                pendingEnd = FetchEnd(.failed(.cancelled), request: requestCount)
                return []
            }
            return drive(load.handle(.cancel))
        case .progress(let progress):
            attempt.bytes = progress.receivedBytes
            guard publishesProgress else { return [] }
            return drive(load.handle(.progress(progress)))
        case .streamed(let progress, let content, let head):
            attempt.bytes = progress.receivedBytes
            streamHead = head
            defer { streamHead = nil }
            return drive(load.handle(.streamed(progress, content: content)))
        case .fetchEnded(let end):
            // The end of a request called off by a new one, or of one already ended, changes nothing.
            guard end.request == requestCount, load.isLoading, pendingEnd == nil else { return [] }
            if case .failed = end.outcome { return ended(end) }
            pendingEnd = end
            return [.tellEnd]
        case .connectionEnded(let end):
            guard end.request == requestCount, load.isLoading, pendingEnd == nil else { return [] }
            switch answer(to: end, callingOff: callingOff) {
            case .reconnect(let planned):
                reconnecting = planned
                defer { reconnecting = nil }
                return [.reconnect(after: planned.delay, lastEventID: planned.lastEventID)] + drive(load.handle(.reconnecting))
            case .end(let result):
                return [.settleStream(result, request: end.request)]
            }
        case .endDue:
            guard let end = pendingEnd else { return [] }
            pendingEnd = nil
            return ended(end)
        }
    }

    private var isLoaded: Bool {
        if case .loaded = load.state { return true }
        return false
    }

    // MARK: Requests

    private mutating func nextPage() -> [Action] {
        nextLoadAppends = true
        return drive(load.handle(.reload))
    }

    /// The load machine's actions, carried into this machine's: a fresh first attempt asks the
    /// refresh machine what to fetch, and every change of state keeps it in step.
    private mutating func drive(_ actions: [LoadMachine<Content>.Action]) -> [Action] {
        var result: [Action] = []
        for action in actions {
            switch action {
            case .startRequest(let number):
                result.append(.fetch(start(attempt: number)))
            case .cancelRequest:
                result.append(.cancelFetch)
            case .scheduleRetry(let delay):
                result.append(.scheduleRetry(after: delay))
            case .cancelRetry:
                result.append(.cancelRetry)
            case .publish(let from, let to, let cause):
                track(cause)
                result.append(.publish(transition(from: from, to: to, cause: cause)))
            }
        }
        if let last = result.last, case .publish(let transition) = last, transition.continuesChain {
            result += nextPage()
        }
        return result
    }

    private mutating func start(attempt number: Int) -> Request {
        if number == 1 {
            loadStarted = now.monotonic
            callingOff = false
            // A fresh load supersedes a refresh still waiting for its retry.
            if refresh.state.isTransitional { refresh.handle(.cancelled) }
            if refresh.trigger(nextLoadAppends ? .loadMore : .refresh) == .fetchFirstPage {
                pagingStop = nil
                request = (setup.firstPageURL, nil)
            } else if let next = refresh.nextPage, let content = load.state.content {
                request = (next, content)
            }
        }
        attempt = (number, now.monotonic, nil, 0, nil)
        reconnection = StreamReconnection()
        let isFirstPage = request.appendingTo == nil
        defer { hasFetched = true }
        requestCount += 1
        return Request(id: requestCount, url: request.url, attempt: number,
                       validators: isFirstPage && load.state.content != nil ? validators : nil,
                       usesCache: !hasFetched,
                       // The first page itself needs no parse of either URL.
                       sendsSourceHeaders: request.url == setup.firstPageURL
                           || OriginPolicy(sourceURL: setup.firstPageURL).sendsOwnParts(to: request.url),
                       pagePlugin: request.appendingTo?.pluginName)
    }

    // MARK: Ends

    private mutating func ended(_ end: FetchEnd) -> [Action] {
        // A page may end a request whose cancel was asked but not yet answered: it is taken
        // (the chain then ends: `callingOff`), as the fetch was done before the cancel.
        if let bytes = end.bytes { attempt.bytes = bytes }
        if let timings = end.timings { attempt.timings = timings }
        switch end.outcome {
        case .page(let page, let response):
            attempt.status = end.httpStatus
            guard let content = request.appendingTo.map({ $0.appending(page) }) ?? page else {
                return failed(LoadError(.unsupported, "\(page.pluginName) content does not come in pages", remedy: .loadOnePage))
            }
            if request.appendingTo == nil {
                storedCopyShown = nil
                validators = response.validators
                pagesVisited = [request.url, response.url]
                firstPage = end.page
                firstResponse = response
            }
            arrived = (page, vetted(nextPageURL(after: page, response: response)))
            var copy: [Action] = []
            if let fresh = end.response {
                copy = [.keepCopy(fresh)]
            } else if end.revalidatedCopy, let validators = response.validators {
                copy = [.confirmCopy(validators)]
            }
            return copy + drive(load.handle(.succeeded(content)))
        case .notModified:
            attempt.status = end.httpStatus
            storedCopyShown = nil
            // The copy kept is what these validators describe: a watch's 304s confirm it too,
            // so that an offline run says its true age and eviction sees it in use.
            return (validators.map { [.confirmCopy($0)] } ?? []) + drive(load.handle(.notModified))
        case .failed(var error):
            attempt.status = end.httpStatus ?? error.httpStatus
            // A stored copy stands in only where the run has no content of its own, and only
            // beside a failure that leaves it standing: a later 4xx takes it off again.
            var copy: Content?
            if load.state.content == nil, let stored = end.storedCopy {
                storedCopyShown = stored.verifiedAt
                copy = stored.content
            }
            let withdraws = storedCopyShown != nil && !error.leavesStoredCopyStanding && error.code != .cancelled
            if withdraws { storedCopyShown = nil }
            // Marked while what stays on show is that copy: the run's own content clears the mark.
            error.copyVerifiedAt = load.state.content != nil || copy != nil ? storedCopyShown : nil
            return failed(error, copy: copy, withdrawsCopy: withdraws)
        }
    }

    private mutating func failed(_ error: LoadError, copy: Content? = nil, withdrawsCopy: Bool = false) -> [Action] {
        let elapsed = loadStarted.map { now.monotonic - $0 } ?? .zero
        return drive(load.handle(.failed(error, elapsed: elapsed, now: now.wall, copy: copy, withdrawsCopy: withdrawsCopy)))
    }

    /// Keeps the refresh machine in step with the load machine: a load's retries belong to one
    /// refresh (or page).
    private mutating func track(_ cause: LoadMachine<Content>.Cause) {
        switch cause {
        case .succeeded:
            guard let page = arrived else { return }
            arrived = nil
            refresh.handle(.pageLoaded([page.page], nextPage: page.next))
        case .notModified:
            refresh.handle(.pageLoaded(refresh.items, nextPage: refresh.nextPage))
        case .failed:
            refresh.handle(.pageFailed)
        case .cancelled:
            refresh.handle(.cancelled)
        case .started, .progressed, .streamed, .reconnecting, .retryScheduled:
            break
        }
    }

    private mutating func transition(from: LoadingState<Content>, to: LoadingState<Content>,
                                     cause: LoadMachine<Content>.Cause) -> Transition {
        var snapshot = snapshot
        continuesChain = cause == .succeeded && !callingOff && snapshot.pagesLoaded < pagesWanted && snapshot.canLoadMore
        record.note(cause, attempt: attempt.number, error: to.error, timings: attempt.timings, at: now.wall)
        snapshot.continuesChain = continuesChain
        snapshot.record = record
        var transition = Transition(source: setup.name, from: from, to: to, cause: cause, attempt: attempt.number, httpStatus: attempt.status,
                                    bytes: attempt.bytes, timings: attempt.timings, duration: attempt.started.map { now.monotonic - $0 } ?? .zero,
                                    continuesChain: continuesChain, snapshot: snapshot)
        // The first page goes with the change that settles the load; a load that ends
        // otherwise lets it go.
        switch cause {
        case .succeeded where !continuesChain, .notModified, .failed, .cancelled:
            transition.servedPage = cause == .succeeded ? firstPage : nil
            transition.response = cause == .succeeded ? firstResponse : nil
            firstPage = nil
            firstResponse = nil
        case .streamed:
            transition.response = streamHead
        case .reconnecting:
            transition.reconnection = reconnecting
        case .succeeded, .started, .progressed, .retryScheduled:
            break
        }
        return transition
    }
}
