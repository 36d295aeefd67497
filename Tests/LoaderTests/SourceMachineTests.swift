import Loader
import TestSupport
import XCTest

/// A page of numbers: the smallest content that pages.
private struct Numbers: PagedContent, Equatable {
    var items: [Int]
    var joins = true

    var pluginName: String { "numbers" }
    var itemCount: Int? { items.count }
    func appending(_ next: Numbers) -> Numbers? { joins ? Numbers(items: items + next.items) : nil }
}

/// The source machine as a value: events in, actions out, no loop, no server.
final class SourceMachineTests: XCTestCase {
    private typealias Machine = SourceMachine<Numbers>

    private let first = "http://a.test/n"
    private var now = Machine.Moment(monotonic: .now, wall: 1_700_000_000)

    private func machine(pageParameter: Pagination.PageParameter? = nil, crossHost: Bool = false,
                         policy: RetryPolicy = .never) -> Machine {
        Machine(setup: Machine.Setup(firstPageURL: first, pageParameter: pageParameter, followsCrossHostLinks: crossHost,
                                     policy: policy),
                random: SeededGenerator(seed: 1))
    }

    /// The last request the machine asked for: the one a page or failure below answers.
    private var lastRequest = 0

    private func send(_ machine: inout Machine, _ event: Machine.Event, after elapsed: Duration = .zero) -> [Machine.Action] {
        now.monotonic += elapsed
        var actions = machine.handle(event, at: now)
        // The loader tells a response that came on the loop's next turn.
        if let tell = actions.firstIndex(where: { if case .tellEnd = $0 { true } else { false } }) {
            actions.remove(at: tell)
            actions += machine.handle(.endDue, at: now)
        }
        if let request = requests(actions).last { lastRequest = request.id }
        return actions
    }

    /// A page arriving from `url`, with a `Link` to `next` and an `ETag` when given.
    private func page(_ items: [Int], from url: String, next: String? = nil, etag: String? = nil, joins: Bool = true) -> Machine.Event {
        var headers = HTTPHeaders()
        if let next { headers.add(name: "Link", value: "<\(next)>; rel=\"next\"") }
        if let etag { headers.add(name: "ETag", value: etag) }
        return .fetchEnded(Machine.FetchEnd(.page(Numbers(items: items, joins: joins), ResponseInfo(url: url, headers: headers)), request: lastRequest,
                                            httpStatus: 200, bytes: 10))
    }

    private func failure(_ error: LoadError) -> Machine.Event { .fetchEnded(Machine.FetchEnd(.failed(error), request: lastRequest)) }

    private func requests(_ actions: [Machine.Action]) -> [Machine.Request] {
        actions.compactMap { if case .fetch(let request) = $0 { request } else { nil } }
    }

    private func transitions(_ actions: [Machine.Action]) -> [Machine.Transition] {
        actions.compactMap { if case .publish(let transition) = $0 { transition } else { nil } }
    }

    private func causes(_ actions: [Machine.Action]) -> [LoadMachine<Numbers>.Cause] { transitions(actions).map(\.cause) }

    // MARK: Loading

    func testALoadAsksForTheFirstPageWithTheCacheAndTheSourceHeaders() {
        var machine = machine()
        let actions = send(&machine, .load(pages: 1))
        XCTAssertEqual(requests(actions), [Machine.Request(id: 1, url: first, attempt: 1, validators: nil, usesCache: true,
                                                           sendsSourceHeaders: true)])
        XCTAssertEqual(causes(actions), [.started])
        XCTAssertEqual(machine.snapshot.refreshState, .refreshing)
    }

    func testEventsThatWouldStartASecondLoadAreRefusedWhileOneIsInFlight() {
        var machine = machine()
        _ = send(&machine, .load(pages: 1))
        XCTAssertTrue(send(&machine, .load(pages: 1)).isEmpty)
        XCTAssertTrue(send(&machine, .reload).isEmpty)
        XCTAssertTrue(send(&machine, .loadMore).isEmpty)
        XCTAssertTrue(send(&machine, .retry).isEmpty)
    }

