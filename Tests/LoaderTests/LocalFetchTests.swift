import Foundation
import Loader
import TestSupport
import XCTest

/// `file:` URLs through GIO, on the same loop and with the same cap as HTTP.
final class LocalFetchTests: LoopTestCase {
    private var directory: URL!
    private var fetcher: URLFetcher!

    override func setUp() {
        super.setUp()
        fetcher = URLFetcher(loop: loop, http: client)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-local-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        fetcher = nil
        super.tearDown()
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.absoluteString
    }

    private func fetch(_ url: String, options: FetchOptions = FetchOptions()) -> (Result<HTTPResponse, LoadError>?, [LoadProgress]) {
        var result: Result<HTTPResponse, LoadError>?
        var seen: [LoadProgress] = []
        _ = fetcher.fetch(url, options: options, progress: { seen.append($0) }, tap: nil) { result = $0 }
        XCTAssertNil(result, "never completes inside fetch()")
        loop.run(until: { result != nil })
        return (result, seen)
    }

    func testReadsAFileWithItsGuessedMediaTypeAndProgress() throws {
        let text = #"[{"id":1,"title":"t","body":"b"}]"#
        let url = try write("posts.json", text)
        let (result, progress) = fetch(url)
        let response = try XCTUnwrap(result).get()
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), text)
        XCTAssertEqual(response.info.mediaType, "application/json")
        XCTAssertEqual(response.info.url, url)
        XCTAssertEqual(progress.last, LoadProgress(receivedBytes: text.utf8.count, expectedBytes: text.utf8.count))
    }

    func testMissingFilesAndDirectoriesAreClearErrors() throws {
        let missing = directory.appendingPathComponent("nope.json").absoluteString
        guard case .failure(let notFound)? = fetch(missing).0 else { return XCTFail("read a missing file") }
        XCTAssertEqual(notFound.code, .notFound)
        XCTAssertEqual(notFound.description, "there is no file \(directory.path)/nope.json")

        guard case .failure(let isDirectory)? = fetch(directory.absoluteString).0 else { return XCTFail("read a directory") }
        XCTAssertEqual(isDirectory.description, "\(directory.path) is a directory")
    }

    func testFilesOverTheCapAreRefused() throws {
        let url = try write("big.json", String(repeating: "x", count: 5000))
        guard case .failure(let error)? = fetch(url, options: FetchOptions(maxBodySize: 1000)).0 else { return XCTFail("read past the cap") }
        XCTAssertEqual(error.code, .tooLarge)
        XCTAssertTrue(error.description.hasSuffix("big.json is over the 1000 bytes size cap"), error.description)
    }

    /// A FIFO where a file is meant would hang GIO's read in its worker thread, where a cancel
    /// cannot reach it: it is refused before anything opens it for reading.
    func testAFIFOOrADeviceIsRefusedAtOnce() throws {
        let path = directory.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        for (url, kind) in [("file://" + path, "a FIFO"), ("file:///dev/zero", "a character device")] {
            var result: Result<HTTPResponse, LoadError>?
            _ = fetcher.fetch(url, options: FetchOptions(), progress: { _ in }, tap: nil) { result = $0 }
            loop.run(until: { result != nil })
            guard case .failure(let error)? = result else { return XCTFail("\(url) was read") }
            XCTAssertTrue(error.description.hasSuffix("cannot be read: it is \(kind), not a regular file"), error.description)
        }
    }

    func testHTTPStillGoesToTheClient() throws {
        let server = TestServer { server, _ in server.serveSampleContent() }
        XCTAssertEqual(try XCTUnwrap(fetch(server.url("/posts")).0).get().info.status, 200)
    }
}
