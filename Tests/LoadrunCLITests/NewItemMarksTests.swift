@testable import LoadrunCLI
import Plugins
import XCTest

/// A watch on a pipe marks the items that are new by id, as a value.
final class NewItemMarksTests: XCTestCase {
    private let rendered = RenderedItems(text: "Feed\n\n1  first\n   body\n2  second\n… 1 more\n", itemLines: [2, 4], end: 5)

    func testANewItemsFirstLineIsMarkedAndEveryLineKeepsItsColumn() {
        XCTAssertEqual(NewItemMarks.marked(rendered, new: [1]), "  Feed\n\n  1  first\n     body\n+ 2  second\n  … 1 more\n")
    }

    func testNothingNewKeepsTheGutterSoThatColumnsNeverMove() {
        XCTAssertEqual(NewItemMarks.marked(rendered, new: []), "  Feed\n\n  1  first\n     body\n  2  second\n  … 1 more\n")
    }

    func testOnlyItemsWithIdsCanBeNew() {
        XCTAssertEqual(NewItemMarks.new(["id:1", "id:2", "#2", "id:3"], since: ["id:1", "#0"]), [1, 3])
    }
}
