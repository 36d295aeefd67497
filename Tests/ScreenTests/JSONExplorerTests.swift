import LoadCore
import XCTest
@testable import Screen

/// The JSON explorer as a value: what its rows say as keys fold and move it, its paths, its
/// copies, its jumps and searches, and what a new version keeps and marks.
final class JSONExplorerTests: XCTestCase {
    /// `{"users": [4 users with an address], "posts": [2 posts], "a b": 1}`.
    private func document(street: String = "Kattie Turnpike", extraPost: Bool = false) -> JSON {
        let users: [JSON] = (1...4).map { id in
            .object([.init("id", .number("\(id)")), .init("name", .string("User \(id)")),
                     .init("address", .object([.init("street", .string(id == 4 ? street : "Street \(id)")), .init("city", .string("City"))]))])
        }
        var posts: [JSON] = (1...2).map { .object([.init("id", .number("\($0)")), .init("title", .string("Post \($0)"))]) }
        if extraPost { posts.append(.object([.init("id", .number("3")), .init("title", .string("Post 3"))])) }
        return .object([.init("users", .array(users)), .init("posts", .array(posts)), .init("a b", .number("1"))])
    }

    /// The rows as plain text, the gutter left out.
    private func text(_ explorer: JSONExplorer, height: Int = 200, width: Int = 80) -> [String] {
        explorer.visibleRows(height: height, width: width, styled: false).map { String($0.dropFirst(2)) }
    }

    private func press(_ explorer: inout JSONExplorer, _ keys: String) {
        for character in keys { _ = explorer.handle(.character(character), height: 30) }
    }

    func testItReadsAsJqPrintsIt() {
        let explorer = JSONExplorer(document())
        let rows = text(explorer)
        XCTAssertEqual(rows.prefix(4), ["{", "  \"users\": [", "    {", "      \"id\": 1,"])
        XCTAssertEqual(rows.last, "}")
        XCTAssertTrue(rows.contains("  \"a b\": 1"))
        XCTAssertEqual(explorer.cursorPath.jq, ".")
    }

    func testFoldingAContainerShowsItsSizeOnOneLine() {
        var explorer = JSONExplorer(document())
        press(&explorer, "j")
        XCTAssertEqual(explorer.cursorPath.jq, ".users")
        press(&explorer, "h")
        XCTAssertEqual(text(explorer)[1], "  \"users\": [4 items],")
        XCTAssertEqual(text(explorer)[2], "  \"posts\": [", "the next member follows it")
        press(&explorer, "h")
        XCTAssertEqual(explorer.cursorPath.jq, ".", "h on a folded container goes to its parent")
        press(&explorer, "jl")
        XCTAssertEqual(text(explorer)[1], "  \"users\": [")
        press(&explorer, "l")
        XCTAssertEqual(explorer.cursorPath.jq, ".users[0]", "l on an open container goes into it")
        _ = explorer.handle(.enter, height: 30)
        XCTAssertEqual(text(explorer)[2], "    {3 keys},")
    }

    func testZMThenZ2ShowsTheTopTwoLevels() {
        var explorer = JSONExplorer(document())
        press(&explorer, "zM")
        XCTAssertEqual(text(explorer), ["{", "  \"users\": [4 items],", "  \"posts\": [2 items],", "  \"a b\": 1", "}"])
        press(&explorer, "z2")
        XCTAssertEqual(Array(text(explorer).prefix(4)), ["{", "  \"users\": [", "    {3 keys},", "    {3 keys},"])
        XCTAssertFalse(text(explorer).contains { $0.contains("\"street\"") })
        press(&explorer, "zR")
        XCTAssertTrue(text(explorer).contains { $0.contains("\"street\"") })
    }

    func testPathsAreJqsAndRoundTrip() {
        let paths = [".users[3].address.street", ".[\"a b\"]", ".[0][1]", "."]
        for path in paths { XCTAssertEqual(JSONPath.parse(path)?.jq, path) }
        XCTAssertEqual(JSONPath.parse("users[3]")?.jq, ".users[3]")
        XCTAssertEqual(JSONPath.parse(".\"a b\".c")?.jq, ".[\"a b\"].c")
        XCTAssertEqual(JSONPath([.key("é"), .key("x\ny")]).jq, ".[\"é\"].[\"x\\ny\"]")
        XCTAssertEqual(JSONPath.parse(".[\"x\\ny\"]")?.steps, [.key("x\ny")])
        for nonsense in ["", "..", ".a.", ".[x]", ".a[", "a b"] { XCTAssertNil(JSONPath.parse(nonsense), nonsense) }
    }

