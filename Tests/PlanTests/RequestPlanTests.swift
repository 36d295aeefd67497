import Loader
import Plugins
import XCTest
@testable import Plan

/// `-X`, `-d`, `--json` and the sources file's `method=` and `data=`, as the plan makes them
/// into each source's request, and what they do to retries.
final class RequestPlanTests: XCTestCase {
    private let registry = PluginRegistry.default()
    /// `/etc/q.json` holds a query; standard input holds `from stdin`.
    private let files = URLInput.Files(directory: "/etc", environment: [:],
                                       read: { path, _ in path == "/etc/q.json" ? .success(Array("{\"q\":2}".utf8)) : .failure(.missing) },
                                       readStandardInput: { _ in .success(Array("from stdin".utf8)) }) { $0 == "/etc/q.json" }

    private func requests(_ request: RequestSettings, sources: [String] = [], urls: [String]? = nil,
                          load: LoadSettings = LoadSettings(), retriesEveryError: Bool = false, file: String? = nil) throws -> [SourceRequest] {
        var catalog = SourceCatalog()
        if let file { catalog.add(try SourcesFile.parse(file, path: "/etc/s.conf", plugins: registry.names, files: files)) }
        let plan = RunPlan(sourceNames: sources, urls: urls ?? (sources.isEmpty ? ["http://h/search"] : []), all: false,
                           settings: SourceSettings(load: load, request: request, retriesEveryError: retriesEveryError))
        return try plan.requests(catalog: catalog, registry: registry, environment: [:], files: files).requests
    }

    private func text(_ body: RequestBody?) -> String? { body.map { String(decoding: $0.identity, as: UTF8.self) } }

    func testABodyWithoutAMethodIsAPostAsCurlsIs() throws {
        let form = try XCTUnwrap(requests(RequestSettings(data: ["a=1", "b=2"])).first)
        XCTAssertEqual(form.options.method, "POST")
        XCTAssertEqual(text(form.options.body), "a=1&b=2")
        XCTAssertEqual(form.options.body?.contentType, "application/x-www-form-urlencoded")
        XCTAssertNil(form.options.accept)

        let json = try XCTUnwrap(requests(RequestSettings(json: ["{\"q\":1}"])).first)
        XCTAssertEqual(json.options.method, "POST")
        XCTAssertEqual(json.options.body?.contentType, "application/json")
        XCTAssertEqual(json.options.accept, "application/json", "as curl 7.82's --json asks")

        let put = try XCTUnwrap(requests(RequestSettings(method: "PUT", data: ["@q.json"])).first)
        XCTAssertEqual(put.options.method, "PUT")
        XCTAssertEqual(text(put.options.body), "{\"q\":2}", "@FILE, from where the command runs")
        XCTAssertEqual(text(try requests(RequestSettings(data: ["@-"])).first?.options.body), "from stdin")
        XCTAssertEqual(try requests(RequestSettings()).first?.options.method, "GET")
    }

    func testOnlyASourcesOwnRequestHasAHistoryAndStandardInputOnlyUnderAName() throws {
        XCTAssertNotNil(try requests(RequestSettings()).first?.historyKeep, "a GET")
        XCTAssertNotNil(try requests(RequestSettings(method: "GET")).first?.historyKeep, "-X GET is the GET")
        XCTAssertNil(try requests(RequestSettings(method: "DELETE")).first?.historyKeep, "-X DELETE is an action, whose answer is no version")
        XCTAssertNil(try requests(RequestSettings(data: ["a=1"])).first?.historyKeep, "a one-off POST")
        let declared = "[source search]\nurl = http://h/search\nmethod = POST\ndata = q=1\n"
        XCTAssertNotNil(try requests(RequestSettings(), sources: ["search"], file: declared).first?.historyKeep, "the source's own POST")
        XCTAssertNil(try requests(RequestSettings(data: ["q=2"]), sources: ["search"], file: declared).first?.historyKeep,
                     "the command line's body makes another request")
        XCTAssertNil(try requests(RequestSettings(), urls: ["-"]).first?.historyKeep, "a pipe's content is nobody's version")
        let named = try XCTUnwrap(requests(RequestSettings(), sources: ["posts"], urls: ["-"]).first)
        XCTAssertEqual(named.url, "-")
        XCTAssertNotNil(named.historyKeep, "standard input under a source's name")
    }

