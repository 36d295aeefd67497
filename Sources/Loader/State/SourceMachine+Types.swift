#if canImport(Glibc)
import Glibc
#endif

extension SourceMachine {
    /// What the machine knows of its source, fixed for its life.
    public struct Setup: Sendable {
        /// The source's name, for its transitions.
        public var name: String
        /// The first page's URL: the source's, with page 1 set when pages are numbered.
        public var firstPageURL: String
        /// How pages are numbered; nil follows `Link: <…>; rel="next"` instead.
        public var pageParameter: Pagination.PageParameter?
        /// Whether a `next` link to another origin is followed.
        public var followsCrossHostLinks: Bool
        public var policy: RetryPolicy

        public init(name: String = "", firstPageURL: String, pageParameter: Pagination.PageParameter? = nil,
                    followsCrossHostLinks: Bool = false, policy: RetryPolicy = .never) {
            self.name = name
            self.firstPageURL = firstPageURL
            self.pageParameter = pageParameter
            self.followsCrossHostLinks = followsCrossHostLinks
            self.policy = policy
        }
    }

    /// A moment on both clocks: the monotonic one for durations and budgets, the wall one (whole
    /// seconds since the epoch) to date a Retry-After and show a retry's time of day.
    public struct Moment: Sendable {
        public var monotonic: ContinuousClock.Instant
        public var wall: Int

        public init(monotonic: ContinuousClock.Instant, wall: Int) {
            self.monotonic = monotonic
            self.wall = wall
        }

        /// Now, on both clocks.
        public static var now: Moment {
            Moment(monotonic: .now, wall: Int(time(nil)))
        }
    }

    public enum Event {
        /// Load from the first page, `pages` pages in all, unless content is here or a load is
        /// in flight.
        case load(pages: Int)
        /// Load again from the first page, as many pages as last asked for, unless a load is
        /// in flight.
        case reload
        /// One more page, now and on every reload from now on.
        case loadMore
        /// Try a failed source now, with the backoff reset.
        case retry
        /// The scheduled retry's time has come.
        case retryDue
        /// Call off the load in flight, or the wait for a retry.
        case cancel
        case progress(LoadProgress)
        /// A live stream brought items (see `LoadMachine.Event.streamed`): published whether or
        /// not progress is, for it is content. `head`: its response's, with its first items,
        /// for those who print it before them (`-i`).
        case streamed(LoadProgress, content: Content?, head: ResponseInfo? = nil)
        /// The request from the last `.fetch` ended.
        // Boxed, as `Action.publish` is: a response is the one large event.
        indirect case fetchEnded(FetchEnd)
        /// A connection of the live stream from the last `.fetch` ended: it is opened again
        /// (`.reconnect`) or the load ends with it (`.settleStream`). Boxed, as `fetchEnded` is.
        indirect case connectionEnded(ConnectionEnd)
        /// The loop came round after `tellEnd`: the response that came is told now.
        case endDue
    }

    /// How a request ended, and what the attempt saw of its response.
    public struct FetchEnd {
        /// The request it ends (`Request.id`): the end of one that was called off or
        /// superseded changes nothing.
        public var request: Int
        /// Its cases' payloads are boxed: a response waiting to be told is kept in the source
        /// machine, which every source holds whether or not one waits.
        public enum Outcome {
            /// A page, decoded, and the response it came in.
            indirect case page(Content, ResponseInfo)
            /// 304: unchanged since the validators that were sent.
            case notModified
            indirect case failed(LoadError)
        }

        public var outcome: Outcome
        /// The response's HTTP status, when a server sent one.
        public var httpStatus: Int?
        /// Body bytes received, when known; otherwise the last progress report counts.
        public var bytes: Int?
        /// With a failure: the copy an earlier run kept, decoded, to show beside it, and when
        /// the server last said it was current (seconds since the epoch).
        public var storedCopy: (content: Content, verifiedAt: Int)?
        /// With a page: the response as the server sent it, whole (not a stored copy), which
        /// later runs may revalidate.
        public var response: HTTPResponse?
        /// With a page: it is the stored copy, which the server said is current (a 304).
        public var revalidatedCopy = false
        /// With a page, where the source hands on its first page: the body as it came.
        public var page: ServedPage?
        /// When the request's steps ended (see `RequestTimings`), for a request to a server.
        public var timings: RequestTimings?

        public init(_ outcome: Outcome, request: Int, httpStatus: Int? = nil, bytes: Int? = nil,
                    storedCopy: (content: Content, verifiedAt: Int)? = nil, response: HTTPResponse? = nil, revalidatedCopy: Bool = false,
                    page: ServedPage? = nil) {
            self.outcome = outcome
            self.request = request
            self.httpStatus = httpStatus
            self.bytes = bytes
            self.storedCopy = storedCopy
            self.response = response
            self.revalidatedCopy = revalidatedCopy
            self.page = page
        }
    }

