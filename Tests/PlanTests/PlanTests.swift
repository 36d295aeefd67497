import Loader
import Plugins
import XCTest
@testable import Plan

/// From options and the sources file to the requests a run makes: the plan, the settings
/// overlay and the file's parser, as values.
final class PlanTests: XCTestCase {
    private let registry = PluginRegistry.default()

    /// Nothing is a file here but `/etc/posts.json`.
    private let files = URLInput.Files(directory: "/etc", environment: [:]) { $0 == "/etc/posts.json" }

    private func parse(_ file: String) throws -> SourcesFile.Contents {
        try SourcesFile.parse(file, path: "/etc/s.conf", plugins: registry.names, files: files)
    }

    private func planned(_ plan: RunPlan, file: String? = nil) throws -> RunPlan.Planned {
        var catalog = SourceCatalog()
        if let file { catalog.add(try parse(file)) }
        return try plan.requests(catalog: catalog, registry: registry, environment: ["TOKEN": "secret"], files: files)
    }

    private func requests(_ plan: RunPlan, file: String? = nil) throws -> [SourceRequest] {
        try planned(plan, file: file).requests
    }

    private func plan(sources: [String] = [], urls: [String] = [], all: Bool = false) -> RunPlan {
        RunPlan(sourceNames: sources, urls: urls, all: all, settings: SourceSettings())
    }

    /// A `--jq` source's plugin parses a body as it arrives (see `BodyTap`); a named plugin
    /// waits for the whole body.
    func testAJQSourcesPluginTapsBodiesAndANamedPluginDoesNot() throws {
        let filtered = try requests(RunPlan(sourceNames: [], urls: ["http://h/a"], all: false, settings: SourceSettings(jq: ".[]")))
        guard case .fixed(let jq) = try XCTUnwrap(filtered.first).plugin else { return XCTFail("--jq fixes the plugin") }
        XCTAssertEqual(jq.name, JQPlugin.pluginName)
        XCTAssertNotNil(jq.tapper, "the jq plugin is asked for a tap on each JSON body")
        let named = try requests(RunPlan(sourceNames: [], urls: ["http://h/a"], all: false, settings: SourceSettings(plugin: "posts")))
        guard case .fixed(let posts) = try XCTUnwrap(named.first).plugin else { return XCTFail("--plugin fixes the plugin") }
        XCTAssertNil(posts.tapper)
    }

    func testABareRunLoadsThePostsOfTheSampleSource() throws {
        let requests = try requests(RunPlan(sourceNames: [], urls: [], all: false, settings: SourceSettings()))
        XCTAssertEqual(requests.map(\.sourceName), ["posts"])
        XCTAssertNil(requests.first?.url, "the embedded sample source")
        XCTAssertEqual(requests.first?.samplePath, "/posts")
        XCTAssertEqual(requests.first?.retryPolicy.maxAttempts, 3, "two retries, as the help says")
    }

