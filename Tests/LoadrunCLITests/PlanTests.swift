import Loader
@testable import LoadrunCLI
import Plugins
import XCTest

/// From options and the sources file to the requests a run makes: the plan, the settings
/// overlay and the file's parser, as values.
final class PlanTests: XCTestCase {
    private let registry = PluginRegistry.default()

    private func requests(_ plan: RunPlan, file: String? = nil) throws -> [SourceRequest] {
        var catalog = SourceCatalog()
        if let file {
            for definition in try SourcesFile.parse(file, path: "/etc/s.conf", plugins: registry.names) {
                try catalog.add(definition)
            }
        }
        return try plan.requests(catalog: catalog, registry: registry, environment: ["TOKEN": "secret"])
    }

    func testABareRunLoadsThePostsOfTheSampleSource() throws {
        let requests = try requests(RunPlan(sourceNames: [], urls: [], all: false, settings: SourceSettings()))
        XCTAssertEqual(requests.map(\.sourceName), ["posts"])
        XCTAssertNil(requests.first?.url, "the embedded sample source")
        XCTAssertEqual(requests.first?.samplePath, "/posts")
        XCTAssertEqual(requests.first?.retryPolicy.maxAttempts, 3, "two retries, as the help says")
    }

    func testURLsAloneAreNamedWithEnoughOfTheirPathToTellThemApart() throws {
        func names(_ urls: [String]) throws -> [String] {
            try requests(RunPlan(sourceNames: [], urls: urls, all: false, settings: SourceSettings())).map(\.sourceName)
        }
        XCTAssertEqual(try names(["http://h/a/posts", "http://h/b/posts?x=1", "http://host", "-"]), ["a-posts", "b-posts", "host", "stdin"])
        XCTAssertEqual(try names(["http://h/posts/1", "http://h/users/1"]), ["posts-1", "users-1"], "an id says what it belongs to")
        XCTAssertEqual(try names(["http://h/users", "http://h/todos", "file:///tmp/users.json"]), ["users", "todos", "users.json"])
        XCTAssertEqual(try names(["http://h/v1/users/1", "http://h/v2/users/1"]), ["v1-users-1", "v2-users-1"])
        XCTAssertEqual(try names(["http://h/posts?page=1", "http://h/posts?page=2"]), ["posts", "posts-2"], "the same path is numbered")
        XCTAssertEqual(try names(["http://h/files/0a1b2c3d4e5f60718293a4b5c6d7e8f9"]), ["files-0a1b2c3d4e5f60718293a4b5c6d7e8f9"])
        XCTAssertEqual(SourceNaming.name(for: "http://h/X\u{1B}]52;c;UFdORUQ=\u{07}"), "X]52;c;UFdORUQ=")
        XCTAssertEqual(SourceNaming.name(for: "http://h/\u{1B}\u{7}"), "url", "nothing printable is left")
    }

    func testConflictingChoicesAreUsageFailures() {
        for plan in [RunPlan(sourceNames: ["posts"], urls: [], all: true, settings: SourceSettings()),
                     RunPlan(sourceNames: [], urls: ["http://h/p"], all: true, settings: SourceSettings()),
                     RunPlan(sourceNames: ["posts", "articles"], urls: ["http://h/p"], all: false, settings: SourceSettings()),
                     RunPlan(sourceNames: ["nope"], urls: [], all: false, settings: SourceSettings())] {
            XCTAssertThrowsError(try requests(plan))
        }
    }

    func testTheCommandLineOverridesTheFileWhichOverridesTheDefaults() throws {
        let file = """
            [source status]
            url=http://h/status
            retry=5
            timeout=3s
            headers=Authorization=env:TOKEN
            """
        let fromFile = try requests(RunPlan(sourceNames: ["status"], urls: [], all: false, settings: SourceSettings()), file: file)
        XCTAssertEqual(fromFile.first?.retryPolicy.maxAttempts, 6, "retry=5: five retries after the first attempt")
        XCTAssertEqual(fromFile.first?.options.deadline, .seconds(3))
        XCTAssertEqual(fromFile.first?.options.headers.first?.value, "secret", "env: is read when the plan is made")

        let overridden = try requests(RunPlan(sourceNames: ["status"], urls: [], all: false,
                                              settings: SourceSettings(noRetry: false, load: LoadSettings(timeout: .seconds(9), retries: 1))),
                                      file: file)
        XCTAssertEqual(overridden.first?.retryPolicy.maxAttempts, 2)
        XCTAssertEqual(overridden.first?.options.deadline, .seconds(9))
        let once = try requests(RunPlan(sourceNames: ["status"], urls: [], all: false, settings: SourceSettings(noRetry: true)), file: file)
        XCTAssertEqual(once.first?.retryPolicy.maxAttempts, 1, "--no-retry wins over the file's retry")
    }

    func testAPageParameterOnTopDoesNotTakeTheFilesPageSize() {
        let file = LoadSettings(pageParameter: "page", perPage: 50)
        XCTAssertEqual(file.overlaid(with: LoadSettings(pageParameter: "p")).perPage, nil)
        XCTAssertEqual(file.overlaid(with: LoadSettings(pages: 3)).perPage, 50)
        XCTAssertEqual(file.overlaid(with: LoadSettings(pages: 3)).pages, 3)
        XCTAssertEqual(LoadSettings(timeout: .seconds(1)).overlaid(with: LoadSettings()).timeout, .seconds(1), "unset on top leaves it")
    }

    func testTheSourcesFileSaysWhereEachProblemIs() {
        let cases: [(String, String)] = [
            ("[source a]\nurl=http://h\n[source a]\nurl=http://i\n", "/etc/s.conf:3: [source a] appears twice, first at line 1; merge the two"),
            ("[source a]\nurl=http://h\nintervall=5s\n", "/etc/s.conf:3: intervall: unknown key"),
            ("[source a]\nurl=http://h\ninterval=soon\n", "/etc/s.conf:3: interval:"),
            ("[source a]\nurl=http://h\nplugin=rss\n", "/etc/s.conf:3: plugin: unknown plugin \"rss\""),
            ("[other]\nurl=http://h\n", "/etc/s.conf:1: [other] is not a source group"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try SourcesFile.parse(text, path: "/etc/s.conf", plugins: registry.names), text) { error in
                XCTAssertTrue("\(error)".hasPrefix(expected), "\(error)")
            }
        }
    }
}