    func testANonIdempotentMethodIsNotRetriedUnlessEveryErrorIs() throws {
        let retries = LoadSettings { $0.retries = 3 }
        XCTAssertEqual(try requests(RequestSettings(json: ["{}"]), load: retries).first?.retryPolicy, .never)
        XCTAssertEqual(try requests(RequestSettings(method: "PATCH"), load: retries).first?.retryPolicy, .never)
        XCTAssertEqual(try requests(RequestSettings(method: "PUT"), load: retries).first?.retryPolicy.maxAttempts, 4,
                       "PUT and DELETE are idempotent (RFC 9110, 9.2.2)")
        XCTAssertEqual(try requests(RequestSettings(method: "DELETE")).first?.retryPolicy.maxAttempts, 3)
        let asked = try XCTUnwrap(requests(RequestSettings(json: ["{}"]), load: retries, retriesEveryError: true).first)
        XCTAssertEqual(asked.retryPolicy.maxAttempts, 4)
        XCTAssertTrue(asked.retryPolicy.retriesEveryError)
    }

    func testTheRunSaysWhenRetriesItAskedForAreWithheld() throws {
        let plan = RunPlan(sourceNames: [], urls: ["http://h/x"], all: false,
                           settings: SourceSettings(load: LoadSettings { $0.retries = 3 }, request: RequestSettings(method: "POST")))
        XCTAssertEqual(try plan.requests(catalog: SourceCatalog(), registry: registry, environment: [:], files: files).notes,
                       ["POST is not idempotent: it is sent once, not retried; --retry-all-errors retries it"])
    }

    func testTheSourcesFileTakesMethodAndDataAndTheCommandLineWins() throws {
        let file = "[source search]\nurl=http://h/search\nmethod=POST\ndata=@q.json\nheaders=Content-Type=application/json\n"
        let fromFile = try XCTUnwrap(requests(RequestSettings(), sources: ["search"], file: file).first)
        XCTAssertEqual(fromFile.options.method, "POST")
        XCTAssertEqual(text(fromFile.options.body), "{\"q\":2}", "@FILE relative to the sources file")
        XCTAssertEqual(fromFile.options.headers.first?.value, "application/json")
        let over = try XCTUnwrap(requests(RequestSettings(data: ["x=1"]), sources: ["search"], file: file).first)
        XCTAssertEqual(text(over.options.body), "x=1")
        XCTAssertEqual(over.options.method, "POST")
        XCTAssertEqual(try requests(RequestSettings(method: "GET"), sources: ["search"], file: file).first?.options.method, "GET")
    }

    func testABadMethodOrAMissingFileIsOneLine() throws {
        XCTAssertEqual(RequestSettings.methodProblem("PO ST"), "\"PO ST\" is not a method; give one such as GET, POST, PUT, PATCH or DELETE")
        XCTAssertNil(RequestSettings.methodProblem("PROPFIND"))
        XCTAssertEqual(RequestSettings.methodProblem("connect")?.hasPrefix("CONNECT opens a tunnel"), true, "sent, it would only time out")
        XCTAssertThrowsError(try requests(RequestSettings(data: ["@nope.json"]))) { error in
            XCTAssertEqual((error as? UsageFailure)?.messages, ["-d @nope.json: no such file; give @FILE, @- for standard input, or the text itself"])
        }
        XCTAssertThrowsError(try requests(RequestSettings(), sources: ["s"], file: "[source s]\nurl=http://h/s\nmethod=GE T\n"))
    }
}
