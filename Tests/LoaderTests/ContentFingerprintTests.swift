import Loader
import XCTest

/// The fingerprint that tells one load's content from another's, as a value.
final class ContentFingerprintTests: XCTestCase {
    func testTheSameBytesGiveTheSameFingerprintAndAnyChangeAnother() {
        var seen: Set<UInt64> = []
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            XCTAssertEqual(ContentFingerprint.of(bytes), ContentFingerprint.of(bytes))
            XCTAssertTrue(seen.insert(ContentFingerprint.of(bytes)).inserted, "length \(length)")
            for index in bytes.indices {
                var changed = bytes
                changed[index] ^= 1
                XCTAssertNotEqual(ContentFingerprint.of(changed), ContentFingerprint.of(bytes), "byte \(index) of \(length)")
            }
        }
        XCTAssertNotEqual(ContentFingerprint.of([0]), ContentFingerprint.of([0, 0]), "trailing zero bytes count")
        let a = ContentFingerprint.of(Array("page one".utf8)), b = ContentFingerprint.of(Array("page two".utf8))
        XCTAssertNotEqual(ContentFingerprint.combining(a, b), ContentFingerprint.combining(b, a), "pages in their order")
    }
}
