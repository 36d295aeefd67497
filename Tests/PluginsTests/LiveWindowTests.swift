@testable import Plugins
import XCTest

/// A live stream's window as a value: the last items, by count and by bytes.
final class LiveWindowTests: XCTestCase {
    func testTheLastItemsAreKeptByCount() {
        var window = LiveWindow<Int>(limit: 4, byteLimit: .max)
        for item in 1...11 { window.keep(item, size: 1) }
        XCTAssertEqual(window.current.items, [8, 9, 10, 11])
        XCTAssertEqual(window.current.dropped, 7)
    }

    func testTheBytesAreBoundedButTheLastItemStays() {
        var window = LiveWindow<Int>(limit: 100, byteLimit: 10)
        window.keep(1, size: 4)
        window.keep(2, size: 4)
        XCTAssertEqual(window.current.items, [1, 2])
        window.keep(3, size: 4)
        XCTAssertEqual(window.current.items, [2, 3], "12 bytes do not fit in 10")
        window.keep(4, size: 50)
        XCTAssertEqual(window.current.items, [4], "the last stays whatever its size")
        XCTAssertEqual(window.current.dropped, 3)
    }

    func testItGrewUntilTaken() {
        var window = LiveWindow<Int>(limit: 10, byteLimit: .max)
        XCTAssertFalse(window.grew)
        window.keep(1, size: 1)
        XCTAssertTrue(window.grew)
        XCTAssertEqual(window.taken().items, [1])
        XCTAssertFalse(window.grew)
    }
}
