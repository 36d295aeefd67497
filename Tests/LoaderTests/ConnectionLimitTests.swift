import Loader
import TestSupport
import XCTest

/// The HTTP client's connection limits, observed by an in-process server that counts the
/// requests it holds at once and the connections they came on.
final class ConnectionLimitTests: XCTestCase {
    private func client(on loop: EventLoop, total: Int, perHost: Int) -> HTTPClient {
        var configuration = HTTPClientConfiguration()
        configuration.maxConnections = total
        configuration.maxConnectionsPerHost = perHost
        return HTTPClient(loop: loop, configuration: configuration)
    }

    /// Starts `urls` at once and runs the loop until all are done; returns the results.
    private func fetchAll(_ urls: [String], with client: HTTPClient, on loop: EventLoop,
                          options: FetchOptions) -> [Result<HTTPResponse, LoadError>] {
        var results: [Result<HTTPResponse, LoadError>] = []
        for url in urls {
            client.get(url, options: options) { results.append($0) }
        }
        loop.run(until: { results.count == urls.count })
        return results
    }

    func testFiveHundredRequestsToOneSlowHostKeepToThePerHostLimit() throws {
        let gauge = ConnectionGauge()
        let server = TestServer { server, loop in
            server.route("/item", gauge.slowRoute(delay: .milliseconds(15), body: "[]", loop: loop))
        }
        let loop = EventLoop()
        let client = client(on: loop, total: 50, perHost: 6)
        // 500 requests, 6 at a time, 15 ms each: over a second in all. Each request's own
        // clocks (1 s deadline, 1 s connect timeout) start when it leaves the queue, so none
        // of the later ones times out while it waits its turn.
        let options = FetchOptions(deadline: .seconds(1), connectTimeout: .seconds(1))
        let results = fetchAll((0..<500).map { server.url("/item?n=\($0)") }, with: client, on: loop, options: options)

        XCTAssertEqual(results.filter { (try? $0.get()) != nil }.count, 500, "every request succeeded: \(results.first { (try? $0.get()) == nil }.map(String.init(describing:)) ?? "")")
        XCTAssertEqual(gauge.answered, 500)
        XCTAssertEqual(gauge.peakInFlight, 6, "six at once, never more")
        XCTAssertLessThanOrEqual(gauge.connections, 6, "connections are kept alive and reused, never more than six")
        XCTAssertEqual(client.requestsRunning, 0)
        XCTAssertEqual(client.requestsWaiting, 0)
    }

    func testTheOverallLimitHoldsAcrossHosts() {
        let gauges = [ConnectionGauge(), ConnectionGauge(), ConnectionGauge()]
        let servers = gauges.map { gauge in
            TestServer { server, loop in server.route("/item", gauge.slowRoute(delay: .milliseconds(20), body: "[]", loop: loop)) }
        }
        let loop = EventLoop()
        let client = client(on: loop, total: 4, perHost: 3)
        var peakRunning = 0
        var results: [Result<HTTPResponse, LoadError>] = []
        let urls = (0..<60).map { servers[$0 % 3].url("/item?n=\($0)") }
        for url in urls {
            client.get(url) { result in
                results.append(result)
            }
            peakRunning = max(peakRunning, client.requestsRunning)
        }
        loop.run(until: {
            peakRunning = max(peakRunning, client.requestsRunning)
            return results.count == urls.count
        })
        XCTAssertEqual(results.filter { (try? $0.get()) != nil }.count, 60)
        XCTAssertEqual(peakRunning, 4)
        for gauge in gauges {
            XCTAssertLessThanOrEqual(gauge.peakInFlight, 3)
        }
        XCTAssertEqual(gauges.map(\.answered).reduce(0, +), 60)
    }

    func testCancellingRequestsThatWaitForASlotEndsThemAtOnce() {
        let gauge = ConnectionGauge()
        let server = TestServer { server, loop in
            server.route("/item", gauge.slowRoute(delay: .milliseconds(300), body: "[]", loop: loop))
        }
        let loop = EventLoop()
        let client = client(on: loop, total: 10, perHost: 2)
        var results: [Int: Result<HTTPResponse, LoadError>] = [:]
        let fetches = (0..<20).map { index in
            client.get(server.url("/item?n=\(index)")) { results[index] = $0 }
        }
        XCTAssertEqual(client.requestsRunning, 2)
        XCTAssertEqual(client.requestsWaiting, 18)
        fetches[2...].forEach { $0.cancel() }
        loop.run(until: { results.count == 20 })
        let cancelled = (2..<20).filter { index in
            guard case .failure(let error)? = results[index] else { return false }
            return error.code == .cancelled
        }
        XCTAssertEqual(cancelled.count, 18)
        XCTAssertNotNil(try? results[0]?.get())
        XCTAssertNotNil(try? results[1]?.get())
        XCTAssertEqual(gauge.answered, 2, "the cancelled ones never reached the server")
        XCTAssertEqual(client.requestsWaiting, 0)
    }
}
