import Plugins
import XCTest
@testable import Plan

/// `--url-file`: its lines, how they join the `--url`s, and its errors.
final class URLListTests: XCTestCase {
    private let registry = PluginRegistry.default()
    /// Nothing is a file here but `/etc/posts.json`.
    private let files = URLInput.Files(directory: "/etc", environment: [:]) { $0 == "/etc/posts.json" }

    private func planned(urls: [String] = [], list: String?, sources: [String] = [], all: Bool = false) throws -> RunPlan.Planned {
        let plan = RunPlan(sourceNames: sources, urls: urls, urlList: list.map { URLList(path: "urls.txt", text: $0) }, all: all,
                           settings: SourceSettings())
        return try plan.requests(catalog: SourceCatalog(), registry: registry, environment: [:], files: files)
    }

    private func failure(urls: [String] = [], list: String?, path: String = "urls.txt", sources: [String] = [], all: Bool = false) -> [String] {
        let plan = RunPlan(sourceNames: sources, urls: urls, urlList: list.map { URLList(path: path, text: $0) }, all: all,
                           settings: SourceSettings())
        do {
            _ = try plan.requests(catalog: SourceCatalog(), registry: registry, environment: [:], files: files)
            return []
        } catch {
            return error.messages
        }
    }

    func testBlankLinesAndCommentsAreSkippedAndEachLineTrimmed() {
        let list = URLList(path: "urls.txt", text: "\u{FEFF}http://h/a\n\n   # a comment\n\t http://h/b  \r\n#http://h/c\nh:1/d\n")
        XCTAssertEqual(list.entries, [
            URLList.Entry(line: 1, text: "http://h/a"),
            URLList.Entry(line: 4, text: "http://h/b"),
            URLList.Entry(line: 6, text: "h:1/d"),
        ], "a byte-order mark and a Windows line end are not part of a URL")
        XCTAssertEqual(URLList(path: "-", text: "http://h/a").entries.count, 1, "no newline at the end")
        XCTAssertEqual(URLList(path: "-", text: "").entries, [])
    }

    func testTheFilesURLsFollowTheURLOptionsAndAreReadAndNamedAsTheyAre() throws {
        let requests = try planned(urls: ["http://h/users/1"], list: "http://h/posts/1\n127.0.0.1:8080/posts\n/etc/posts.json\nposts.json\n").requests
        XCTAssertEqual(requests.map(\.url), ["http://h/users/1", "http://h/posts/1", "http://127.0.0.1:8080/posts",
                                             "file:///etc/posts.json", "file:///etc/posts.json"])
        let asOptions = RunPlan(sourceNames: [], urls: ["http://h/users/1", "http://h/posts/1", "127.0.0.1:8080/posts", "/etc/posts.json", "posts.json"],
                                all: false, settings: SourceSettings())
        let same = try asOptions.requests(catalog: SourceCatalog(), registry: registry, environment: [:], files: files).requests
        XCTAssertEqual(requests.map(\.sourceName), same.map(\.sourceName), "named exactly as the same --urls are")
        XCTAssertEqual(requests.map(\.url), same.map(\.url))
    }

    func testWithOneSourceTheListsOneURLReplacesItsURL() throws {
        let requests = try planned(list: "http://h/mine\n", sources: ["posts"]).requests
        XCTAssertEqual(requests.map(\.sourceName), ["posts"])
        XCTAssertEqual(requests.first?.url, "http://h/mine")
    }

    func testABadLineIsNamedByFileAndLine() {
        XCTAssertEqual(failure(list: "http://h/a\n\nftp://h/b\n").first?.hasPrefix("urls.txt:3: \"ftp://h/b\" has the scheme ftp:"), true)
        XCTAssertEqual(failure(list: "# list\na b\n", path: "-").first?.hasPrefix("(standard input):2: \"a b\" is neither a URL nor a file"), true)
    }

    func testStandardInputIsReadOnce() {
        XCTAssertEqual(failure(list: "-\n", path: "-"), ["standard input can be read only once: --url-file - and (standard input):1 both read it"])
        XCTAssertEqual(failure(urls: ["-"], list: "http://h/a\n-\n"), ["standard input can be read only once: --url - and urls.txt:2 both read it"])
        XCTAssertEqual(failure(urls: ["-", "-"], list: nil), ["standard input can be read only once: --url - and --url - both read it"])
        XCTAssertEqual(failure(list: "-\nhttp://h/a\n"), [], "one - in a file's list is standard input, as --url - is")
    }

    func testAnEmptyListOrOneWithAllIsAUsageError() {
        XCTAssertEqual(failure(list: "# nothing yet\n\n"), ["--url-file urls.txt: holds no URL; give one a line"])
        XCTAssertEqual(failure(list: "", path: "-"), ["--url-file -: holds no URL; give one a line"])
        XCTAssertEqual(failure(list: "http://h/a\n", all: true), ["--url-file names sources of its own; it does not go with --all"])
        XCTAssertEqual(failure(urls: ["http://h/a"], list: "http://h/b\n", all: true), ["--url names sources of its own; it does not go with --all"])
        XCTAssertEqual(failure(list: "http://h/a\n", sources: ["posts", "articles"]).first?.hasPrefix("--url-file replaces the URL of one --source"), true)
    }
}
