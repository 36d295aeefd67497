import Foundation
import TestSupport
import XCTest

/// `loadrun sources --import` and `--export` with a real sources file and a real server: the
/// imported feeds are sources that `--all` loads, and a second import adds nothing.
final class OPMLTests: XCTestCase {
    private var directory: URL!
    private var config: String { directory.appendingPathComponent("loadrun/sources.conf").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-opml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private static func feed(_ title: String) -> String {
        "<rss version=\"2.0\"><channel><title>\(title)</title><item><title>Entry of \(title)</title><guid>1</guid></item></channel></rss>"
    }

    func testImportedFeedsAreSourcesThatAllLoadsAndASecondImportAddsNone() throws {
        let server = TestServer { server, _ in
            server.route("/one.xml", TestRoutes.fixed(contentType: "application/rss+xml", Self.feed("Feed One")))
            server.route("/two.xml", TestRoutes.fixed(contentType: "application/rss+xml", Self.feed("Feed Two")))
        }
        let opml = directory.appendingPathComponent("subscriptions.opml").path
        try """
            <?xml version="1.0"?>
            <opml version="2.0"><head><title>Mine</title></head><body>
              <outline text="Tech"><outline text="Feed One" type="rss" xmlUrl="\(server.url("/one.xml"))"/></outline>
              <outline text="Feed Two" type="rss" xmlUrl="\(server.url("/two.xml"))"/>
            </body></opml>
            """.write(toFile: opml, atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": directory.path, "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
                           "XDG_STATE_HOME": directory.appendingPathComponent("state").path]

        let first = try LoadrunProcess(["sources", "--import", opml], environment: environment)
        XCTAssertEqual(first.waitForExit(), .exited(0), first.standardError)
        XCTAssertEqual(first.standardErrorLines, ["loadrun: added 2 sources to \(config): Tech.Feed-One, Feed-Two"])
        let again = try LoadrunProcess(["sources", "--import", opml], environment: environment)
        XCTAssertEqual(again.waitForExit(), .exited(0), again.standardError)
        XCTAssertEqual(again.standardErrorLines, ["loadrun: no new feeds in \(opml); 2 already there"])

        let all = try LoadrunProcess(["--all"], environment: environment)
        XCTAssertEqual(all.waitForExit(), .exited(0), all.standardError)
        XCTAssertTrue(all.standardOutput.contains("Entry of Feed One") && all.standardOutput.contains("Entry of Feed Two"), all.standardOutput)

        let export = try LoadrunProcess(["sources", "--export"], environment: environment)
        XCTAssertEqual(export.waitForExit(), .exited(0), export.standardError)
        XCTAssertTrue(export.standardOutput.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"), export.standardOutput)
        XCTAssertTrue(export.standardOutput.contains("text=\"Tech.Feed-One\" title=\"Tech.Feed-One\" xmlUrl=\"\(server.url("/one.xml"))\""),
                      export.standardOutput)
        XCTAssertEqual(export.standardError, "", "built-ins are not counted as left out")
    }

    func testAFileThatIsNotOPMLIsAUsageErrorAndTheSourcesFileIsUntouched() throws {
        let notOPML = directory.appendingPathComponent("feeds.txt").path
        try "https://a.example/feed\n".write(toFile: notOPML, atomically: true, encoding: .utf8)
        let run = try LoadrunProcess(["sources", "--import", notOPML], environment: ["XDG_CONFIG_HOME": directory.path])
        XCTAssertEqual(run.waitForExit(), .exited(64))
        XCTAssertTrue(run.standardError.hasPrefix("loadrun: --import: \(notOPML) is not"), run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: config))
    }

    /// An outline whose xmlUrl is no URL is left out and counted; a broken group keeps its name.
    func testUnreadableURLsAreCountedAndABrokenGroupsNameIsNotTaken() throws {
        let opml = directory.appendingPathComponent("odd.opml").path
        try """
            <opml version="2.0"><body>
              <outline text="Good" xmlUrl="https://ok.example/feed"/>
              <outline text="Spaced" xmlUrl="https://bad example/ feed"/>
              <outline text="broken" xmlUrl="https://b.example/feed"/>
            </body></opml>
            """.write(toFile: opml, atomically: true, encoding: .utf8)
        let conf = directory.appendingPathComponent("odd.conf").path
        try "[source broken]\nurl=http://x/\nintervall=3s\n".write(toFile: conf, atomically: true, encoding: .utf8)
        let run = try LoadrunProcess(["sources", "--import", opml, "--config", conf])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardErrorLines, ["loadrun: added 2 sources to \(conf): Good, broken-2; 1 left out, whose xmlUrl is no URL"])
        XCTAssertTrue(try String(contentsOfFile: conf, encoding: .utf8).hasSuffix("[source broken-2]\nurl=https://b.example/feed\nplugin=feed\n"))
    }

