import Loader
import XCTest

final class RefreshMachineTests: XCTestCase {
    private typealias Machine = RefreshMachine<Int>
    private let failure = LoadError(.httpStatus, "HTTP 500", httpStatus: 500)

    func testRefreshThenPagesUntilPopulated() {
        var machine = Machine()
        XCTAssertEqual(machine.handle(.trigger(.refresh)), [.publish(from: .initial, to: .refreshing), .fetchFirstPage])
        XCTAssertEqual(machine.handle(.pageLoaded([1, 2], nextPage: "/posts?page=2")), [.publish(from: .refreshing, to: .paginated)])
        XCTAssertEqual(machine.handle(.trigger(.loadMore)), [.publish(from: .paginated, to: .paging), .fetchNextPage(next: "/posts?page=2")])
        XCTAssertEqual(machine.handle(.pageLoaded([3], nextPage: nil)), [.publish(from: .paging, to: .populated)])
        XCTAssertEqual(machine.items, [1, 2, 3], "pages are appended")
        XCTAssertNil(machine.nextPage)
    }

    func testNoActionDuringATransition() {
        var machine = Machine()
        _ = machine.handle(.trigger(.refresh))
        XCTAssertEqual(machine.handle(.trigger(.refresh)), [], "a second refresh is refused")
        XCTAssertEqual(machine.handle(.trigger(.loadMore)), [], "loadMore while refreshing is refused")
        _ = machine.handle(.pageLoaded([1], nextPage: "2"))
        _ = machine.handle(.trigger(.loadMore))
        XCTAssertEqual(machine.state, .paging)
        XCTAssertEqual(machine.handle(.trigger(.loadMore)), [], "loadMore while paging is refused")
        XCTAssertEqual(machine.handle(.trigger(.refresh)), [], "and so is a refresh")
    }

    func testLoadMoreIsRefusedOncePopulatedButRefreshIsNot() {
        var machine = Machine()
        _ = machine.handle(.trigger(.refresh))
        _ = machine.handle(.pageLoaded([1], nextPage: nil))
        XCTAssertEqual(machine.state, .populated)
        XCTAssertFalse(machine.accepts(.loadMore))
        XCTAssertEqual(machine.handle(.trigger(.loadMore)), [])
        XCTAssertEqual(machine.handle(.trigger(.refresh)), [.publish(from: .populated, to: .refreshing), .fetchFirstPage])
    }

    func testRefreshReplacesTheItems() {
        var machine = Machine()
        _ = machine.handle(.trigger(.refresh))
        _ = machine.handle(.pageLoaded([1, 2], nextPage: "2"))
        _ = machine.handle(.trigger(.refresh))
        _ = machine.handle(.pageLoaded([9], nextPage: nil))
        XCTAssertEqual(machine.items, [9])
    }

    func testAFailureKeepsTheItemsBesideTheError() {
        var machine = Machine()
        _ = machine.handle(.trigger(.refresh))
        _ = machine.handle(.pageLoaded([1, 2], nextPage: "2"))
        _ = machine.handle(.trigger(.loadMore))
        XCTAssertEqual(machine.handle(.pageFailed(failure)), [.publish(from: .paging, to: .error(failure))])
        XCTAssertEqual(machine.items, [1, 2])
        XCTAssertTrue(machine.accepts(.refresh), "error is a stable state")
        XCTAssertEqual(machine.handle(.trigger(.loadMore)), [.publish(from: .error(failure), to: .paging), .fetchNextPage(next: "2")],
                       "paging can be tried again from the page that failed")
    }

    func testLateResultsChangeNothing() {
        var machine = Machine()
        XCTAssertEqual(machine.handle(.pageLoaded([1], nextPage: nil)), [])
        XCTAssertEqual(machine.handle(.pageFailed(failure)), [])
        XCTAssertEqual(machine.state, .initial)
        XCTAssertEqual(machine.items, [])
    }

    func testCancelReturnsToWhereTheTransitionBegan() {
        var machine = Machine()
        _ = machine.handle(.trigger(.refresh))
        XCTAssertEqual(machine.handle(.cancelled), [.publish(from: .refreshing, to: .initial)], "a cancelled first load leaves nothing")
        _ = machine.handle(.trigger(.refresh))
        _ = machine.handle(.pageLoaded([1, 2], nextPage: "2"))
        _ = machine.handle(.trigger(.loadMore))
        XCTAssertEqual(machine.handle(.cancelled), [.publish(from: .paging, to: .paginated)])
        XCTAssertEqual(machine.items, [1, 2])
        XCTAssertEqual(machine.handle(.cancelled), [], "nothing to cancel once settled")
        XCTAssertEqual(machine.handle(.trigger(.loadMore)), [.publish(from: .paginated, to: .paging), .fetchNextPage(next: "2")])
    }
}
