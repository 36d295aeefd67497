@testable import LoadrunCLI
import Loader
import Plugins
import Screen
import TerminalText
import XCTest

/// A watched list as it changes under the user: the selection stays on its item, and what was
/// added, changed and removed is marked, each its own way, until the next change.
final class ScreenChangesTests: XCTestCase {
    private let start = ContinuousClock.now
    private let noon = WallTime(seconds: 43_200, timeOfDay: "12:00:00")

    private func posts(_ ids: [Int], titles: [Int: String] = [:]) -> AnyContent {
        AnyContent(ids.map { Post(id: $0, title: titles[$0] ?? "title \($0)", body: "body \($0)") }, decoder: PostsPlugin())
    }

    private func model(styled: Bool = false, rows: Int = 20) -> ScreenModel {
        let renderer = PluginScreenRenderer(plugins: .default(), base: RenderContext(width: 60, allowsStyling: styled),
                                            selections: [.fixed(AnyContentDecoder(PostsPlugin()))])
        return ScreenModel(sources: [SourceFacts(name: "posts", state: .loading(LoadProgress(), lastGood: nil))], rows: rows,
                           columns: 60, reloadsOnInterval: true, readsKeys: true, renderer: renderer)
    }

    private func load(_ model: inout ScreenModel, _ content: AnyContent) {
        _ = model.updateRendering(.sourceChanged(0, SourceFacts(name: "posts", state: .loaded(content)), cause: .succeeded, bytes: 100, at: noon, now: .now))
    }

    private func rows(_ model: ScreenModel) -> [String] { model.view().content.filter { !$0.isEmpty } }

    func testTheSelectionStaysOnItsPostWhenOneIsAddedAboveIt() throws {
        var screen = model()
        load(&screen, posts([1, 2, 3]))
        _ = screen.updateRendering(.key(.down, at: start))
        XCTAssertTrue(rows(screen).contains("▌ 2  title 2"), "\(rows(screen))")
        load(&screen, posts([9, 1, 2, 3]))
        XCTAssertTrue(rows(screen).contains("▌ 2  title 2"), "still on post 2, now the third: \(rows(screen))")
        XCTAssertTrue(rows(screen).contains("+ 9  title 9"), "the new post is marked: \(rows(screen))")
        let opened = screen.updateRendering(.key(.enter, at: start))
        guard case .open(0, let fields)? = opened.last else { return XCTFail("\(opened)") }
        XCTAssertEqual(fields["id"], "2", "Enter opens the post the marker is on")
    }

    func testWhenTheSelectedPostGoesTheSelectionStaysWhereItWas() {
        var screen = model()
        load(&screen, posts([1, 2, 3]))
        _ = screen.updateRendering(.key(.down, at: start))
        load(&screen, posts([1, 3]))
        XCTAssertTrue(rows(screen).contains("▌ 3  title 3"), "the post that took its place: \(rows(screen))")
    }

    func testAddedChangedAndRemovedPostsAreEachMarkedTheirOwnWayUntilTheNextChange() {
        var screen = model()
        load(&screen, posts([1, 2, 3]))
        load(&screen, posts([1, 3, 4], titles: [3: "title three"]))
        XCTAssertEqual(rows(screen), ["▌ 1  title 1", "▌    body 1", "- 2  title 2", "-    body 2", "~ 3  title three",
                                      "~    body 3", "+ 4  title 4", "+    body 4"])
        // A reload that brings the same content keeps the marks; the next change replaces them.
        load(&screen, posts([1, 3, 4], titles: [3: "title three"]))
        XCTAssertTrue(rows(screen).contains("- 2  title 2"), "\(rows(screen))")
        load(&screen, posts([1, 3, 4, 5], titles: [3: "title three"]))
        XCTAssertFalse(rows(screen).contains { $0.contains("title 2") }, "gone at the next change: \(rows(screen))")
        XCTAssertTrue(rows(screen).contains("  3  title three"), "\(rows(screen))")
        XCTAssertTrue(rows(screen).contains("+ 5  title 5"), "\(rows(screen))")
    }

    func testARemovedPostCannotBeSelected() {
        var screen = model()
        load(&screen, posts([1, 2, 3]))
        load(&screen, posts([1, 3]))
        _ = screen.updateRendering(.key(.down, at: start))
        XCTAssertTrue(rows(screen).contains("▌ 3  title 3"), "down from 1 skips the removed 2: \(rows(screen))")
        XCTAssertEqual(screen.pane.cursor.selection, 1)
    }