    /// A feed the sources file would refuse (ftp://) is left out and said: imported, it would
    /// make every later run of the file a usage error.
    func testAFeedLoadrunCannotLoadIsLeftOutAndTheFileStillLoads() throws {
        let server = TestServer { server, _ in
            server.route("/one.xml", TestRoutes.fixed(contentType: "application/rss+xml", Self.feed("Feed One")))
        }
        let opml = directory.appendingPathComponent("mixed.opml").path
        try """
            <opml version="2.0"><body>
              <outline text="One" xmlUrl="\(server.url("/one.xml"))"/>
              <outline text="Old" xmlUrl="ftp://files.example/feed.xml"/>
            </body></opml>
            """.write(toFile: opml, atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": directory.path, "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
                           "XDG_STATE_HOME": directory.appendingPathComponent("state").path]
        let run = try LoadrunProcess(["sources", "--import", opml], environment: environment)
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardErrorLines.count, 1, run.standardError)
        XCTAssertTrue(run.standardError.hasPrefix("loadrun: added 1 source to \(config): One; 1 left out that loadrun cannot load: ftp://files.example/feed.xml has the scheme ftp:, which loadrun does not load (only http, https and file)"),
                      run.standardError)
        let all = try LoadrunProcess(["--all"], environment: environment)
        XCTAssertEqual(all.waitForExit(), .exited(0), "the sources file still loads: \(all.standardError)")
        XCTAssertTrue(all.standardOutput.contains("Entry of Feed One"), all.standardOutput)
    }

    private func opml(feeds count: Int) throws -> String {
        let path = directory.appendingPathComponent("many.opml").path
        let outlines = (1...count).map { #"<outline text="Feed \#($0)" xmlUrl="https://f\#($0).example/feed.xml"/>"# }
        try "<opml version=\"2.0\"><body>\n\(outlines.joined(separator: "\n"))\n</body></opml>\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Imports at once add each feed once: each reads the file after the one before wrote it.
    func testImportsAtOnceAddEachFeedOnce() throws {
        let opml = try opml(feeds: 3000)
        let environment = ["XDG_CONFIG_HOME": directory.path]
        let imports = try (0..<6).map { _ in try LoadrunProcess(["sources", "--import", opml], environment: environment) }
        for run in imports { XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError) }
        let text = try String(contentsOfFile: config, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "[source ").count - 1, 3000, "no group twice")
        XCTAssertEqual(imports.filter { $0.standardError.contains("added 3000 sources") }.count, 1, imports.map(\.standardError).joined())
    }

    /// A write that cannot finish (here past `ulimit -f`, as on a full disk) leaves the
    /// sources file as it was, never cut mid-line.
    func testAnImportThatCannotBeWrittenLeavesTheFileWhole() throws {
        let opml = try opml(feeds: 100)
        try FileManager.default.createDirectory(atPath: directory.appendingPathComponent("loadrun").path, withIntermediateDirectories: true)
        let before = "[source mine]\nurl=https://mine.example/feed\nplugin=feed\n"
        try before.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try LoadrunProcess(shell: "ulimit -f 4; exec \"$LOADRUN\" sources --import '\(opml)'", environment: ["XDG_CONFIG_HOME": directory.path])
        XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
        XCTAssertTrue(run.standardError.hasPrefix("loadrun: cannot add to \(config): "), run.standardError)
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), before)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("loadrun").path)
        XCTAssertEqual(left, ["sources.conf"], "no half-written file left beside it")
    }

    func testAnExportSaysThatAPasswordIsNotWrittenOut() throws {
        let conf = directory.appendingPathComponent("secret.conf").path
        try "[source private]\nurl=https://ada:s3cret@feeds.example/x.xml\nplugin=feed\n".write(toFile: conf, atomically: true, encoding: .utf8)
        chmod(conf, 0o600)
        let export = try LoadrunProcess(["sources", "--export", "--config", conf])
        XCTAssertEqual(export.waitForExit(), .exited(0), export.standardError)
        XCTAssertFalse(export.standardOutput.contains("s3cret"), export.standardOutput)
        XCTAssertTrue(export.standardOutput.contains("https://ada:***@feeds.example/x.xml"), export.standardOutput)
        XCTAssertTrue(export.standardError.contains("loadrun: warning: the password in the URL of private is written as ***"), export.standardError)
    }

    /// Issue 57 saw exports that were not well-formed for URLs holding `&`, `"`, `<`, `>`, and
    /// with 100,000 outlines. xmllint, libxml2's own reader, is the judge here.
    func testAnExportIsWellFormedXMLWhateverItsURLsHold() throws {
        let conf = directory.appendingPathComponent("odd.conf").path
        var text = "[source odd]\nurl=https://feeds.example/x.xml?a=1&b=<2>&c='3'\nplugin=feed\n"
        for index in 0..<2_000 { text += "[source f\(index)]\nurl=https://feeds.example/\(index).xml?q=a&r=b\nplugin=feed\n" }
        try text.write(toFile: conf, atomically: true, encoding: .utf8)
        let opml = directory.appendingPathComponent("out.opml").path
        let export = try LoadrunProcess(shell: #""$LOADRUN" sources --export --config "$0" > "$1" && xmllint --noout "$1" && echo well-formed"#,
                                        arguments: [conf, opml])
        XCTAssertEqual(export.waitForExit(), .exited(0), export.standardError)
        XCTAssertEqual(export.standardOutput, "well-formed\n", export.standardError)
        let written = try String(contentsOfFile: opml, encoding: .utf8)
        XCTAssertTrue(written.contains("xmlUrl=\"https://feeds.example/x.xml?a=1&amp;b=&lt;2&gt;&amp;c='3'\""), String(written.prefix(600)))
    }
}
