import Loader
import SampleSource
import TestSupport
import XCTest

/// Requests beyond GET against a real server: the method and body go out as given, and only
/// GET and HEAD carry validators; a POST takes no 304 for "unchanged".
final class RequestMethodTests: LoopTestCase {
    private func fetch(_ url: String, options: FetchOptions) -> Result<HTTPResponse, LoadError>? {
        var result: Result<HTTPResponse, LoadError>?
        _ = client.get(url, options: options, progress: { _ in }) { result = $0 }
        loop.run(until: { result != nil })
        return result
    }

    /// A server whose `/x` records the method, body and `If-None-Match` of each request, and
    /// answers 304 to any `If-None-Match`.
    private func recordingServer(_ seen: Record<String>) -> TestServer {
        TestServer { server, _ in
            server.route("/x") { exchange in
                let body = String(decoding: exchange.requestBody, as: UTF8.self)
                let condition = exchange.requestHeader("If-None-Match")
                seen.append("\(exchange.method) \(body) \(exchange.requestHeader("Content-Type") ?? "-") \(condition ?? "-")")
                exchange.setHeader("ETag", "\"v1\"")
                if condition != nil { return exchange.respond(status: 304, text: "") }
                exchange.respond(status: 200, contentType: "application/json", text: "{\"ok\":true}")
            }
        }
    }

    func testAPostSendsItsBodyAndNoValidators() throws {
        let seen = Record<String>()
        let server = recordingServer(seen)
        var options = FetchOptions()
        options.method = "POST"
        options.body = RequestBody(bytes: Array("{\"q\":1}".utf8), contentType: "application/json")
        options.validators = CacheValidators(etag: "\"v1\"")
        let response = try XCTUnwrap(fetch(server.url("/x"), options: options)).get()
        XCTAssertEqual(response.info.status, 200, "a POST is never answered 'unchanged' from validators it did not send")
        XCTAssertEqual(seen.all, ["POST {\"q\":1} application/json -"])
    }

    func testAGetStillSendsItsValidators() throws {
        let seen = Record<String>()
        let server = recordingServer(seen)
        var options = FetchOptions()
        options.validators = CacheValidators(etag: "\"v1\"")
        let response = try XCTUnwrap(fetch(server.url("/x"), options: options)).get()
        XCTAssertEqual(response.info.status, 304)
        XCTAssertEqual(seen.all, ["GET  - \"v1\""])
    }

    func testOnlyAGetIsConditionalAndKeptAsACopy() {
        for (method, conditional, kept) in [("GET", true, true), ("HEAD", true, false), ("POST", false, false), ("PUT", false, false)] {
            var options = FetchOptions()
            options.method = method
            XCTAssertEqual(options.isConditional, conditional, method)
            XCTAssertEqual(options.keepsCopyOfResponse, kept, method)
        }
    }

    func testRetryingEveryErrorRetriesWhatIsNotTransient() {
        var random = SystemRandomNumberGenerator()
        let notFound = LoadError(.httpStatus, "404", suggestion: "")
        var policy = RetryPolicy(maxAttempts: 3)
        XCTAssertEqual(policy.decide(after: notFound, attempt: 1, elapsed: .zero, now: 0, random: &random), .giveUp(reason: nil))
        policy.retriesEveryError = true
        guard case .retry = policy.decide(after: notFound, attempt: 1, elapsed: .zero, now: 0, random: &random) else {
            return XCTFail("--retry-all-errors retries a 404 too")
        }
    }
}