    func testOnAColourTerminalEachKindHasItsOwnStyle() throws {
        var screen = model(styled: true)
        load(&screen, posts([1, 2, 3]))
        load(&screen, posts([1, 3, 4], titles: [3: "title three"]))
        let lines = screen.view().content
        let removed = try XCTUnwrap(lines.first { $0.contains("title 2") })
        let changed = try XCTUnwrap(lines.first { $0.contains("title three") })
        let added = try XCTUnwrap(lines.first { $0.contains("title 4") })
        XCTAssertTrue(removed.contains(TextStyle.removed.escapes.start), removed.debugDescription)
        XCTAssertTrue(changed.contains(TextStyle.changed.escapes.start), changed.debugDescription)
        XCTAssertTrue(added.contains(TextStyle.highlight.escapes.start), added.debugDescription)
        XCTAssertFalse(changed.contains(TextStyle.highlight.escapes.start), "changed is not added")
    }

    func testTheHelpExplainsTheMarksAndScrollsWhenTallerThanTheScreen() {
        var screen = model(rows: 12)
        load(&screen, posts([1]))
        _ = screen.updateRendering(.key(.character("?"), at: start))
        XCTAssertTrue(screen.view().footer.contains("scroll"), screen.view().footer)
        XCTAssertEqual(screen.view().content.first, "Keys")
        for _ in 0..<100 { _ = screen.updateRendering(.key(.down, at: start)) }
        let help = screen.view().content.joined(separator: "\n")
        XCTAssertTrue(help.contains("+  added"), help)
        XCTAssertTrue(help.contains("~  changed"), help)
        XCTAssertTrue(help.contains("-  removed"), help)
        XCTAssertTrue(screen.view().content.last?.contains("close this help") == true, "scrolled as far as its end: \(help)")
        XCTAssertEqual(screen.updateRendering(.key(.character("x"), at: start)), [], "another key closes it and does nothing else")
        XCTAssertFalse(screen.showingHelp)
    }

    func testListChangesKeepUnchangedListsUnmarked() {
        let list = ListChanges.Rendering(lines: ["a", "b"], itemLines: [0, 1], keys: ["id:1", "id:2"])
        XCTAssertNil(ListChanges.marked(list, since: list))
        XCTAssertEqual(ListChanges.unique(["id:7", "id:7", "#2"]), ["id:7", "id:7#2", "#2"])
    }

    func testOAndYHandOverTheSelectedItemOrTheDetailOrTheSource() {
        var screen = model()
        load(&screen, posts([1, 2]))
        _ = screen.updateRendering(.key(.down, at: start))
        guard case .handOff(.open, .item(0, let fields))? = screen.updateRendering(.key(.character("o"), at: start)).last else {
            return XCTFail("o hands over the selected item")
        }
        XCTAssertEqual(fields["id"], "2")
        guard case .handOff(.copy, .item(0, _))? = screen.updateRendering(.key(.character("y"), at: start)).last else {
            return XCTFail("y copies it")
        }
        _ = screen.updateRendering(.detailOpened(DetailFacts(id: 1, parent: 0, main: SourceFacts(name: "posts › 2", state: .loading(LoadProgress(), lastGood: nil)))))
        XCTAssertEqual(screen.updateRendering(.key(.character("o"), at: start)), [.handOff(.open, .detail)])
    }

    func testSGRMouseReportsAreParsedAsClicksAndTheWheel() {
        XCTAssertEqual(Key.parse(Array("\u{1B}[<0;12;5M".utf8)), [.mouse(.init(.click, row: 5, column: 12))])
        XCTAssertEqual(Key.parse(Array("\u{1B}[<64;1;2M\u{1B}[<65;1;2Mq".utf8)),
                       [.mouse(.init(.wheelUp, row: 2, column: 1)), .mouse(.init(.wheelDown, row: 2, column: 1)), .character("q")])
        XCTAssertEqual(Key.parse(Array("\u{1B}[<0;12;5m\u{1B}[<2;1;1M\u{1B}[<32;3;3M".utf8)), [], "a release, the right button, a drag")
        XCTAssertEqual(Key.parse([0x1B, 0x5B, 0x4D, 0x20, 0x71, 0x25, 0x6A]), [.character("j")],
                       "the old encoding's three bytes (a click in column 81 is a q) are no keys")
    }

