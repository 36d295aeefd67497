import Foundation
@testable import LoadrunCLI
import XCTest

/// The words the shell's Tab offers after `--source`, read from the line being completed.
final class CompletionWordsTests: XCTestCase {
    func testTheSourcesFileIsTheOneTheLineNames() {
        XCTAssertNil(CompletionWords.configPath(in: ["loadrun", "--source", ""], home: "/home/a"))
        XCTAssertEqual(CompletionWords.configPath(in: ["loadrun", "--config", "a.conf", "--source", ""], home: nil), "a.conf")
        XCTAssertEqual(CompletionWords.configPath(in: ["loadrun", "--config=a.conf", "--config", "b.conf"], home: nil), "b.conf",
                       "the last one, as the parser takes it")
        XCTAssertEqual(CompletionWords.configPath(in: ["loadrun", "--config", "'my sources.conf'"], home: nil), "my sources.conf")
        XCTAssertEqual(CompletionWords.configPath(in: ["loadrun", "--config", "\"x.conf\""], home: nil), "x.conf")
        XCTAssertEqual(CompletionWords.configPath(in: ["loadrun", "--config", "~/s.conf"], home: "/home/a"), "/home/a/s.conf")
        XCTAssertNil(CompletionWords.configPath(in: ["loadrun", "--config"], home: nil), "no value typed yet")
    }

    func testSourceNamesComeFromTheFileAndFallBackToTheBuiltInsWhenItDoesNotLoad() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.conf").path
        let broken = directory.appendingPathComponent("broken.conf").path
        try "[source status]\nurl=https://status.example.com/posts\n".write(toFile: good, atomically: true, encoding: .utf8)
        try "[source status]\nurl=https://status.example.com/posts\nplugin=nonesuch\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let context = RunContext(environment: ProcessEnvironment.variables)

        XCTAssertEqual(CompletionWords.sources(commandLine: ["loadrun", "--config", good, "--source", ""], in: context),
                       ["posts", "articles", "images", "status"])
        XCTAssertEqual(CompletionWords.sources(commandLine: ["loadrun", "--config", broken, "--source", ""], in: context),
                       ["posts", "articles", "images"])
        XCTAssertEqual(CompletionWords.sources(commandLine: ["loadrun", "--config", directory.path + "/absent.conf", "--source", ""], in: context),
                       ["posts", "articles", "images"])
    }
}