    func testJumpOpensWhatItMustAndCopiesGiveThePathAndTheValue() {
        var explorer = JSONExplorer(document())
        press(&explorer, "zM")
        XCTAssertTrue(explorer.jump(to: JSONPath.parse(".users[3].address.street")!))
        XCTAssertEqual(explorer.cursorPath.jq, ".users[3].address.street")
        XCTAssertTrue(text(explorer).contains("        \"street\": \"Kattie Turnpike\","))
        XCTAssertEqual(explorer.handle(.character("y"), height: 30), .handled)
        XCTAssertEqual(explorer.prefixFooter?.hasPrefix("y…"), true)
        XCTAssertEqual(explorer.handle(.character("p"), height: 30), .copy(".users[3].address.street"))
        press(&explorer, "h")
        XCTAssertEqual(explorer.cursorPath.jq, ".users[3].address")
        press(&explorer, "y")
        XCTAssertEqual(explorer.handle(.character("y"), height: 30),
                       .copy("{\n  \"street\": \"Kattie Turnpike\",\n  \"city\": \"City\"\n}"))
        press(&explorer, "y")
        XCTAssertEqual(explorer.handle(.character("u"), height: 30), .copyURL)
        XCTAssertFalse(explorer.jump(to: JSONPath.parse(".users[9]")!))
    }

    func testSearchFindsKeysAndValuesAndOpensTheirContainers() {
        var explorer = JSONExplorer(document())
        press(&explorer, "zM")
        XCTAssertTrue(explorer.find("kattie"))
        XCTAssertEqual(explorer.cursorPath.jq, ".users[3].address.street")
        XCTAssertEqual(explorer.search?.count, 1)
        XCTAssertTrue(explorer.find("title"))
        XCTAssertEqual(explorer.cursorPath.jq, ".posts[0].title")
        XCTAssertEqual(explorer.search?.count, 2)
        press(&explorer, "n")
        XCTAssertEqual(explorer.cursorPath.jq, ".posts[1].title")
        press(&explorer, "n")
        XCTAssertEqual(explorer.cursorPath.jq, ".posts[0].title", "round past the end")
        XCTAssertFalse(explorer.find("Title"), "an uppercase letter makes case count")
    }

    func testANewVersionKeepsFoldsAndCursorByPathAndMarksWhatChanged() {
        var explorer = JSONExplorer(document())
        XCTAssertTrue(explorer.jump(to: JSONPath.parse(".posts")!))
        press(&explorer, "h")
        XCTAssertTrue(explorer.jump(to: JSONPath.parse(".users[3].address.street")!))
        explorer.replace(with: document(street: "Elm", extraPost: true), marking: true)
        XCTAssertEqual(explorer.cursorPath.jq, ".users[3].address.street", "the cursor stays on its path")
        let rows = explorer.visibleRows(height: 200, width: 80, styled: false)
        XCTAssertTrue(rows.contains("  \"posts\": [3 items],") || rows.contains("~   \"posts\": [3 items],"), "\(rows)")
        XCTAssertTrue(rows.contains("~   \"posts\": [3 items],"), "a folded container holding a change is marked")
        XCTAssertTrue(rows.contains { $0.hasPrefix("▌") && $0.contains("\"Elm\"") }, "the changed value, under the cursor")
        XCTAssertEqual(explorer.changes?.summary, "1 changed, 1 added")
        explorer.replace(with: document(street: "Elm"), marking: true)
        XCTAssertEqual(explorer.changes?.summary, "1 removed")
        press(&explorer, "gj")
        XCTAssertTrue(explorer.jump(to: JSONPath.parse(".posts")!))
        press(&explorer, "l")
        let ghost = explorer.visibleRows(height: 200, width: 80, styled: false).first { $0.hasPrefix("-") }
        XCTAssertEqual(ghost, "-     {2 keys}", "the post that went shows where it was, struck through when styled")
    }

    func testEveryLevelOfADeepDocumentIsIndentedFurtherOrSaysItsDepth() {
        var value = JSON.string("bottom")
        for level in (0..<60).reversed() { value = .object([.init("level\(level)", value)]) }
        var explorer = JSONExplorer(value)
        press(&explorer, "G")
        XCTAssertEqual(explorer.cursorPath.steps.count, 60)
        let rows = explorer.visibleRows(height: 35, width: 120, styled: false)
        var lastColumn = -1
        var lastDepthSaid = -1
        for row in rows.map({ String($0.dropFirst(2)) }) where !row.hasPrefix("}") && !row.trimmingCharacters(in: " ‹").hasPrefix("}") {
            if row.hasPrefix("‹"), let depth = Int(row.dropFirst().prefix { $0.isNumber }) {
                XCTAssertGreaterThan(depth, lastDepthSaid, row)
                lastDepthSaid = depth
                continue
            }
            let column = row.prefix { $0 == " " || $0 == "‹" }.count
            XCTAssertGreaterThan(column, lastColumn, "levels never stack in one column: \(row)")
            lastColumn = column
        }
        XCTAssertTrue(rows.last { $0.contains("bottom") }.map { $0.contains("\"level59\": \"bottom\"") } == true)
    }

    func testAMillionValuesAreIndexedAndLaidOut() {
        let records = JSON.array((0..<100_000).map { id in
            .object((0..<9).map { .init("f\($0)", .number("\(id)")) })
        })
        let explorer = JSONExplorer(records)
        XCTAssertEqual(explorer.outline.count, 1_000_001)
        XCTAssertEqual(explorer.rows.count, 1_000_001 + 100_001)
        XCTAssertEqual(explorer.visibleRows(height: 3, width: 80, styled: false).count, 3)
    }
}
