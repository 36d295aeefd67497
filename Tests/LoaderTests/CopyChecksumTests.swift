@testable import Loader
import XCTest

/// The stored copies' checksum as a value: it tells any damage from the bytes kept, and
/// copies kept with SHA-256 before it are still checked as they were.
final class CopyChecksumTests: XCTestCase {
    private let headers = Array("ETag: \"1\"\nContent-Type: application/json\n".utf8)
    private let body = Array((0..<1_003).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })

    func testTheSameBytesGiveTheSameChecksumInItsOwnForm() {
        let checksum = CopyChecksum.of(headers: headers, body: body)
        XCTAssertEqual(checksum, CopyChecksum.of(headers: headers, body: body))
        XCTAssertTrue(checksum.hasPrefix("m64:"), checksum)
        XCTAssertEqual(checksum.utf8.count, 20)
        XCTAssertTrue(CopyChecksum.matches(checksum, headers: headers, body: body))
    }

    /// Every single bit flipped, in the words and in the tail, is told.
    func testEveryBitFlippedIsTold() {
        let checksum = CopyChecksum.of(headers: headers, body: body)
        for byte in body.indices {
            for bit in 0..<8 {
                var damaged = body
                damaged[byte] ^= 1 << bit
                XCTAssertFalse(CopyChecksum.matches(checksum, headers: headers, body: damaged), "byte \(byte), bit \(bit)")
            }
        }
    }

    /// The same top bit flipped in two words cancels out in FNV over words; here it is told.
    func testTwoFlipsInDifferentWordsDoNotCancel() {
        let checksum = CopyChecksum.of(headers: headers, body: body)
        for (first, second) in [(7, 15), (7, 1_000 - 1_000 % 8 - 1), (63, 71), (0, 8)] {
            var damaged = body
            damaged[first] ^= 0x80
            damaged[second] ^= 0x80
            XCTAssertFalse(CopyChecksum.matches(checksum, headers: headers, body: damaged), "bytes \(first) and \(second)")
        }
    }

    func testACutOrLengthenedBodyAndHeadersMovedIntoTheBodyAreTold() {
        let checksum = CopyChecksum.of(headers: headers, body: body)
        XCTAssertFalse(CopyChecksum.matches(checksum, headers: headers, body: Array(body.dropLast())))
        XCTAssertFalse(CopyChecksum.matches(checksum, headers: headers, body: body + [0]))
        XCTAssertFalse(CopyChecksum.matches(checksum, headers: [], body: headers + body))
        XCTAssertFalse(CopyChecksum.matches(checksum, headers: headers, body: []))
        XCTAssertNotEqual(CopyChecksum.of(headers: [], body: []), CopyChecksum.of(headers: [], body: [0]))
    }

    /// A copy kept by an earlier loadrun carries SHA-256's hex digest: still checked as such.
    func testASHA256ChecksumFromAnEarlierLoadrunIsStillChecked() {
        let earlier = Checksum.sha256([headers, body])
        XCTAssertEqual(earlier.utf8.count, 64)
        XCTAssertTrue(CopyChecksum.matches(earlier, headers: headers, body: body))
        var damaged = body
        damaged[500] ^= 1
        XCTAssertFalse(CopyChecksum.matches(earlier, headers: headers, body: damaged))
        XCTAssertFalse(CopyChecksum.matches("", headers: headers, body: body))
    }
}
