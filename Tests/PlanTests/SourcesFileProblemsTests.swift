import Plugins
import XCTest
@testable import Plan

/// A sources file reports every problem it has in one run, each with its line: a user should
/// not fix `intervall` only to meet `plugn`, then `retry=many`.
final class SourcesFileProblemsTests: XCTestCase {
    private let registry = PluginRegistry.default()
    private let files = URLInput.Files(directory: "/etc", environment: [:]) { _ in false }

    private let text = """
        [source status]
        url=http://h/status
        intervall=30s
        plugn=posts
        retry=many

        [source other]
        url=http://h/other
        timeout=soon

        [source fine]
        url=http://h/fine
        """

    private func catalog() throws -> SourceCatalog {
        var catalog = SourceCatalog()
        catalog.add(try SourcesFile.parse(text, path: "/etc/s.conf", plugins: registry.names, files: files))
        return catalog
    }

    func testEveryProblemOfAGroupIsReportedWithItsLine() throws {
        let problems = try catalog().problems(ofSource: "status").map(\.description)
        XCTAssertEqual(problems, [
            "/etc/s.conf:3: intervall: unknown key; did you mean interval?",
            "/etc/s.conf:4: plugn: unknown key; did you mean plugin?",
            "/etc/s.conf:5: retry: \"many\" is not a number of retries after the first attempt, from 0 to 100",
        ])
    }

    func testASourceNameIsASCIILettersDigitsAndDashUnderscorePoint() throws {
        let text = "[source a-b_c.9Z]\nurl=http://h/a\n[source caf\u{E9}]\nurl=http://h/b\n[source e\u{301}]\nurl=http://h/c\n"
            + "[source a b]\nurl=http://h/d\n[source a/b]\nurl=http://h/e\n[source \u{0661}]\nurl=http://h/f\n"
        var catalog = SourceCatalog()
        catalog.add(try SourcesFile.parse(text, path: "/etc/s.conf", plugins: registry.names, files: files))
        XCTAssertNotNil(catalog.definition(named: "a-b_c.9Z"))
        XCTAssertEqual(catalog.groupProblems.map(\.error.description), [
            "/etc/s.conf:3: \"caf\u{E9}\" is not a source name; use letters, digits, - _ and . only",
            "/etc/s.conf:5: \"e\u{301}\" is not a source name; use letters, digits, - _ and . only",
            "/etc/s.conf:7: \"a b\" is not a source name; use letters, digits, - _ and . only",
            "/etc/s.conf:9: \"a/b\" is not a source name; use letters, digits, - _ and . only",
            "/etc/s.conf:11: \"\u{0661}\" is not a source name; use letters, digits, - _ and . only",
        ])
    }

    func testProblemsAreSaidInTheOrderOfTheirLines() throws {
        var catalog = SourceCatalog()
        catalog.add(try SourcesFile.parse("[source other]\nurl=http://h/other\ntimeout=soon\nretry=many\ncolour=blue\n",
                                          path: "/etc/s.conf", plugins: registry.names, files: files))
        let lines = catalog.problems(ofSource: "other").compactMap(\.line)
        XCTAssertEqual(lines, [3, 4, 5], "an unknown key below bad values comes after them")
    }

    func testARunThatStopsSaysEveryProblemOfTheFileInOneGo() throws {
        let plan = RunPlan(sourceNames: ["status"], urls: [], all: false, settings: SourceSettings())
        XCTAssertThrowsError(try plan.requests(catalog: catalog(), registry: registry, environment: [:], files: files)) { error in
            XCTAssertEqual((error as? UsageFailure)?.messages, [
                "/etc/s.conf:3: intervall: unknown key; did you mean interval?",
                "/etc/s.conf:4: plugn: unknown key; did you mean plugin?",
                "/etc/s.conf:5: retry: \"many\" is not a number of retries after the first attempt, from 0 to 100",
                "warning: /etc/s.conf:9: timeout: \"soon\" is not a duration such as 500ms, 30s, 1m30s or 1h",
            ])
        }
    }

    func testARunThatGoesOnWarnsOfEachProblem() throws {
        let plan = RunPlan(sourceNames: ["fine"], urls: [], all: false, settings: SourceSettings())
        let warnings = try plan.requests(catalog: catalog(), registry: registry, environment: [:], files: files).warnings
        XCTAssertEqual(warnings.count, 4, "\(warnings)")
    }
}

/// `--all` loads what is configured: the sources file's sources, the built-ins only without one.
final class AllSourcesTests: XCTestCase {
    private let registry = PluginRegistry.default()
    private let files = URLInput.Files(directory: "/etc", environment: [:]) { _ in false }

    private func all(file: String?) throws -> [String] {
        var catalog = SourceCatalog()
        if let file {
            catalog = SourceCatalog(path: "/etc/s.conf", read: .success(Array(file.utf8)), explicit: true,
                                    plugins: registry.names, files: files)
        }
        let plan = RunPlan(sourceNames: [], urls: [], all: true, settings: SourceSettings())
        return try plan.requests(catalog: catalog, registry: registry, environment: [:], files: files).requests.map(\.sourceName)
    }

    func testWithASourcesFileAllIsTheFilesSources() throws {
        XCTAssertEqual(try all(file: "[source a]\nurl=http://h/a\n[source b]\nurl=http://h/b\n"), ["a", "b"])
        XCTAssertEqual(try all(file: "[source posts]\ninterval=5s\n[source a]\nurl=http://h/a\n"), ["posts", "a"],
                       "a built-in the file changes is the file's")
    }

    func testWithoutOneAllIsTheBuiltIns() throws {
        XCTAssertEqual(try all(file: nil), ["posts", "articles", "images"])
    }

    func testAFileThatDefinesNoSourceIsAUsageError() {
        XCTAssertThrowsError(try all(file: "# nothing yet\n")) { error in
            XCTAssertEqual((error as? UsageFailure)?.messages, [
                "--all loads the sources of /etc/s.conf, and it defines none; add a [source NAME] group, or name a built-in, such as loadrun posts",
            ])
        }
    }
}
