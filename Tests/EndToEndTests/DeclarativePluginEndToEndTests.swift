import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// A plugin added as a key file, without compiling Swift.
final class DeclarativePluginEndToEndTests: XCTestCase {
    private var dataHome: URL!

    override func setUpWithError() throws {
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-e2e-xdg-\(UUID().uuidString)")
        let plugins = dataHome.appendingPathComponent("loadrun/plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        // As the README has it, for a JSONPlaceholder-style /todos: a bare array.
        try Data("[Plugin]\nMediaTypes=application/json\nURLs=/todos*\nTitle=title\nTemplate={id}. {title} (done: {completed})\nSummary=todos with their state\n".utf8)
            .write(to: plugins.appendingPathComponent("todos.plugin"))
        try Data("[Plugin]\nMediaTypes=application/json\nItems=oops\nTitle=title\n".utf8)
            .write(to: plugins.appendingPathComponent("bad.plugin"))
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: dataHome)
    }

    private var environment: [String: String] { ["XDG_DATA_HOME": dataHome.path] }

    func testPluginsListsItAndReportsTheBadFile() throws {
        let run = try LoadrunProcess(["plugins"], environment: environment)
        XCTAssertEqual(run.waitForExit(), .exited(0))
        let row = run.standardOutput.split(separator: "\n").first { $0.hasPrefix("todos\t") } ?? ""
        XCTAssertTrue(row.contains("\tapplication/json at /todos*\t") && row.hasSuffix("\ttodos with their state"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.hasPrefix("NAME\tTAKES\tRENDERS\n"), run.standardOutput)
        XCTAssertEqual(run.standardErrorLines, [
            "loadrun: \(dataHome.path)/loadrun/plugins/bad.plugin:3: Items=oops is not a JSON pointer; write /path/to/list, or leave it empty for the whole document — skipped",
        ])
    }

    func testItIsChosenAtItsURLAndSaysOnceWhatAnItemLacks() throws {
        let server = TestServer { server, _ in
            server.route("/todos", TestRoutes.fixed(#"[{"id":1,"title":"Write it","completed":true},{"id":2,"title":"Ship it"}]"#))
        }
        let run = try LoadrunProcess(["--url", server.url("/todos")], environment: environment)
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "1. Write it (done: true)\n2. Ship it (done: ∅)\n")
        XCTAssertEqual(run.standardErrorLines.filter { $0.contains("∅") },
                       [#"todos: the todos plugin shows "completed" as ∅: item 2 has no such field"#])
    }

    func testItDoesNotTakeOtherURLs() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(1))) }
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--output", "text"], environment: environment)
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.hasPrefix("1  Post number 1\n"), "the posts view, not the todos template: \(run.standardOutput)")
    }

    func testItCanBeForcedAndFailsClearlyOnTheWrongShape() throws {
        let server = TestServer { server, _ in server.route("/posts/1", TestRoutes.fixed(#"{"id":1,"title":"t","body":"b"}"#)) }
        let run = try LoadrunProcess(["--url", server.url("/posts/1"), "--plugin", "todos"], environment: environment)
        XCTAssertEqual(run.waitForExit(), .exited(2))
        XCTAssertEqual(run.standardErrorLines.last,
                       "posts-1: the response from 127.0.0.1:\(server.port) has no list at the top level — check Items= in the todos plugin; "
                        + "--plugin articles takes it (so do json), or drop --source and --plugin so that the plugin is chosen by the content")
    }
}
