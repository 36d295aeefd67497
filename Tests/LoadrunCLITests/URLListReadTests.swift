import Foundation
@testable import LoadrunCLI
@testable import Plan
import XCTest

/// `--url-file` read from the file system (`URLList+Read`, the command line's part): what
/// cannot be read is named with the system's reason; the plan only parses what was read.
final class URLListReadTests: XCTestCase {
    func testAFileThatCannotBeReadIsNamedWithTheSystemsReason() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-urllist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.txt").path
        XCTAssertEqual(URLList.read(missing).failure?.message,
                       "--url-file \(missing): no such file; give a file of URLs, one a line, or - for standard input")
        XCTAssertEqual(URLList.read(directory.path).failure?.message, "--url-file \(directory.path): cannot read it: is a directory")
        let latin1 = directory.appendingPathComponent("latin1.txt")
        try Data([0x68, 0x74, 0x74, 0x70, 0xE9, 0x0A]).write(to: latin1)
        XCTAssertEqual(URLList.read(latin1.path).failure?.message, "--url-file \(latin1.path): is not UTF-8 text; give one URL a line")
        let good = directory.appendingPathComponent("urls.txt")
        try "http://h/a\n".write(to: good, atomically: true, encoding: .utf8)
        XCTAssertEqual(try URLList.read(good.path).get().entries, [URLList.Entry(line: 1, text: "http://h/a")])
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
