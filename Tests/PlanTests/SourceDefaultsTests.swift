import Loader
import Plugins
import XCTest
@testable import Plan

/// `[defaults]`: under every source's own settings, over loadrun's; the command line over all.
final class SourceDefaultsTests: XCTestCase {
    private let registry = PluginRegistry.default()
    private let files = URLInput.Files(directory: "/etc", environment: [:]) { _ in false }

    private let file = """
        [defaults]
        timeout=10s
        retry=5
        interval=1m
        headers=Accept-Language=en;X-Team=core
        max-items=20

        [source own]
        url=http://h/own
        timeout=3s
        headers=X-Team=edge

        [source plain]
        url=http://h/plain
        """

    private func catalog(_ text: String? = nil) throws -> SourceCatalog {
        var catalog = SourceCatalog()
        catalog.add(try SourcesFile.parse(text ?? file, path: "/etc/s.conf", plugins: registry.names, files: files))
        return catalog
    }

    private func request(_ plan: RunPlan, _ text: String? = nil) throws -> SourceRequest {
        let requests = try plan.requests(catalog: catalog(text), registry: registry, environment: [:], files: files).requests
        return try XCTUnwrap(requests.first)
    }

    private func plan(sources: [String] = [], urls: [String] = [], load: LoadSettings = LoadSettings()) -> RunPlan {
        RunPlan(sourceNames: sources, urls: urls, all: false, settings: SourceSettings(load: load))
    }

    func testASourceWithNoSettingOfItsOwnTakesTheDefaults() throws {
        let plain = try request(plan(sources: ["plain"]))
        XCTAssertEqual(plain.options.deadline, .seconds(10))
        XCTAssertEqual(plain.retryPolicy.maxAttempts, 6)
        XCTAssertEqual(plain.interval, .seconds(60))
        XCTAssertEqual(plain.options.headers.map(\.name), ["Accept-Language", "X-Team"])
    }

    func testTheSourcesOwnGroupWinsOverTheDefaultsAndTheCommandLineOverBoth() throws {
        let own = try request(plan(sources: ["own"]))
        XCTAssertEqual(own.options.deadline, .seconds(3))
        XCTAssertEqual(own.retryPolicy.maxAttempts, 6, "what the source leaves unset comes from [defaults]")
        XCTAssertEqual(own.options.headers.map { "\($0.name): \($0.value)" }, ["Accept-Language: en", "X-Team: edge"],
                       "a header of the source's replaces the defaults' of that name only")
        let overridden = try request(plan(sources: ["own"], load: LoadSettings { $0.timeout = .seconds(1); $0.retries = 0 }))
        XCTAssertEqual(overridden.options.deadline, .seconds(1))
        XCTAssertEqual(overridden.retryPolicy, .never)
    }

    func testAURLRunAndABuiltInTakeTheDefaultsToo() throws {
        XCTAssertEqual(try request(plan(urls: ["http://h/x"])).options.deadline, .seconds(10))
        XCTAssertEqual(try request(plan(sources: ["posts"])).retryPolicy.maxAttempts, 6)
        XCTAssertEqual(try request(plan(urls: ["http://h/x"]), "[source a]\nurl=http://h/a\n").options.deadline, FetchOptions.defaultDeadline,
                       "without [defaults], loadrun's own")
    }

    func testMaxItemsIsADefaultOfTheViewThatTheOptionOverrides() throws {
        let defaults = try catalog().defaults
        XCTAssertEqual(ViewOptions().over(defaults).maxItems, 20)
        XCTAssertEqual(ViewOptions(maxItems: 3).over(defaults).maxItems, 3)
    }

    func testABrokenDefaultsGroupSaysEveryProblemAndStopsEveryRun() throws {
        let text = "[defaults]\nurl=http://h/x\ntimeout=soon\nwatch=30s\nmax-items=0\n[source a]\nurl=http://h/a\n"
        XCTAssertThrowsError(try request(plan(urls: ["http://h/y"]), text)) { error in
            XCTAssertEqual((error as? UsageFailure)?.messages, [
                "/etc/s.conf:2: url: belongs to one source's group; [defaults] sets what every source shares (\(SourceDefaults.keys.joined(separator: ", ")))",
                "/etc/s.conf:3: timeout: \"soon\" is not a duration such as 500ms, 30s, 1m30s or 1h",
                "/etc/s.conf:4: watch: a source's reload interval is interval=; a run watches only with --watch, which takes that interval",
                "/etc/s.conf:5: max-items: \"0\" is not a number of items, 1 or more",
            ])
        }
        XCTAssertThrowsError(try request(plan(sources: ["a"]), "[source a]\nurl=http://h/a\nmax-items=3\n")) { error in
            XCTAssertEqual((error as? UsageFailure)?.messages,
                           ["/etc/s.conf:3: max-items: goes in [defaults], for every source, or on the command line"])
        }
    }

    /// A CA file in `[defaults]` is relative to the sources file, and said at its own line,
    /// for a `--url` run too.
    func testACAFileOfTheDefaultsIsTheFilesAndSaidAtItsLine() throws {
        XCTAssertThrowsError(try request(plan(urls: ["https://h/x"]), "# ca\n[defaults]\ncacert=missing.pem\n")) { error in
            let message = (error as? UsageFailure)?.messages.first ?? ""
            XCTAssertTrue(message.hasPrefix("/etc/s.conf:3: cacert: /etc/missing.pem "), message)
        }
    }
}