    /// A request to make, with everything decided about it.
    public struct Request: Equatable, Sendable {
        /// Which request of the source's this is, counted from 1, for its `FetchEnd`.
        public var id: Int
        public var url: String
        /// The attempt's number within its load, from 1.
        public var attempt: Int
        /// "Changed since?": sent only for a first page, with content to keep if not.
        public var validators: CacheValidators?
        /// Whether the copy store may revalidate its copy and stand in on failure: only a
        /// source's first request in a run.
        public var usesCache: Bool
        /// Whether the source's own headers (credentials, often) go with it: only to its origin.
        public var sendsSourceHeaders: Bool
        /// For a later page, the plugin that decoded the first: pages of one list are decoded
        /// alike, whatever a page alone (an empty last one) would look like.
        public var pagePlugin: String?

        public init(id: Int, url: String, attempt: Int, validators: CacheValidators?, usesCache: Bool, sendsSourceHeaders: Bool,
                    pagePlugin: String? = nil) {
            self.id = id
            self.url = url
            self.attempt = attempt
            self.validators = validators
            self.usesCache = usesCache
            self.sendsSourceHeaders = sendsSourceHeaders
            self.pagePlugin = pagePlugin
        }
    }

    public enum Action {
        /// Start a request; report its end as `.fetchEnded`, and its progress as `.progress`.
        case fetch(Request)
        /// Cancel the request in flight; it still ends, with `.cancelled`.
        case cancelFetch
        /// Send `.retryDue` after the delay.
        case scheduleRetry(after: Duration)
        /// Forget the scheduled retry.
        case cancelRetry
        /// Send `.endDue` on the loop's next turn. The response that came is told then, once
        /// the fetch has let its body go, so that a large one is not held twice over (bytes
        /// and model) while observers draw it; a cancel in between calls it off.
        case tellEnd
        /// Open the live stream in flight again after `after`, asking for what came after
        /// `lastEventID` (empty: the server gave none); its end is told as before.
        case reconnect(after: Duration, lastEventID: String)
        /// End the live stream in flight with `result`: its connection's, or the failure the
        /// machine made of it; it is then told as `.fetchEnded`, as any fetch's end is.
        indirect case settleStream(Result<HTTPResponse, LoadError>, request: Int)
        /// Tell observers. Boxed: a transition is 1.5 KB (two states and a snapshot), and
        /// unboxed every action was as large, copied whole each time one was appended or
        /// read.
        indirect case publish(Transition)
        /// Keep `response`, a page the plugin took, whole from the server, as the copy later
        /// runs revalidate and show offline; a body that did not decode never replaces it.
        case keepCopy(HTTPResponse)
        /// The server said the stored copy described by `validators` is current (a 304, in the
        /// run's first load or any reload of a watch): its confirmation and last use are now.
        case confirmCopy(CacheValidators)
    }

    /// Where a source stands, as observers may read it between changes.
    public struct Snapshot {
        public var state: LoadingState<Content>
        /// Where the list stands: `paginated` while there is a next page, `populated` at its
        /// end, `refreshing`/`paging` while a load (with its retries) runs.
        public var refreshState: RefreshMachine<Content>.State
        /// The pages that make up the content.
        public var pagesLoaded: Int
        /// Where the next page is; nil at the end of the list, or once paging was stopped.
        public var nextPage: String?
        /// Why paging stopped short in the current chain (a loop, another host), if it did.
        public var pagingStop: PagingStop?
        /// Pages a load asks for.
        public var pagesWanted: Int
        /// Whether the page that just arrived is followed by another the machine asks for next:
        /// what is here is not yet what the load wants to show.
        public var continuesChain = false
        /// What the source's loads came to over time.
        public var record = LoadRecord()

        /// Whether a next page can be asked for now.
        public var canLoadMore: Bool {
            guard case .loaded = state, nextPage != nil else { return false }
            return !refreshState.isTransitional && refreshState != .populated
        }
    }

    /// One change of state, with what the attempt saw: what observers of a source receive.
    public struct Transition {
        /// The source's name.
        public var source: String
        public var from: LoadingState<Content>
        public var to: LoadingState<Content>
        public var cause: LoadMachine<Content>.Cause
        /// The attempt this change belongs to, from 1.
        public var attempt: Int
        public var httpStatus: Int?
        public var bytes: Int
        /// The attempt's request's steps, once its fetch ended.
        public var timings: RequestTimings?
        /// Time since the attempt began.
        public var duration: Duration
        /// Whether the machine asks for the next page at once: the content is not yet whole.
        public var continuesChain: Bool
        /// Where the source stands once this change is made.
        public var snapshot: Snapshot
        /// For the change that settles a load with content, where the source hands it on:
        /// the load's first page as the server sent it (see `ServedPage`).
        public var servedPage: ServedPage?
        /// For the change that settles a load with content: the head of its first page's
        /// response (a stored copy's, when the server said it is current).
        public var response: ResponseInfo?
        /// For a `.reconnecting` change: the reconnection the machine decided.
        public var reconnection: Reconnection?
    }
}
