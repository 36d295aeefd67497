import Loader
import XCTest

final class RefreshMachineTests: XCTestCase {
    private typealias Machine = RefreshMachine<Int>

    func testRefreshThenPagesUntilPopulated() {
        var machine = Machine()
        XCTAssertEqual(machine.trigger(.refresh), .fetchFirstPage)
        XCTAssertEqual(machine.state, .refreshing)
        machine.handle(.pageLoaded([1, 2], nextPage: "/posts?page=2"))
        XCTAssertEqual(machine.state, .paginated)
        XCTAssertEqual(machine.trigger(.loadMore), .fetchNextPage(next: "/posts?page=2"))
        XCTAssertEqual(machine.state, .paging)
        machine.handle(.pageLoaded([3], nextPage: nil))
        XCTAssertEqual(machine.state, .populated)
        XCTAssertEqual(machine.items, [1, 2, 3], "pages are appended")
        XCTAssertNil(machine.nextPage)
    }

    func testNoActionDuringATransition() {
        var machine = Machine()
        _ = machine.trigger(.refresh)
        XCTAssertNil(machine.trigger(.refresh), "a second refresh is refused")
        XCTAssertNil(machine.trigger(.loadMore), "loadMore while refreshing is refused")
        machine.handle(.pageLoaded([1], nextPage: "2"))
        _ = machine.trigger(.loadMore)
        XCTAssertEqual(machine.state, .paging)
        XCTAssertNil(machine.trigger(.loadMore), "loadMore while paging is refused")
        XCTAssertNil(machine.trigger(.refresh), "and so is a refresh")
        XCTAssertEqual(machine.state, .paging)
    }

    func testLoadMoreIsRefusedOncePopulatedButRefreshIsNot() {
        var machine = Machine()
        _ = machine.trigger(.refresh)
        machine.handle(.pageLoaded([1], nextPage: nil))
        XCTAssertEqual(machine.state, .populated)
        XCTAssertFalse(machine.accepts(.loadMore))
        XCTAssertNil(machine.trigger(.loadMore))
        XCTAssertEqual(machine.trigger(.refresh), .fetchFirstPage)
    }

    func testRefreshReplacesTheItems() {
        var machine = Machine()
        _ = machine.trigger(.refresh)
        machine.handle(.pageLoaded([1, 2], nextPage: "2"))
        _ = machine.trigger(.refresh)
        machine.handle(.pageLoaded([9], nextPage: nil))
        XCTAssertEqual(machine.items, [9])
    }

    func testAFailureKeepsTheItems() {
        var machine = Machine()
        _ = machine.trigger(.refresh)
        machine.handle(.pageLoaded([1, 2], nextPage: "2"))
        _ = machine.trigger(.loadMore)
        machine.handle(.pageFailed)
        XCTAssertEqual(machine.state, .failed)
        XCTAssertEqual(machine.items, [1, 2])
        XCTAssertTrue(machine.accepts(.refresh), "failed is a stable state")
        XCTAssertEqual(machine.trigger(.loadMore), .fetchNextPage(next: "2"), "paging can be tried again from the page that failed")
    }

    func testLateResultsChangeNothing() {
        var machine = Machine()
        machine.handle(.pageLoaded([1], nextPage: nil))
        machine.handle(.pageFailed)
        XCTAssertEqual(machine.state, .initial)
        XCTAssertEqual(machine.items, [])
    }

    func testCancelReturnsToWhereTheTransitionBegan() {
        var machine = Machine()
        _ = machine.trigger(.refresh)
        machine.handle(.cancelled)
        XCTAssertEqual(machine.state, .initial, "a cancelled first load leaves nothing")
        _ = machine.trigger(.refresh)
        machine.handle(.pageLoaded([1, 2], nextPage: "2"))
        _ = machine.trigger(.loadMore)
        machine.handle(.cancelled)
        XCTAssertEqual(machine.state, .paginated)
        XCTAssertEqual(machine.items, [1, 2])
        machine.handle(.cancelled)
        XCTAssertEqual(machine.state, .paginated, "nothing to cancel once settled")
        XCTAssertEqual(machine.trigger(.loadMore), .fetchNextPage(next: "2"))
    }
}
