import Plugins
import XCTest
@testable import Plan

/// `detail` and `related` from the sources file and `--detail` from the command line, down to
/// the requests a run makes.
final class DetailPlanTests: XCTestCase {
    private let registry = PluginRegistry.default()
    private let files = URLInput.Files(directory: "/etc", environment: [:]) { _ in false }

    private func parse(_ file: String) throws -> SourcesFile.Contents {
        try SourcesFile.parse(file, path: "/etc/s.conf", plugins: registry.names, files: files)
    }

    private func requests(sources: [String] = [], urls: [String] = [], all: Bool = false, detail: String? = nil,
                          file: String? = nil) throws -> [SourceRequest] {
        var catalog = SourceCatalog()
        if let file { catalog.add(try parse(file)) }
        let settings = SourceSettings(detail: try detail.map { try DetailTemplate.parse($0).get() })
        let plan = RunPlan(sourceNames: sources, urls: urls, all: all, settings: settings)
        return try plan.requests(catalog: catalog, registry: registry, environment: [:], files: files).requests
    }

    func testTheFileSetsASourcesDetailAndRelatedLinks() throws {
        let definition = try XCTUnwrap(parse("""
            [source feed]
            url=http://h/api/feed
            detail = /api/items/{id}
            related=comments:/api/items/{id}/comments; author:/api/users/{userId}
            """).definitions.first)
        XCTAssertEqual(definition.detail?.text, "/api/items/{id}")
        XCTAssertEqual(definition.related.map(\.description), ["comments:/api/items/{id}/comments", "author:/api/users/{userId}"])
        let request = try XCTUnwrap(requests(sources: ["feed"], file: "[source feed]\nurl=http://h/f\ndetail=/i/{id}\nrelated=c:/i/{id}/c\n").first)
        XCTAssertEqual(request.detail?.text, "/i/{id}")
        XCTAssertEqual(request.related.map(\.name), ["c"])
        XCTAssertEqual(try parse("[source a]\nurl=http://h/a\nrelated=c:/p/{id}?a=1\\;b=2\n").definitions.first?.related.first?.template.text,
                       "/p/{id}?a=1;b=2", "a ; inside a list entry is written \\;")
    }

    func testAProblemNamesTheFileTheLineAndTheKey() throws {
        let cases: [(String, String)] = [
            ("[source a]\nurl=http://h\ndetail=/a/{id\n", #"/etc/s.conf:3: detail: "/a/{id": the { at column 4 is never closed"#),
            ("[source a]\nurl=http://h\ndetail=\n", "/etc/s.conf:3: detail: the template is empty; give a URL or a path such as /posts/{id}"),
            ("[source a]\nurl=http://h\ndetail=/a/{}\n", #"/etc/s.conf:3: detail: "/a/{}": {} names no field; write {id}, say"#),
            ("[source a]\nurl=http://h\n\nrelated=/a/{id}/c\n", #"/etc/s.conf:4: related: "/a/{id}/c" does not start with a name;"#),
            ("[source a]\nurl=http://h\nrelated=c:/a/{id}/c;d:/d/{x\n", #"/etc/s.conf:3: related: "/d/{x": the { at column 4 is never closed"#),
            ("[source a]\nurl=http://h\nrelated=c:/a;c:/b\n", #"/etc/s.conf:3: related: "c" is named twice; give each link a name of its own"#),
            ("[source a]\nurl=http://h\ndetails=/a/{id}\n", "/etc/s.conf:3: details: unknown key; did you mean detail?"),
        ]
        for (text, expected) in cases {
            var catalog = SourceCatalog()
            catalog.add(try parse(text))
            let problem = try XCTUnwrap(catalog.groupProblems.first, text)
            XCTAssertTrue("\(problem.error)".hasPrefix(expected), "\(problem.error)")
            XCTAssertNil(catalog.definition(named: "a"), "a broken group defines no source")
        }
    }

    func testThePostsBuiltInOpensEachPostWithItsComments() throws {
        let posts = try XCTUnwrap(requests().first)
        XCTAssertEqual(posts.sourceName, "posts")
        XCTAssertEqual(posts.detail, try DetailTemplate.parse("/posts/{id}").get())
        XCTAssertEqual(posts.related, [try RelatedTemplate.parse("comments:/posts/{id}/comments").get()])
        let others = try requests(sources: ["articles", "images"])
        XCTAssertEqual(others.map(\.detail), [nil, nil])
        XCTAssertEqual(others.map(\.related), [[], []])
        let elsewhere = try XCTUnwrap(requests(sources: ["posts"], urls: ["https://jsonplaceholder.typicode.com/posts"]).first)
        XCTAssertEqual(elsewhere.detail?.text, "/posts/{id}", "--url moves the source; its template goes with it")
    }

    func testAFileGroupChangesOnlyWhatItSets() throws {
        let changed = try XCTUnwrap(requests(file: "[source posts]\ndetail=/p/{id}\n").first)
        XCTAssertEqual(changed.detail?.text, "/p/{id}")
        XCTAssertEqual(changed.related.map(\.description), ["comments:/posts/{id}/comments"], "the built-in's related stays")
        let related = try XCTUnwrap(requests(file: "[source posts]\nrelated=author:/users/{userId}\n").first)
        XCTAssertEqual(related.detail?.text, "/posts/{id}")
        XCTAssertEqual(related.related.map(\.name), ["author"], "a list replaces the built-in's, as headers do")
    }

    func testTheCommandLinesDetailIsOverEverySource() throws {
        let file = "[source feed]\nurl=http://h/f\ndetail=/i/{id}\nrelated=c:/i/{id}/c\n"
        let both = try requests(sources: [], all: true, detail: "/x/{slug}", file: file)
        XCTAssertEqual(Set(both.map { $0.detail?.text }), ["/x/{slug}"])
        XCTAssertEqual(both.first { $0.sourceName == "feed" }?.related.map(\.name), ["c"], "related is the file's still")
    }

    func testURLsAloneHaveNoTemplateUnlessOneIsGiven() throws {
        let bare = try requests(urls: ["http://h/users", "http://h/todos"])
        XCTAssertEqual(bare.map(\.detail), [nil, nil], "each item opens its own url, link or href, if any")
        XCTAssertEqual(bare.map(\.related), [[], []])
        let given = try requests(urls: ["http://h/users"], detail: "/users/{id}")
        XCTAssertEqual(given.first?.detail?.text, "/users/{id}")
        XCTAssertEqual(try given.first?.detail?.url(fields: ["id": "7"], base: "http://h/users").get(), "http://h/users/7")
    }
}
