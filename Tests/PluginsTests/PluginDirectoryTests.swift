import Foundation
import Loader
import Plugins
import XCTest

final class PluginDirectoryTests: XCTestCase {
    private var home: URL!

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-xdg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("loadrun/plugins"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: home)
    }

    private func add(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: home.appendingPathComponent("loadrun/plugins/\(name)"))
    }

    func testLoadsGoodFilesAndReportsBadOnesWithFileAndLine() throws {
        try add("todos.plugin", "[Plugin]\nMediaTypes=application/json\nItems=/todos\nTitle=title\n")
        try add("albums.plugin", "[Plugin]\nMediaTypes=application/json\nTitle=title\n")
        try add("broken.plugin", "[Plugin]\nMediaTypes=application/json\nnot a pair\n")
        try add("posts.plugin", "[Plugin]\nMediaTypes=application/json\nTitle=title\n")
        try add("notes.txt", "ignored: not a .plugin file")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("loadrun/plugins/folder.plugin"), withIntermediateDirectories: true)
        try Data([0xFF, 0xFE]).write(to: home.appendingPathComponent("loadrun/plugins/latin.plugin"))
        let (plugins, problems) = PluginDirectory.load(environment: ["XDG_DATA_HOME": home.path], reservedNames: ["posts"])
        XCTAssertEqual(plugins.map(\.name), ["albums", "todos"])
        let directory = home.appendingPathComponent("loadrun/plugins").path
        XCTAssertEqual(problems.map(\.description), [
            "\(directory)/broken.plugin:3: not a pair is not a key=value line, a [group] or a # comment",
            "\(directory)/folder.plugin: cannot be read: is a directory",
            "\(directory)/latin.plugin: cannot be read: it is not UTF-8 text",
            "\(directory)/posts.plugin: \"posts\" is a built-in plugin's name; rename the file",
        ])
    }

    func testNoDirectoryIsNoProblem() {
        let (plugins, problems) = PluginDirectory.load(environment: ["XDG_DATA_HOME": home.path + "/nowhere"], reservedNames: [])
        XCTAssertTrue(plugins.isEmpty)
        XCTAssertTrue(problems.isEmpty)
    }

    func testDefaultsToTheHomeDataDirectory() {
        XCTAssertEqual(PluginDirectory.path(environment: ["HOME": "/home/u"]), "/home/u/.local/share/loadrun/plugins")
        XCTAssertEqual(PluginDirectory.path(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/data"]), "/data/loadrun/plugins")
        XCTAssertEqual(PluginDirectory.path(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "relative"]),
                       "/home/u/.local/share/loadrun/plugins", "the spec ignores relative paths")
    }
}
