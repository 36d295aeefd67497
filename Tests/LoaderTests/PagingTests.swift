import Loader
import SampleSource
import TestSupport
import XCTest

/// A decoder for JSON arrays of numbers, so paging tests need no Plugins module.
private struct NumbersDecoder: ContentDecoder {
    let name = "numbers"
    let mediaTypes = ["application/json"]
    let summary = "numbers"

    func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> [Int] {
        let text = String(decoding: body, as: UTF8.self).trimmingPrefix("[").dropLast()
        return text.split(separator: ",").compactMap { Int($0) }
    }

    func merge(_ existing: [Int], _ next: [Int]) -> [Int]? { existing + next }
    func itemCount(_ model: [Int]) -> Int? { model.count }
}

final class PagingTests: LoopTestCase {
    /// Pages of three numbers, 1…8, numbered by ?page=; page 2 fails once when `flaky`. Each
    /// page asked for is recorded in `pagesAsked`.
    private func server(flaky: Bool = false, pagesAsked: Record<Int> = Record()) -> TestServer {
        let failures = Counter()
        return TestServer { server, _ in
            server.route("/n") { exchange in
                let page = Int(exchange.query["page"] ?? "1") ?? 1
                pagesAsked.append(page)
                if flaky && page == 2 && failures.count == 0 {
                    failures.increment()
                    return exchange.respond(status: 503, text: "")
                }
                let numbers = Array((1...8).dropFirst((page - 1) * 3).prefix(3))
                if page < 3 { exchange.setHeader("Link", "</n?page=\(page + 1)>; rel=\"next\"") }
                exchange.respond(status: 200, contentType: "application/json",
                                 text: "[" + numbers.map(String.init).joined(separator: ",") + "]")
            }
        }
    }

    private func loader(_ url: String, pageParameter: Pagination.PageParameter? = nil, retry: RetryPolicy = .never,
                        followsCrossHostLinks: Bool = false) -> SourceLoader {
        SourceLoader(source: Source(name: "n", url: url, plugin: .fixed(AnyContentDecoder(NumbersDecoder())), pageParameter: pageParameter,
                                    followsCrossHostLinks: followsCrossHostLinks),
                     client: client, retryPolicy: retry)
    }

    private func chain(_ next: @escaping @Sendable (Int) -> String?) -> TestServer {
        TestServer(pageChain: next) { "\($0)" }
    }

    private func numbers(_ loader: SourceLoader) -> [Int]? { loader.state.content?.model as? [Int] }

    private func settle(_ loader: SourceLoader) { loop.run(until: { !loader.state.isBusy }) }

