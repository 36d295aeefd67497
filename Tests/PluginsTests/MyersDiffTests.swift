@testable import Plugins
import XCTest

/// The line diff as a value: Myers' shortest edit, checked against the longest common
/// subsequence it must keep, and a size a table could not hold.
final class MyersDiffTests: XCTestCase {
    /// The length of the longest common subsequence, by the table: the oracle.
    private func lcs(_ a: [Int], _ b: [Int]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    func testTheEditIsAShortestOneAndRebuildsBothSides() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<2000 {
            let alphabet = round % 3 + 2
            let a = (0..<Int.random(in: 0...14, using: &generator)).map { _ in Int.random(in: 0..<alphabet, using: &generator) }
            let b = (0..<Int.random(in: 0...14, using: &generator)).map { _ in Int.random(in: 0..<alphabet, using: &generator) }
            let steps = MyersDiff.edit(from: a, to: b)
            let kept = steps.filter { $0.kind == .same }
            XCTAssertEqual(kept.count, lcs(a, b), "\(a) → \(b)")
            XCTAssertEqual(steps.filter { $0.kind != .added }.map(\.index), Array(a.indices), "every old element, in order: \(a) → \(b)")
            var j = 0
            var rebuilt: [Int] = []
            for step in steps {
                switch step.kind {
                case .same:
                    XCTAssertEqual(a[step.index], b[j], "\(a) → \(b)")
                    rebuilt.append(a[step.index])
                    j += 1
                case .added:
                    XCTAssertEqual(step.index, j, "\(a) → \(b)")
                    rebuilt.append(b[step.index])
                    j += 1
                case .removed: break
                }
            }
            XCTAssertEqual(rebuilt, b, "\(a) → \(b)")
        }
    }

    func testOneLineInsertedInFourThousandIsOneLineAdded() {
        let old = (0..<4000).map { "line \($0)" }
        var new = old
        new.insert("inserted", at: 1234)
        let lines = LineDiff.lines(from: old, to: new)
        XCTAssertEqual(lines.filter { $0 != .same($0.text) }, [.added("inserted")])
        XCTAssertEqual(LineDiff.hunks(lines, context: 1), ["  line 1233", "+ inserted", "  line 1234"])
    }

    func testUnrelatedTextsPastTheBudgetAreOneRemovalAndOneAddition() {
        let old = (0..<30000).map { "old \($0)" }
        let new = (0..<30000).map { "new \($0)" }
        let lines = LineDiff.lines(from: old, to: new)
        XCTAssertEqual(lines.count, 60000)
        XCTAssertEqual(lines.first, .removed("old 0"))
        XCTAssertEqual(lines.last, .added("new 29999"))
    }
}

private extension LineDiff.Line {
    var text: String {
        switch self {
        case .same(let text), .removed(let text), .added(let text): text
        }
    }
}
