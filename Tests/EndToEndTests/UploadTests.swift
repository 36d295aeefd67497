import Foundation
import TestSupport
import XCTest

/// `-F` and `-T` against httpbin, beside curl's own requests: the form, the files and the
/// data it saw must be the same.
final class UploadTests: XCTestCase {
    private func directory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-uploads-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        return directory
    }

    /// What httpbin answered curl with `arguments`, as JSON.
    private func curl(_ arguments: [String]) throws -> [String: Any] {
        let curl = Process()
        let output = Pipe()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s"] + arguments
        curl.standardOutput = output
        try curl.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func loadrun(_ arguments: [String]) throws -> [String: Any] {
        let run = try LoadrunProcess(arguments + ["--no-cache", "--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any], run.standardOutput)
    }

    func testAFormReachesHTTPBinAsCurlsDoes() throws {
        let httpbin = try HTTPBinPeer()
        let directory = try directory()
        try "hello file\n".write(toFile: directory + "/up.txt", atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: directory + "/a.png"))
        let form = ["-F", "a=1", "-F", "f=@\(directory)/up.txt", "-F", "p=@\(directory)/a.png;type=image/png", "-F", "n=<\(directory)/up.txt"]
        let ours = try loadrun(form + [httpbin.url("/post")])
        let theirs = try curl(form + [httpbin.url("/post")])
        for field in ["form", "files", "data"] {
            XCTAssertEqual(ours[field] as? NSObject, theirs[field] as? NSObject, field)
        }
        XCTAssertEqual((ours["form"] as? [String: String])?["a"], "1")
        let type = (ours["headers"] as? [String: String])?["Content-Type"] ?? ""
        XCTAssertTrue(type.hasPrefix("multipart/form-data; boundary="), type)
    }

    func testAnUploadIsAPutOfTheFileAsCurlsIs() throws {
        let httpbin = try HTTPBinPeer()
        let directory = try directory()
        let text = String(repeating: "a line of the file to send\n", count: 2000)
        try text.write(toFile: directory + "/big.txt", atomically: true, encoding: .utf8)
        let ours = try loadrun(["-T", directory + "/big.txt", httpbin.url("/put")])
        let theirs = try curl(["-T", directory + "/big.txt", httpbin.url("/put")])
        XCTAssertEqual(ours["data"] as? String, text)
        for field in ["form", "files", "data"] {
            XCTAssertEqual(ours[field] as? NSObject, theirs[field] as? NSObject, field)
        }
        let posted = try loadrun(["-T", directory + "/big.txt", "-X", "POST", httpbin.url("/post")])
        XCTAssertEqual(posted["data"] as? String, text, "-X gives another method")

        let fifo = directory + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let refused = try LoadrunProcess(["-T", fifo, httpbin.url("/put")])
        XCTAssertEqual(refused.waitForExit(), .exited(64), "a FIFO is never waited on")
        XCTAssertTrue(refused.standardError.contains("not a regular file"), refused.standardError)
        let both = try LoadrunProcess(["-F", "a=1", "-d", "x", httpbin.url("/post")])
        XCTAssertEqual(both.waitForExit(), .exited(64))
    }
}
