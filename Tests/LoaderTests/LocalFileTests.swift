import Foundation
import Loader
import XCTest

/// `LocalFile.contains`: the look at a CA file, which stops at the first marker and must find
/// one cut between two of its pieces.
final class LocalFileTests: XCTestCase {
    private let marker = "-----BEGIN CERTIFICATE-----"

    private func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-localfile-\(UUID().uuidString)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testFindsTheMarkerAtTheStartAcrossEveryPieceBoundaryAndNowhere() throws {
        XCTAssertEqual(LocalFile.contains(marker, in: try file(marker + "\nMIIB...\n")), .success(true))
        // The file is read 16 KiB at a time: put the marker across the first boundary at
        // every cut, and past it.
        for offset in (16 * 1024 - marker.utf8.count)...(16 * 1024 + 1) {
            let text = String(repeating: "#", count: offset) + marker
            XCTAssertEqual(LocalFile.contains(marker, in: try file(text)), .success(true), "at \(offset)")
        }
        let almost = String(repeating: "x", count: 40_000) + String(marker.dropLast())
        XCTAssertEqual(LocalFile.contains(marker, in: try file(almost)), .success(false))
        XCTAssertEqual(LocalFile.contains(marker, in: try file("")), .success(false))
    }

    func testAMissingFileOrADirectoryIsTheSystemsReason() {
        XCTAssertEqual(LocalFile.contains(marker, in: "/nonexistent/loadrun-ca.pem"), .failure(.missing))
        guard case .failure(.failed(let reason)) = LocalFile.contains(marker, in: NSTemporaryDirectory()) else {
            return XCTFail("a directory is not a CA file")
        }
        XCTAssertEqual(reason, "is a directory")
    }

    /// A device that never ends, or a FIFO that would wait for a writer, is not read at all;
    /// /dev/null is an empty file.
    func testOnlyARegularFileIsRead() throws {
        XCTAssertEqual(LocalFile.contains(marker, in: "/dev/zero"), .failure(.failed(reason: "it is a character device, not a regular file")))
        let fifo = NSTemporaryDirectory() + "loadrun-fifo-\(getpid())"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        XCTAssertEqual(LocalFile.read(fifo, limit: 1024), .failure(.failed(reason: "it is a FIFO, not a regular file")))
        XCTAssertEqual(LocalFile.read("/dev/null", limit: 1024), .success([]))
    }
}