    func testLoadMoreFollowsLinkHeadersAndAppends() {
        let server = server()
        let loader = loader(server.url("/n"))
        loader.load()
        settle(loader)
        XCTAssertEqual(numbers(loader), [1, 2, 3])
        XCTAssertEqual(loader.nextPage, server.url("/n?page=2"))
        XCTAssertTrue(loader.loadMore())
        settle(loader)
        XCTAssertTrue(loader.loadMore())
        settle(loader)
        XCTAssertEqual(numbers(loader), [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(loader.pagesLoaded, 3)
        XCTAssertNil(loader.nextPage)
        XCTAssertFalse(loader.loadMore(), "no more pages: refused")
    }

    func testPageParameterCountsUpUntilAnEmptyPage() {
        let server = server()
        let loader = loader(server.url("/n"), pageParameter: Pagination.PageParameter(name: "page"))
        XCTAssertEqual(loader.firstPageURL, server.url("/n?page=1"))
        loader.load()
        settle(loader)
        while loader.loadMore() { settle(loader) }
        XCTAssertEqual(numbers(loader), [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(loader.pagesLoaded, 4, "the fourth page came back empty and ended it")
    }

    func testReloadStartsOverFromTheFirstPageAndLoadsAsManyPagesAsBefore() {
        let pagesAsked = Record<Int>()
        let server = server(pagesAsked: pagesAsked)
        let loader = loader(server.url("/n"))
        loader.load()
        settle(loader)
        loader.loadMore()
        settle(loader)
        XCTAssertEqual(loader.pagesWanted, 2, "a page asked for is asked for on every reload")
        loader.reload()
        settle(loader)
        XCTAssertEqual(numbers(loader), [1, 2, 3, 4, 5, 6], "the first two pages, loaded again, not appended")
        XCTAssertEqual(loader.pagesLoaded, 2)
        XCTAssertEqual(pagesAsked.all, [1, 2, 1, 2])
    }

    func testALoadOfSeveralPagesRunsThroughThemAndStopsAtTheEnd() {
        let pagesAsked = Record<Int>()
        let server = server(pagesAsked: pagesAsked)
        let loader = loader(server.url("/n"))
        var changes: [(cause: LoadMachine<AnyContent>.Cause, continues: Bool)] = []
        loader.observeChanges { changes.append(($0.cause, $0.continuesChain)) }
        loader.load(pages: 5)
        settle(loader)
        XCTAssertEqual(numbers(loader), [1, 2, 3, 4, 5, 6, 7, 8], "three pages: the third has no next link")
        let ends = changes.filter { $0.cause == .succeeded }.map(\.continues)
        XCTAssertEqual(ends, [true, true, false], "only the last page's success settles the load")
        XCTAssertEqual(pagesAsked.all, [1, 2, 3])
    }

    func testAFailedPageKeepsWhatWasLoadedAndRetriesTheSamePage() {
        let server = server(flaky: true)
        let loader = loader(server.url("/n"), retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10)))
        var causes: [LoadMachine<AnyContent>.Cause] = []
        loader.load()
        settle(loader)
        loader.observeChanges { causes.append($0.cause) }
        loader.loadMore()
        settle(loader)
        XCTAssertTrue(causes.contains(.retryScheduled))
        XCTAssertEqual(numbers(loader), [1, 2, 3, 4, 5, 6], "page 2 was retried and appended once")
    }

    func testLoadMoreIsRefusedWhileLoading() {
        let server = server()
        let loader = loader(server.url("/n"))
        loader.load()
        XCTAssertFalse(loader.loadMore())
        settle(loader)
    }

    func testRefreshStateFollowsTheLoads() {
        let server = server()
        let loader = loader(server.url("/n"))
        XCTAssertEqual(loader.refreshState, .initial)
        loader.load()
        XCTAssertEqual(loader.refreshState, .refreshing)
        settle(loader)
        XCTAssertEqual(loader.refreshState, .paginated)
        loader.loadMore()
        XCTAssertEqual(loader.refreshState, .paging)
        loader.cancel()
        settle(loader)
        XCTAssertEqual(loader.refreshState, .paginated, "a cancelled page leaves the list as it was")
        XCTAssertEqual(numbers(loader), [1, 2, 3])
        while loader.loadMore() { settle(loader) }
        XCTAssertEqual(loader.refreshState, .populated)
    }

    func testANextLinkThatLoopsBackStopsPaging() {
        // 1 → 2 → 3 → 1: the third page's next link is the first page again.
        let server = chain { $0 == 3 ? "/p?n=1" : "/p?n=\($0 + 1)" }
        let loader = loader(server.url("/p?n=1"))
        loader.load()
        settle(loader)
        while loader.loadMore() { settle(loader) }
        XCTAssertEqual(numbers(loader), [1, 2, 3])
        XCTAssertEqual(loader.pagingStop, .loop(url: server.url("/p?n=1")))
        XCTAssertEqual(loader.refreshState, .populated)
    }

    func testANextLinkToItselfStopsPaging() {
        let server = chain { "/p?n=\($0)" }
        let loader = loader(server.url("/p?n=1"))
        loader.load()
        settle(loader)
        XCTAssertFalse(loader.loadMore())
        XCTAssertEqual(loader.pagingStop, .loop(url: server.url("/p?n=1")))
    }

    func testANextLinkToAnotherHostIsRefusedUnlessAllowed() {
        let other = chain { _ in nil }
        let otherPage = other.url("/p?n=2")
        let server = chain { $0 == 1 ? otherPage : nil }
        let refusing = loader(server.url("/p?n=1"))
        refusing.load()
        settle(refusing)
        XCTAssertNil(refusing.nextPage)
        XCTAssertEqual(refusing.pagingStop, .crossHost(url: otherPage, origin: URLParts.origin(of: server.url("/"))))
        // The core gives the remedy as a value; the CLI names the option.
        XCTAssertEqual(refusing.pagingStop?.remedy, .followCrossHostLinks)
        XCTAssertFalse(refusing.pagingStop?.description.contains("--") ?? true)

        let following = loader(server.url("/p?n=1"), followsCrossHostLinks: true)
        following.load()
        settle(following)
        XCTAssertTrue(following.loadMore())
        settle(following)
        XCTAssertEqual(numbers(following), [1, 2])
        XCTAssertNil(following.pagingStop)
    }
}