    func testAPageThatArrivesAfterACancelOrForASupersededRequestChangesNothing() {
        var machine = machine()
        _ = send(&machine, .load(pages: 1))
        // The response came, and is to be told on the loop's next turn; Ctrl-C comes first.
        let told = machine.handle(page([1], from: first), at: now)
        XCTAssertEqual(told.count, 1)
        XCTAssertTrue(machine.handle(.cancel, at: now).isEmpty, "told on the loop's next turn, as the page would have been")
        XCTAssertEqual(causes(machine.handle(.endDue, at: now)), [.cancelled], "called off: the page that came is not shown")
        XCTAssertNil(machine.snapshot.state.content)
        XCTAssertTrue(send(&machine, failure(.cancelled)).isEmpty, "a report of the cancel comes too late to matter")

        _ = send(&machine, .reload)
        let stale = Machine.Event.fetchEnded(Machine.FetchEnd(.page(Numbers(items: [9]), ResponseInfo(url: first)), request: lastRequest - 1))
        XCTAssertTrue(send(&machine, stale).isEmpty, "the end of the request before does not end this one")
        XCTAssertEqual(causes(send(&machine, page([2], from: first))), [.succeeded])
        XCTAssertEqual(machine.snapshot.state.content, Numbers(items: [2]))
    }

    func testACancelChangesNothingExactlyWhenNothingIsUnderWay() {
        var machine = machine(policy: RetryPolicy(maxAttempts: 2, baseDelay: .seconds(1)))
        XCTAssertTrue(machine.cancelChangesNothing, "idle")
        XCTAssertTrue(send(&machine, .cancel).isEmpty)
        _ = send(&machine, .load(pages: 1))
        XCTAssertFalse(machine.cancelChangesNothing, "a request in flight")
        _ = machine.handle(page([1], from: first), at: now)
        XCTAssertFalse(machine.cancelChangesNothing, "a response waiting to be told")
        _ = machine.handle(.endDue, at: now)
        XCTAssertTrue(machine.cancelChangesNothing, "loaded")
        XCTAssertTrue(send(&machine, .cancel).isEmpty)
        _ = send(&machine, .reload)
        _ = send(&machine, failure(LoadError(.httpStatus, "HTTP 503", httpStatus: 503)))
        XCTAssertFalse(machine.cancelChangesNothing, "a retry waiting")
        XCTAssertEqual(causes(send(&machine, .cancel)), [.cancelled])
        XCTAssertTrue(machine.cancelChangesNothing, "back where it stood")
    }