    func testContentOnStandardInputIsLoadedOnlyWhenNothingIsNamed() throws {
        var piped = plan()
        piped.standardInputHoldsContent = true
        XCTAssertEqual(try requests(piped).map(\.url), ["-"], "a bare run reads the pipe, as jq does")
        var named = plan(sources: ["posts"])
        named.standardInputHoldsContent = true
        XCTAssertEqual(try requests(named).map(\.samplePath), ["/posts"], "a source named is loaded, not the pipe")
        var given = plan(urls: ["https://example.com/x"])
        given.standardInputHoldsContent = true
        XCTAssertEqual(try requests(given).map(\.url), ["https://example.com/x"])
        var operand = RunPlan(sourceNames: [], urls: [], operands: ["example.com/x"], all: false, settings: SourceSettings())
        operand.standardInputHoldsContent = true
        XCTAssertEqual(try requests(operand).map(\.url), ["http://example.com/x"], "a word given names what loads")
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
                                              settings: SourceSettings(noRetry: false, load: LoadSettings { $0.timeout = .seconds(9); $0.retries = 1 })),
                                      file: file)
        XCTAssertEqual(overridden.first?.retryPolicy.maxAttempts, 2)
        XCTAssertEqual(overridden.first?.options.deadline, .seconds(9))
        let once = try requests(RunPlan(sourceNames: ["status"], urls: [], all: false, settings: SourceSettings(noRetry: true)), file: file)
        XCTAssertEqual(once.first?.retryPolicy.maxAttempts, 1, "--no-retry wins over the file's retry")
    }

    func testAPageParameterOnTopDoesNotTakeTheFilesPageSize() {
        let file = LoadSettings { $0.pageParameter = "page"; $0.perPage = 50 }
        XCTAssertEqual(file.overlaid(with: LoadSettings { $0.pageParameter = "p" }).perPage, nil)
        XCTAssertEqual(file.overlaid(with: LoadSettings { $0.pages = 3 }).perPage, 50)
        XCTAssertEqual(file.overlaid(with: LoadSettings { $0.pages = 3 }).pages, 3)
        XCTAssertEqual(LoadSettings { $0.timeout = .seconds(1) }.overlaid(with: LoadSettings()).timeout, .seconds(1), "unset on top leaves it")
    }

    func testEverySettingIsLaidOverByAHigherLayer() {
        XCTAssertEqual(LoadSettings.layered.count, Mirror(reflecting: LoadSettings()).children.count,
                       "a setting declared in LoadSettings is missing from LoadSettings.layered")
        let every = LoadSettings {
            ($0.timeout, $0.connectTimeout, $0.maxSize, $0.retries, $0.retryDelay) = (.seconds(2), .seconds(3), 4, 5, .seconds(6))
            ($0.retryMaxTime, $0.pages, $0.pageParameter, $0.perPage, $0.perPageParameter) = (.seconds(7), 8, "p", 9, "n")
            ($0.followsCrossHostLinks, $0.caFile, $0.insecure, $0.recordsHistory, $0.keep) = (true, "ca.pem", false, false, 10)
            $0.maxRedirects = 11
        }
        XCTAssertEqual(Mirror(reflecting: every).children.filter { "\($0.value)" == "nil" }.map(\.label), [], "every setting set here")
        XCTAssertEqual(LoadSettings().overlaid(with: every), every, "each setting laid over")
        XCTAssertEqual(every.overlaid(with: LoadSettings()), every, "nothing set on top leaves each")
    }

    func testTheSourcesFileSaysWhereEachProblemIs() throws {
        let cases: [(String, String)] = [
            ("[source a]\nurl=http://h\n[source a]\nurl=http://i\n", "/etc/s.conf:3: [source a] appears twice, first at line 1; merge the two"),
            ("[source a]\nurl=http://h\nintervall=5s\n", "/etc/s.conf:3: intervall: unknown key; did you mean interval?"),
            ("[source a]\nurl=http://h\nwhatever=5s\n", "/etc/s.conf:3: whatever: unknown key; a source may set url, plugin, jq, interval,"),
            ("[source a]\nurl=http://h\ninterval=soon\n", "/etc/s.conf:3: interval: \"soon\" is not a duration such as 500ms, 30s, 1m30s or 1h"),
            ("[source a]\nurl=http://h\ninterval=5ms\n", "/etc/s.conf:3: interval: \"5ms\" is too short; the interval must be at least 10ms"),
            ("[source a]\nurl=http://h\nplugin=rss\n", "/etc/s.conf:3: plugin: unknown plugin \"rss\"; known:"),
            ("[source a]\nurl=http://h\nplugin=tabel\n", "/etc/s.conf:3: plugin: unknown plugin \"tabel\" (did you mean table?); known:"),
            ("[source a]\nurl=ftp://h/x\n", "/etc/s.conf:2: url: \"ftp://h/x\" has the scheme ftp:"),
            ("[other]\nurl=http://h\n", "/etc/s.conf:1: [other] is not a source group"),
        ]
        for (text, expected) in cases {
            var catalog = SourceCatalog()
            catalog.add(try parse(text))
            XCTAssertEqual(catalog.groupProblems.count, 1, text)
            let problem = try XCTUnwrap(catalog.groupProblems.first, text)
            XCTAssertTrue("\(problem.error)".hasPrefix(expected), "\(problem.error)")
            XCTAssertEqual(problem.source, text.hasPrefix("[other]") ? nil : "a")
            XCTAssertNil(catalog.definition(named: "a"), "a broken group defines no source")
        }
        // A line GLib would refuse the whole file for is a problem of its group alone.
        let contents = try parse("[source a]\nnot a key\n[source b]\nurl=http://h/b\n")
        XCTAssertEqual(contents.problems.map { "\($0.error)" }, ["/etc/s.conf:2: not a key is not a key=value line, a [group] or a # comment"])
        XCTAssertEqual(contents.problems.map(\.source), ["a"])
        XCTAssertEqual(contents.definitions.map(\.name), ["b"])
    }

    /// Each line GKeyFile would refuse the file for, keep unsaid, or cut short is named with
    /// its line, and breaks only its own group.
    func testEachOddLineIsNamedAndBreaksOnlyItsGroup() throws {
        var bytes = Array("[source good]\nurl=http://h/good\n[source utf]\nurl=http://h/".utf8) + [0xFF]
        bytes += Array("\n[source nul]\nurl=http://h/a".utf8) + [0] + Array("b\n".utf8)
        bytes += Array("[source esc]\nurl=http://h/\\q\n[source tail]\nurl=http://h/t\\\n[source loc]\nurl[de]=http://h/\n".utf8)
        bytes += Array("[source pages]\nurl=http://h/p\npages=99999999999\n[bad[group]\nurl=http://h/x\nkey=before?\n".utf8)
        let files = URLInput.Files(directory: "/etc", environment: [:], isFile: { _ in false })
        let contents = try SourcesFile.parse(bytes: bytes, path: "/etc/s.conf", plugins: ["posts"], files: files)
        XCTAssertEqual(contents.definitions.map(\.name), ["good"])
        XCTAssertEqual(contents.problems.map { "\($0.error)" }, [
            "/etc/s.conf:4: not UTF-8 text",
            "/etc/s.conf:6: holds a NUL byte",
            "/etc/s.conf:8: url: \\q is not an escape a key file knows (\\s, \\n, \\t, \\r, \\\\, and \\; in a list); write \\\\ for a backslash",
            "/etc/s.conf:10: url: the value ends in a lone backslash; write \\\\ for a backslash",
            "/etc/s.conf:12: url[de]: localized keys are not read; write url=",
            "/etc/s.conf:16: [bad[group] is not a [group] line: a name in brackets, without [ ] or control characters",
            "/etc/s.conf:15: pages: \"99999999999\" is not a number of pages from 1 to 1000, or all",
        ])
        XCTAssertEqual(contents.problems.map(\.source), ["utf", "nul", "esc", "tail", "loc", nil, "pages"])
    }

    func testAURLInTheFileIsReadAsTheCommandLineReadsIt() throws {
        let definitions = try parse("[source a]\nurl=127.0.0.1:8080/posts\n[source b]\nurl=posts.json\n").definitions
        XCTAssertEqual(definitions.map(\.url), ["http://127.0.0.1:8080/posts", "file:///etc/posts.json"],
                       "a file beside the sources file")
        XCTAssertEqual(try requests(plan(urls: ["127.0.0.1:8080/posts", "/etc/posts.json"])).map(\.url),
                       ["http://127.0.0.1:8080/posts", "file:///etc/posts.json"])
        XCTAssertThrowsError(try requests(plan(urls: ["ftp://x"]))) { error in
            XCTAssertTrue((error as? UsageFailure)?.messages.first?.hasPrefix("--url: \"ftp://x\" has the scheme ftp:") ?? false, "\(error)")
        }
    }

    func testABrokenGroupStopsOnlyARunThatLoadsIt() throws {
        let file = """
            [source good]
            url=http://h/good
            [source bad]
            url=http://h/bad
            intervall=5s
            [sauce c]
            url=http://h/c
            """
        let warned = try planned(plan(urls: ["http://h/x"]), file: file)
        XCTAssertEqual(warned.requests.map(\.sourceName), ["x"])
        XCTAssertEqual(warned.warnings, [
            "warning: /etc/s.conf:5: intervall: unknown key; did you mean interval? (source bad is skipped: this run does not load it)",
            "warning: /etc/s.conf:6: [sauce c] is not a source group; write [source NAME] or [defaults] (skipped)",
        ])
        XCTAssertEqual(try planned(plan(sources: ["good"]), file: file).warnings.count, 2, "another source: warned, not stopped")
        XCTAssertEqual(try planned(plan(), file: file).requests.map(\.sourceName), ["posts"], "the bare run loads posts")

        func failure(_ plan: RunPlan) -> [String] {
            do {
                _ = try planned(plan, file: file)
                return []
            } catch {
                return (error as? UsageFailure)?.messages ?? ["\(error)"]
            }
        }
        // A run that stops says the rest of the file's problems too, as warnings.
        XCTAssertEqual(failure(plan(sources: ["bad"])), ["/etc/s.conf:5: intervall: unknown key; did you mean interval?",
                                                        "warning: /etc/s.conf:6: [sauce c] is not a source group; write [source NAME] or [defaults]"])
        XCTAssertEqual(failure(plan(sources: ["bad"], urls: ["http://h/y"])).first, "/etc/s.conf:5: intervall: unknown key; did you mean interval?",
                       "--url over a broken source still loads it")
        XCTAssertEqual(failure(plan(all: true)).count, 2, "--all loads every group, so every problem stops it")
        XCTAssertEqual(failure(plan(sources: ["c"])), [
            "/etc/s.conf:6: [sauce c] is not a source group; write [source NAME] or [defaults]",
            "unknown source \"c\"; configured: posts, articles, images, good (see loadrun sources)",
            "warning: /etc/s.conf:5: intervall: unknown key; did you mean interval?",
        ], "a group that is not a source may be the one meant")
        XCTAssertEqual(failure(plan(sources: ["god"])).dropLast().last,
                       "unknown source \"god\" (did you mean good?); configured: posts, articles, images, good (see loadrun sources)")
        XCTAssertEqual(failure(plan(sources: ["baad"])).dropLast().last?.hasPrefix("unknown source \"baad\" (did you mean bad?)"), true,
                       "a broken source is suggested too")
        XCTAssertThrowsError(try planned(plan(), file: "[source posts]\nretry=-1\n"), "the bare run loads posts, so a broken posts group stops it")
    }

    func testThePlanReadsOnlyThroughTheFilesItIsGiven() throws {
        var asked: [String] = []
        let files = URLInput.Files(directory: "/etc", environment: [:], read: { path, _ in
            asked.append(path)
            return path == "/etc/token" ? .success(Array("s3cret\n".utf8)) : .failure(.missing)
        }, trustProblem: { _ in nil }, isFile: { _ in false })
        let file = "[source api]\nurl=http://h/x\nheaders=Authorization=file:token\n"
        let catalog = SourceCatalog(path: "/etc/s.conf", read: .success(Array(file.utf8)), explicit: true, plugins: registry.names,
                                    files: files)
        XCTAssertNil(catalog.fileProblem)
        let requests = try plan(sources: ["api"]).requests(catalog: catalog, registry: registry, environment: [:], files: files).requests
        XCTAssertEqual(requests.first?.options.headers, [RequestHeader(name: "Authorization", value: "s3cret")])
        XCTAssertEqual(asked, ["/etc/token"], "the header's file, relative to the sources file, read through the port")

        let missing = SourceCatalog(path: "/etc/none.conf", read: .failure(.missing), explicit: true, plugins: registry.names, files: files)
        XCTAssertEqual(missing.fileProblem?.description.contains("no such file"), true)
        XCTAssertNil(SourceCatalog(path: "/etc/none.conf", read: .failure(.missing), explicit: false, plugins: registry.names,
                                   files: files).fileProblem, "a default sources file that is not there is no problem")

        let untrusted = URLInput.Files(directory: "/etc", environment: [:], read: files.read, trustProblem: { _ in "others can write it" },
                                       isFile: { _ in false })
        XCTAssertThrowsError(try plan(sources: ["api"]).requests(catalog: catalog, registry: registry, environment: [:], files: untrusted))
    }
}
