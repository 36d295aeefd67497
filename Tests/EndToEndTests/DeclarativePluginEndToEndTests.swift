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
        try Data("[Plugin]\nMediaTypes=application/json\nItems=/todos\nTitle=title\nTemplate=[{done}] {title}\nSummary=todos with their state\n".utf8)
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
        XCTAssertTrue(run.standardOutput.contains("todos     application/json  todos with their state"), run.standardOutput)
        XCTAssertEqual(run.standardErrorLines, [
            "loadrun: \(dataHome.path)/loadrun/plugins/bad.plugin:3: Items=oops is not a JSON pointer; write /path/to/list, or leave it empty for the whole document — skipped",
        ])
    }

    func testItIsChosenFromTheResponseAndRendersItsTemplate() throws {
        let server = TestServer { server, _ in
            server.route("/todos", TestRoutes.fixed(#"{"todos":[{"title":"Write it","done":true},{"title":"Ship it","done":false}]}"#))
        }
        let run = try LoadrunProcess(["--url", server.url("/todos")], environment: environment)
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "[true] Write it\n[false] Ship it\n")
    }

    func testItCanBeForcedAndFailsClearlyOnTheWrongShape() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(1))) }
        let run = try LoadrunProcess(["--url", server.url("/posts"), "--plugin", "todos"], environment: environment)
        XCTAssertEqual(run.waitForExit(), .exited(2))
        XCTAssertEqual(run.standardErrorLines.last,
                       "posts: the response from 127.0.0.1:\(server.port) has nothing at /todos — check Items= in the todos plugin")
    }
}