    func testTheRecordKeepsAFailureThroughItsRetriesAndCountsThemAtTheNextSuccess() throws {
        var machine = machine(policy: RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1)))
        _ = send(&machine, .load(pages: 1))
        _ = send(&machine, failure(LoadError(.httpStatus, "HTTP 503", httpStatus: 503)))
        let failed = now.wall
        XCTAssertEqual(machine.snapshot.record.standingFailure?.error.description, "HTTP 503")
        XCTAssertEqual(machine.snapshot.record.standingFailure?.at, failed)
        now.wall += 2
        let retry = send(&machine, .retryDue, after: .seconds(1))
        XCTAssertEqual(causes(retry), [.started])
        XCTAssertEqual(machine.snapshot.record.attempt, 2)
        XCTAssertNotNil(machine.snapshot.record.standingFailure, "the failure stands while the retry is in flight")
        XCTAssertEqual(machine.snapshot.record.failuresSinceSuccess, 1)
        let success = send(&machine, page([1], from: first))
        let record = try XCTUnwrap(transitions(success).last).snapshot.record
        XCTAssertNil(record.standingFailure)
        XCTAssertEqual(record.lastSuccess, now.wall, "observers see the record as of the change")
        XCTAssertEqual(record.failuresBeforeSuccess, 1)
        XCTAssertEqual(record.failuresSinceSuccess, 0)
    }

    func testTheMachineRunsALoadThroughThePagesItWantsAndPublishesEachOnce() {
        var machine = machine()
        _ = send(&machine, .load(pages: 3))
        var actions = send(&machine, page([1, 2], from: first, next: "http://a.test/n?page=2"))
        XCTAssertEqual(causes(actions), [.succeeded, .started])
        XCTAssertEqual(transitions(actions).map(\.continuesChain), [true, false])
        XCTAssertEqual(transitions(actions)[0].snapshot.pagesLoaded, 1, "what observers see as the first page arrives")
        XCTAssertEqual(requests(actions), [Machine.Request(id: 2, url: "http://a.test/n?page=2", attempt: 1, validators: nil,
                                                           usesCache: false, sendsSourceHeaders: true, pagePlugin: "numbers")],
                       "a later page is decoded by the first page's plugin")
        actions = send(&machine, page([3, 4], from: "http://a.test/n?page=2", next: "http://a.test/n?page=3"))
        XCTAssertEqual(requests(actions).map(\.url), ["http://a.test/n?page=3"])
        actions = send(&machine, page([5], from: "http://a.test/n?page=3", next: "http://a.test/n?page=4"))
        XCTAssertEqual(causes(actions), [.succeeded], "three pages were wanted: the fourth is left for later")
        XCTAssertEqual(transitions(actions).map(\.continuesChain), [false])
        XCTAssertEqual(machine.snapshot.state.content, Numbers(items: [1, 2, 3, 4, 5]))
        XCTAssertEqual(machine.snapshot.pagesLoaded, 3)
        XCTAssertEqual(machine.snapshot.refreshState, .paginated)
        XCTAssertTrue(machine.snapshot.canLoadMore)
    }

    /// A page whose body the source hands on, as the loader makes it.
    private func handedPage(_ items: [Int], from url: String, next: String? = nil) -> Machine.Event {
        var headers = HTTPHeaders()
        if let next { headers.add(name: "Link", value: "<\(next)>; rel=\"next\"") }
        let info = ResponseInfo(url: url, headers: headers)
        return .fetchEnded(Machine.FetchEnd(.page(Numbers(items: items), info), request: lastRequest, httpStatus: 200, bytes: 10,
                                            page: ServedPage(info: info, bytes: Array("\(items)".utf8))))
    }

    func testTheFirstPageGoesWithTheChangeThatSettlesTheLoadAndNoOther() {
        var machine = machine()
        _ = send(&machine, .load(pages: 2))
        let opening = transitions(send(&machine, handedPage([1], from: first, next: "http://a.test/n?page=2")))
        XCTAssertNil(opening.first?.servedPage, "the load goes on to its next page")
        let settled = transitions(send(&machine, handedPage([2], from: "http://a.test/n?page=2", next: "http://a.test/n?page=3")))
        XCTAssertEqual(settled.map(\.cause), [.succeeded])
        XCTAssertEqual(settled.first?.servedPage.map { String(decoding: $0.bytes, as: UTF8.self) }, "[1]", "the first page's body, not the last's")
        _ = send(&machine, .reload)
        _ = send(&machine, handedPage([7], from: first, next: "http://a.test/n?page=2"))
        let failed = transitions(send(&machine, failure(LoadError(.connectionRefused, "refused"))))
        XCTAssertEqual(failed.map(\.cause), [.failed])
        XCTAssertNil(failed.first?.servedPage, "a load that fails hands on nothing")
        _ = send(&machine, .reload)
        let again = transitions(send(&machine, handedPage([8], from: first)))
        XCTAssertEqual(again.first?.servedPage?.size, 3, "nor is its page kept for the next load")
    }

    func testLoadMoreAsksForOneMorePageNowAndOnEveryReload() {
        var machine = machine()
        _ = send(&machine, .load(pages: 1))
        _ = send(&machine, page([1], from: first, next: "http://a.test/n?page=2"))
        XCTAssertEqual(requests(send(&machine, .loadMore)).map(\.url), ["http://a.test/n?page=2"])
        XCTAssertEqual(machine.snapshot.refreshState, .paging)
        _ = send(&machine, page([2], from: "http://a.test/n?page=2"))
        XCTAssertEqual(machine.snapshot.refreshState, .populated)
        XCTAssertFalse(machine.snapshot.canLoadMore)
        XCTAssertEqual(machine.snapshot.pagesWanted, 2)

        XCTAssertEqual(requests(send(&machine, .reload)).map(\.url), [first])
        let actions = send(&machine, page([1], from: first, next: "http://a.test/n?page=2"))
        XCTAssertEqual(requests(actions).map(\.url), ["http://a.test/n?page=2"], "the reload runs to the second page again")
    }

    // MARK: What requests carry

    func testOnlyAFirstPageWithContentToKeepSendsValidatorsAndOnlyTheFirstRequestUsesTheCache() {
        var machine = machine()
        _ = send(&machine, .load(pages: 1))
        _ = send(&machine, page([1], from: first, next: "http://a.test/n?page=2", etag: "\"v1\""))
        let reload = requests(send(&machine, .reload))
        XCTAssertEqual(reload.first?.validators, CacheValidators(etag: "\"v1\""))
        XCTAssertEqual(reload.first?.usesCache, false)
        _ = send(&machine, page([1], from: first, next: "http://a.test/n?page=2", etag: "\"v1\""))
        XCTAssertNil(requests(send(&machine, .loadMore)).first?.validators, "a next page is new: nothing to revalidate")
    }

    func testAnUnchangedFirstPageKeepsEveryPageLoaded() {
        var machine = machine()
        _ = send(&machine, .load(pages: 2))
        _ = send(&machine, page([1], from: first, next: "http://a.test/n?page=2", etag: "\"v1\""))
        _ = send(&machine, page([2], from: "http://a.test/n?page=2", next: "http://a.test/n?page=3"))
        _ = send(&machine, .reload)
        let actions = send(&machine, .fetchEnded(Machine.FetchEnd(.notModified, request: lastRequest, httpStatus: 304)))
        XCTAssertEqual(causes(actions), [.notModified])
        XCTAssertEqual(transitions(actions).first?.httpStatus, 304)
        XCTAssertEqual(machine.snapshot.state.content, Numbers(items: [1, 2]))
        XCTAssertEqual(machine.snapshot.pagesLoaded, 2)
        XCTAssertEqual(machine.snapshot.nextPage, "http://a.test/n?page=3")
    }

    // MARK: The stored copy

    private func copySteps(_ actions: [Machine.Action]) -> [String] {
        actions.compactMap { action in
            switch action {
            case .keepCopy(let response): "keep \(String(decoding: response.body, as: UTF8.self))"
            case .confirmCopy(let validators): "confirm \(validators.etag ?? "-")"
            default: nil
            }
        }
    }

    func testAPageFromTheServerIsKeptAndEvery304ConfirmsTheCopy() {
        var machine = machine()
        _ = send(&machine, .load(pages: 1))
        // The copy an earlier run kept, which the server said is current: confirmed, not kept again.
        let info = ResponseInfo(url: first, headers: HTTPHeaders([("ETag", "\"v1\"")]))
        let revalidated = send(&machine, .fetchEnded(Machine.FetchEnd(.page(Numbers(items: [1]), info), request: lastRequest,
                                                                       httpStatus: 304, bytes: 0, revalidatedCopy: true)))
        XCTAssertEqual(copySteps(revalidated), ["confirm \"v1\""])
        // A watch's reload: its 304 confirms the copy too.
        _ = send(&machine, .reload)
        let notModified = send(&machine, .fetchEnded(Machine.FetchEnd(.notModified, request: lastRequest, httpStatus: 304)))
        XCTAssertEqual(copySteps(notModified), ["confirm \"v1\""])
        XCTAssertEqual(causes(notModified), [.notModified])
        // A change: the server's page is kept, before the change is told.
        _ = send(&machine, .reload)
        let response = HTTPResponse(info: ResponseInfo(url: first, headers: HTTPHeaders([("ETag", "\"v2\"")])), body: Array("[2]".utf8))
        let changed = send(&machine, .fetchEnded(Machine.FetchEnd(.page(Numbers(items: [2]), response.info), request: lastRequest,
                                                                   httpStatus: 200, bytes: 3, response: response)))
        XCTAssertEqual(copySteps(changed), ["keep [2]"])
        XCTAssertTrue(changed.firstIndex { if case .keepCopy = $0 { true } else { false } }! < changed.firstIndex { if case .publish = $0 { true } else { false } }!)
        // A failure keeps nothing and confirms nothing.
        _ = send(&machine, .reload)
        XCTAssertEqual(copySteps(send(&machine, failure(LoadError(.connectionRefused, "refused")))), [])
    }

    // MARK: Vetting next links

    func testANextLinkBackIntoTheChainStopsPagingAndSaysWhy() {
        var machine = machine()
        _ = send(&machine, .load(pages: 5))
        _ = send(&machine, page([1], from: first, next: "http://a.test/n?page=2"))
        let actions = send(&machine, page([2], from: "http://a.test/n?page=2", next: first))
        XCTAssertEqual(transitions(actions).map(\.continuesChain), [false])
        XCTAssertEqual(machine.snapshot.pagingStop, .loop(url: first))
        XCTAssertNil(machine.snapshot.nextPage)
    }

    func testANextLinkToAnotherHostStopsPagingWithoutLeave() {
        var machine = machine()
        _ = send(&machine, .load(pages: 2))
        let actions = send(&machine, page([1], from: first, next: "http://b.test/n?page=2"))
        XCTAssertTrue(requests(actions).isEmpty)
        XCTAssertEqual(machine.snapshot.pagingStop, .crossHost(url: "http://b.test/n?page=2", origin: "a.test"))
    }

    func testWithLeaveAnotherHostsPageIsFetchedWithoutTheSourceHeaders() {
        var machine = machine(crossHost: true)
        _ = send(&machine, .load(pages: 2))
        let actions = send(&machine, page([1], from: first, next: "http://b.test/n?page=2"))
        XCTAssertEqual(requests(actions).map(\.sendsSourceHeaders), [false])
    }

    func testNumberedPagesEndAtAShortPage() {
        var machine = machine(pageParameter: Pagination.PageParameter(name: "page", perPage: ("size", 2)))
        _ = send(&machine, .load(pages: 9))
        var actions = send(&machine, page([1, 2], from: first))
        XCTAssertEqual(requests(actions).map(\.url), ["http://a.test/n?page=2&size=2"])
        actions = send(&machine, page([3], from: "http://a.test/n?page=2&size=2"))
        XCTAssertTrue(requests(actions).isEmpty, "a page shorter than its size is the last")
        XCTAssertEqual(machine.snapshot.refreshState, .populated)
    }

    func testContentThatDoesNotPageFailsTheNextPageWithARemedy() {
        var machine = machine()
        _ = send(&machine, .load(pages: 2))
        _ = send(&machine, page([1], from: first, next: "http://a.test/n?page=2", joins: false))
        _ = send(&machine, page([2], from: "http://a.test/n?page=2", joins: false))
        XCTAssertEqual(machine.snapshot.state.error?.remedy, .loadOnePage)
        XCTAssertEqual(machine.snapshot.state.content, Numbers(items: [1], joins: false), "the first page is kept")
    }

    // MARK: Failing, retrying, cancelling

    func testAFailedPageIsRetriedAtItsOwnURLAndTheFirstPagesAreKept() {
        var machine = machine(policy: RetryPolicy(maxAttempts: 2, baseDelay: .seconds(1)))
        _ = send(&machine, .load(pages: 2))
        _ = send(&machine, page([1], from: first, next: "http://a.test/n?page=2"))
        var actions = send(&machine, failure(LoadError(.httpStatus, "HTTP 503", httpStatus: 503)), after: .milliseconds(250))
        XCTAssertEqual(causes(actions), [.retryScheduled])
        XCTAssertEqual(transitions(actions).first?.httpStatus, 503)
        XCTAssertEqual(transitions(actions).first?.duration, .milliseconds(250))
        XCTAssertTrue(actions.contains { if case .scheduleRetry = $0 { true } else { false } })
        actions = send(&machine, .retryDue, after: .seconds(1))
        XCTAssertEqual(requests(actions).map(\.url), ["http://a.test/n?page=2"])
        XCTAssertEqual(requests(actions).map(\.attempt), [2])
        XCTAssertEqual(machine.snapshot.state.content, Numbers(items: [1]))
    }

    func testCancellingAChainReturnsToThePagesSoFarAndEndsIt() {
        var machine = machine()
        _ = send(&machine, .load(pages: 3))
        _ = send(&machine, page([1], from: first, next: "http://a.test/n?page=2"))
        XCTAssertEqual(causesOfCancel(&machine), [.cancelled])
        XCTAssertEqual(machine.snapshot.state.content, Numbers(items: [1]))
        XCTAssertFalse(machine.snapshot.state.isBusy)
        XCTAssertEqual(machine.snapshot.refreshState, .paginated, "where the page began")
    }

    func testAPageThatArrivesAfterACancelEndsTheChain() {
        var machine = machine()
        _ = send(&machine, .load(pages: 3))
        XCTAssertEqual(send(&machine, .cancel).count, 1, "only the fetch is cancelled; its end is awaited")
        let actions = send(&machine, page([1], from: first, next: "http://a.test/n?page=2"))
        XCTAssertEqual(causes(actions), [.succeeded])
        XCTAssertTrue(requests(actions).isEmpty)
    }

    func testASecondCancelBeforeTheFetchAnswersIsSaidToChangeNothing() {
        var machine = machine()
        XCTAssertTrue(machine.cancelChangesNothing, "idle")
        _ = send(&machine, .load(pages: 1))
        XCTAssertFalse(machine.cancelChangesNothing)
        XCTAssertFalse(machine.isCallingOff, "nothing asked yet")
        XCTAssertEqual(send(&machine, .cancel).count, 1)
        XCTAssertTrue(machine.isCallingOff, "asked, not yet answered: a second cancel would only ask again")
        _ = send(&machine, failure(.cancelled))
        XCTAssertFalse(machine.isCallingOff)
        XCTAssertTrue(machine.cancelChangesNothing, "back where it began")
    }

    func testACancelAskedBeforeAResponseThatIsNotYetToldStillWinsOverIt() {
        var machine = machine()
        _ = send(&machine, .load(pages: 1))
        _ = machine.handle(.cancel, at: now)
        // The page arrives after the cancel was asked, and waits for the loop's next turn.
        let told = machine.handle(page([1], from: first), at: now)
        XCTAssertTrue(told.contains { if case .tellEnd = $0 { true } else { false } })
        XCTAssertFalse(machine.isCallingOff, "a response waits: a cancel now must still turn it into a cancel")
        XCTAssertFalse(machine.cancelChangesNothing)
    }

    func testReportsFromARequestThatAlreadyEndedChangeNothing() {
        var machine = machine()
        XCTAssertTrue(send(&machine, page([1], from: first)).isEmpty)
        XCTAssertTrue(send(&machine, .progress(LoadProgress(receivedBytes: 5))).isEmpty)
        XCTAssertTrue(send(&machine, .cancel).isEmpty)
    }

    func testProgressUnpublishedStillCountsTheBytesForTheAttemptsEnd() {
        var shown = machine(), unshown = machine()
        unshown.publishesProgress = false
        _ = send(&shown, .load(pages: 1))
        _ = send(&unshown, .load(pages: 1))
        XCTAssertEqual(causes(send(&shown, .progress(LoadProgress(receivedBytes: 5)))), [.progressed])
        XCTAssertTrue(send(&unshown, .progress(LoadProgress(receivedBytes: 5))).isEmpty, "no change where nothing shows it")
        XCTAssertTrue(unshown.snapshot.state.isLoading)
        let failed = transitions(send(&unshown, failure(LoadError(.network, "reset"))))
        XCTAssertEqual(failed.map(\.cause), [.failed])
        XCTAssertEqual(failed.first?.bytes, 5, "the bytes that came before the failure are still told")
    }

    private func causesOfCancel(_ machine: inout Machine) -> [LoadMachine<Numbers>.Cause] {
        let cancel = send(&machine, .cancel)
        XCTAssertTrue(cancel.contains { if case .cancelFetch = $0 { true } else { false } })
        return causes(send(&machine, failure(.cancelled)))
    }

    // MARK: A copy from an earlier run

    /// A first load that fails with a stored copy shows the copy beside the error, marked,
    /// through every retry; the run's own success clears the mark.
    func testAStoredCopyStandsBesideAFirstLoadsFailureUntilASuccess() {
        var machine = machine(policy: RetryPolicy(maxAttempts: 2, baseDelay: .seconds(1)))
        _ = send(&machine, .load(pages: 1))
        // A reset connection: a failure that is retried.
        let refused = LoadError(.connectionReset, "connection reset")
        let copy = Numbers(items: [7])
        _ = send(&machine, .fetchEnded(Machine.FetchEnd(.failed(refused), request: lastRequest, storedCopy: (copy, 1_699_990_000))))
        XCTAssertEqual(machine.snapshot.state.content, copy, "shown while the retry waits")
        XCTAssertEqual(machine.snapshot.state.error?.copyVerifiedAt, 1_699_990_000)

        // The retry asks without the store, and fails without a copy of its own.
        XCTAssertEqual(requests(send(&machine, .retryDue)).first?.usesCache, false)
        _ = send(&machine, failure(refused))
        guard case .failed(let error, let lastGood, nil) = machine.snapshot.state else { return XCTFail("\(machine.snapshot.state)") }
        XCTAssertEqual(lastGood, copy)
        XCTAssertEqual(error.copyVerifiedAt, 1_699_990_000, "still the copy on show")

        _ = send(&machine, .reload)
        _ = send(&machine, page([8], from: first))
        _ = send(&machine, .reload)
        _ = send(&machine, failure(refused))
        XCTAssertEqual(machine.snapshot.state.content, Numbers(items: [8]))
        XCTAssertNil(machine.snapshot.state.error?.copyVerifiedAt, "the run's own content is no stored copy")
    }

    /// Reset, the copy stands in; the retry's 404 is the server's word, and takes it off.
    func testAStoredCopyIsTakenOffWhenTheServerAnswersWith4xx() {
        var machine = machine(policy: RetryPolicy(maxAttempts: 2, baseDelay: .seconds(1)))
        _ = send(&machine, .load(pages: 1))
        _ = send(&machine, .fetchEnded(Machine.FetchEnd(.failed(LoadError(.connectionReset, "reset")), request: lastRequest, storedCopy: (Numbers(items: [7]), 1))))
        XCTAssertEqual(machine.snapshot.state.content, Numbers(items: [7]))
        _ = send(&machine, .retryDue)
        _ = send(&machine, failure(LoadError(.httpStatus, "HTTP 404", httpStatus: 404)))
        guard case .failed(let error, nil, nil) = machine.snapshot.state else { return XCTFail("\(machine.snapshot.state)") }
        XCTAssertNil(error.copyVerifiedAt)
    }

    func testAStoredCopyNeverReplacesTheRunsOwnContent() {
        var machine = machine()
        _ = send(&machine, .load(pages: 1))
        _ = send(&machine, page([1], from: first))
        _ = send(&machine, .reload)
        _ = send(&machine, .fetchEnded(Machine.FetchEnd(.failed(LoadError(.timedOut, "late")), request: lastRequest, storedCopy: (Numbers(items: [0]), 1))))
        XCTAssertEqual(machine.snapshot.state.content, Numbers(items: [1]))
        XCTAssertNil(machine.snapshot.state.error?.copyVerifiedAt)
    }
}