    func testAClickSelectsTheItemUnderItAndASecondClickOpensIt() {
        var screen = model()
        load(&screen, posts([1, 2, 3]))
        // Row 1 is the status line, row 2 the rule; post 2 starts on content line 2, row 5.
        XCTAssertEqual(screen.updateRendering(.key(.mouse(.init(.click, row: 5, column: 4)), at: start)),
                       [.cancelPrefetch, .startPrefetchTimer(ScreenModel.prefetchDelay)])
        XCTAssertTrue(rows(screen).contains("▌ 2  title 2"), "\(rows(screen))")
        let commands = screen.updateRendering(.key(.mouse(.init(.click, row: 6, column: 4)), at: start + .milliseconds(200)))
        guard case .open(0, let fields)? = commands.last else { return XCTFail("a double click opens: \(commands)") }
        XCTAssertEqual(fields["id"], "2")
        var slow = model()
        load(&slow, posts([1, 2, 3]))
        _ = slow.updateRendering(.key(.mouse(.init(.click, row: 5, column: 4)), at: start))
        XCTAssertEqual(slow.updateRendering(.key(.mouse(.init(.click, row: 5, column: 4)), at: start + .seconds(1))), [],
                       "clicks a second apart only select")
        XCTAssertEqual(slow.updateRendering(.key(.mouse(.init(.click, row: 1, column: 4)), at: start)), [], "a click on the status line does nothing")
    }

    func testTheWheelScrollsThreeLinesAndTakesTheSelectionAlongOnlyWhenItWouldLeave() {
        var screen = model(rows: 10)
        load(&screen, posts(Array(1...30)))
        _ = screen.updateRendering(.key(.mouse(.init(.wheelDown, row: 5, column: 1)), at: start))
        XCTAssertEqual(screen.pane.cursor.scroll, 3)
        XCTAssertEqual(screen.pane.cursor.selection, 2, "post 1 went off the top: the first post on screen is selected")
        _ = screen.updateRendering(.key(.mouse(.init(.wheelUp, row: 5, column: 1)), at: start))
        XCTAssertEqual(screen.pane.cursor.scroll, 0)
    }

    func testStatusLinesPadTheirNamesSoWhatFollowsLinesUp() {
        let renderer = PluginScreenRenderer(plugins: .default(), base: RenderContext(width: 80, allowsStyling: false),
                                            selections: Array(repeating: .fixed(AnyContentDecoder(PostsPlugin())), count: 3))
        let names = ["a", "comments", "photos"]
        var screen = ScreenModel(sources: names.map { SourceFacts(name: $0, state: .idle) }, rows: 20, columns: 80,
                                 reloadsOnInterval: true, readsKeys: true, renderer: renderer)
        var board = StatusBoard()
        board.sources = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0, SourceStatus(name: $1, phase: .loaded(unchanged: false), wait: .manual)) })
        _ = screen.updateRendering(.statuses(board))
        let columns = Set(screen.view().status.map { line in line.distance(from: line.startIndex, to: line.firstIndex(of: "·")!) })
        XCTAssertEqual(columns.count, 1, "\(screen.view().status)")
    }

    func testAWiderLayoutIsNoChangeAndWhatFollowsTheItemsIsNoItems() {
        var screen = model(rows: 40)
        load(&screen, posts(Array(1...9)))
        load(&screen, posts(Array(1...10)))
        let rows = rows(screen)
        XCTAssertFalse(rows.contains { $0.hasPrefix("~") }, "the ids' column widened, nothing changed: \(rows)")
        XCTAssertTrue(rows.contains { $0.hasPrefix("+") && $0.contains("title 10") }, "\(rows)")

        let table = ListChanges.Rendering(lines: ["a", "b", "… 3 more rows"], itemLines: [0, 1], keys: ["1", "2"], fingerprints: ["a", "b"], end: 2)
        let shorter = ListChanges.Rendering(lines: ["a", "… 4 more rows"], itemLines: [0], keys: ["1"], fingerprints: ["a"], end: 1)
        let marked = ListChanges.marked(shorter, since: table)
        XCTAssertEqual(marked?.lines, ["a", "b", "… 4 more rows"], "the removed row alone is put back, not the old footer")
        XCTAssertEqual(marked?.kinds, [nil, .removed, nil])
        XCTAssertEqual(ListCursor.PaneLayout(lineCount: 3, itemLines: [0, 1], rows: 10, itemsEnd: 2).item(atLine: 2), nil,
                       "the footer is no item's")
    }
}
