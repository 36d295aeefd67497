@testable import LoadrunCLI
import Loader
import Plugins
import Screen
import TerminalText
import XCTest

/// The full-screen view as a value: messages in, commands out, and the frame compared as
/// text. No terminal, no loop and no network: the content is the posts plugin's own,
/// rendered by the real plugin table.
final class ScreenModelTests: XCTestCase {
    private let start = ContinuousClock.now
    private let noon = WallTime(seconds: 43_200, timeOfDay: "12:00:00")

    private func posts(_ ids: [Int], prefix: String = "title") -> AnyContent {
        AnyContent(ids.map { Post(id: $0, title: "\(prefix) \($0)", body: "body \($0)") }, decoder: PostsPlugin())
    }

    private func model(sources: Int = 1, watch: Bool = false, rows: Int = 20, columns: Int = 60, styled: Bool = false) -> ScreenModel {
        let renderer = PluginScreenRenderer(plugins: .default(), base: RenderContext(width: 60, allowsStyling: styled),
                                            selections: Array(repeating: .fixed(AnyContentDecoder(PostsPlugin())), count: sources))
        let facts = (0..<sources).map { SourceFacts(name: "posts\($0 == 0 ? "" : "\($0)")", state: .loading(LoadProgress(), lastGood: nil)) }
        return ScreenModel(sources: facts, rows: rows, columns: columns, reloadsOnInterval: watch, readsKeys: true, renderer: renderer)
    }

    private func load(_ model: inout ScreenModel, _ content: AnyContent, source: Int = 0, changed: Bool? = nil) {
        let facts = SourceFacts(name: model.sources[source].name, state: .loaded(content), changed: changed)
        XCTAssertEqual(model.updateRendering(.sourceChanged(source, facts, cause: .succeeded, bytes: 100, at: noon, now: .now)), [])
    }

    @discardableResult
    private func press(_ model: inout ScreenModel, _ keys: Key...) -> [ScreenCommand] {
        keys.flatMap { model.updateRendering(.key($0, at: start)) }
    }

    private func text(_ model: ScreenModel) -> String { model.view().content.joined(separator: "\n") }

    private func article(_ title: String) -> AnyContent {
        AnyContent(Article(title: title, body: "the article's text"), decoder: ArticlesPlugin())
    }

    func testAListShowsItsSkeletonWhileItLoadsThenItsItemsWithTheFirstSelected() {
        var screen = model()
        _ = screen.updateRendering(.sourceChanged(0, screen.sources[0], cause: .started, bytes: 0, at: noon, now: .now))
        XCTAssertFalse(text(screen).contains("title 1"), "nothing loaded yet")
        XCTAssertFalse(text(screen).isEmpty, "the posts skeleton stands in")
        load(&screen, posts([1, 2, 3]))
        let rows = screen.view().content
        XCTAssertEqual(rows.first, "▌ 1  title 1", "the first post, selected: \(rows)")
        XCTAssertTrue(rows.contains("  2  title 2"), "\(rows)")
    }

    func testEnterOpensTheSelectedItemsDetailAndEscGoesBackToTheListAsItWas() throws {
        var screen = model()
        load(&screen, posts([1, 2, 3]))
        XCTAssertEqual(press(&screen, .down), [.cancelPrefetch, .startPrefetchTimer(ScreenModel.prefetchDelay)])
        let commands = press(&screen, .enter)
        XCTAssertEqual(commands.count, 2, "\(commands)")
        XCTAssertEqual(commands.first, .stopPrefetchTimer, "the resting selection's prefetch is not wanted now")
        guard case .open(0, let fields)? = commands.last else { return XCTFail("Enter asks to open: \(commands)") }
        XCTAssertEqual(fields["id"], "2", "the selected post's fields")

        // The session opens it: loading first, then the article.
        var detail = DetailFacts(id: 7, parent: 0, main: SourceFacts(name: "posts › 2", state: .loading(LoadProgress(), lastGood: nil)))
        XCTAssertEqual(screen.updateRendering(.detailOpened(detail)), [])
        XCTAssertEqual(screen.statusRows, 1, "the detail's own status line")
        XCTAssertFalse(text(screen).contains("title 1"), "the list is under the detail")
        detail.main.state = .loaded(article("The second post"))
        _ = screen.updateRendering(.detailChanged(detail, cause: .succeeded, slot: 0, at: start))
        XCTAssertTrue(text(screen).contains("The second post"), text(screen))
        XCTAssertTrue(screen.view().footer.contains("Esc back") || screen.view().footer.lowercased().contains("esc"), screen.view().footer)
        XCTAssertEqual(press(&screen, .enter), [], "a detail with no related lists opens nothing further")
        XCTAssertTrue(screen.view().footer.contains("nothing to open on this page"), screen.view().footer)

        XCTAssertEqual(press(&screen, .escape), [.back])
        XCTAssertNil(screen.detail)
        let rows = screen.view().content
        XCTAssertTrue(rows.contains("▌ 2  title 2"), "back on the list, the selection where it was: \(rows)")
    }

    func testAChangeToADetailThatIsNotOpenIsNotShown() {
        var screen = model()
        load(&screen, posts([1]))
        let other = DetailFacts(id: 9, parent: 0, main: SourceFacts(name: "posts › 1", state: .loaded(article("Prefetched"))))
        _ = screen.updateRendering(.detailChanged(other, cause: .succeeded, slot: 0, at: start))
        XCTAssertNil(screen.detail)
        XCTAssertFalse(text(screen).contains("Prefetched"))
    }

    func testAPrefetchIsAskedOnlyForASelectionThatRestedThere() {
        var screen = model()
        load(&screen, posts([1, 2, 3]))
        press(&screen, .down)
        XCTAssertEqual(press(&screen, .down), [.stopPrefetchTimer, .cancelPrefetch, .startPrefetchTimer(ScreenModel.prefetchDelay)],
                       "moving on drops the wait for the last item")
        let due = screen.updateRendering(.prefetchTimerFired)
        guard case .prefetch(0, let fields)? = due.first, due.count == 1 else { return XCTFail("\(due)") }
        XCTAssertEqual(fields["id"], "3")
        XCTAssertEqual(screen.updateRendering(.prefetchTimerFired), [], "once per rest")

        press(&screen, .up)
        XCTAssertEqual(press(&screen, .enter).last, .open(0, fields: ["id": "2", "title": "title 2", "body": "body 2"]))
        XCTAssertEqual(screen.updateRendering(.prefetchTimerFired), [], "a timer that fires after Enter asks for nothing")
    }

    func testSearchFindsMatchesStepsThroughThemAndEscEndsIt() {
        var screen = model()
        load(&screen, posts([1, 2, 3, 12]))
        press(&screen, .character("/"))
        for character in "itle 1" { press(&screen, .character(character)) }
        XCTAssertEqual(screen.view().footer, "/itle 1▏  2 matches · Enter keep · Esc cancel", "title 1 and title 12")
        XCTAssertEqual(press(&screen, .enter), [], "the first match is in the item already selected")
        XCTAssertTrue(screen.view().footer.hasPrefix("/itle 1: 1/2 matches"), screen.view().footer)
        XCTAssertEqual(press(&screen, .character("n")), [.cancelPrefetch, .startPrefetchTimer(ScreenModel.prefetchDelay)],
                       "the next match is in another item")
        XCTAssertTrue(screen.view().footer.hasPrefix("/itle 1: 2/2 matches"), screen.view().footer)
        press(&screen, .character("N"))
        XCTAssertTrue(screen.view().footer.hasPrefix("/itle 1: 1/2 matches"), "N goes back: \(screen.view().footer)")
        press(&screen, .control("n"))
        XCTAssertTrue(screen.view().footer.hasPrefix("/itle 1: 2/2 matches"), "Ctrl-N too: \(screen.view().footer)")
        XCTAssertTrue(screen.view().content.contains("▌ 12 title 12") || screen.view().content.contains { $0.hasPrefix("▌") && $0.contains("title 12") },
                      "\(screen.view().content)")
        press(&screen, .escape)
        XCTAssertFalse(screen.view().footer.contains("matches"), screen.view().footer)
    }

    func testOnAColourTerminalTheCurrentMatchStandsOutAndCtrlPGoesRoundPastTheFirst() {
        var screen = model(styled: true)
        load(&screen, posts([1, 2, 3], prefix: "quasi"))
        press(&screen, .character("/"))
        for character in "quasi" { press(&screen, .character(character)) }
        XCTAssertTrue(screen.view().footer.hasPrefix("/quasi▏"), "the query as it is typed: \(screen.view().footer)")
        press(&screen, .enter)
        XCTAssertTrue(screen.view().footer.hasPrefix("/quasi: 1/3 matches"), screen.view().footer)
        let content = screen.view().content
        XCTAssertEqual(content.filter { $0.contains("43mquasi") }.count, 1, "the current match, black on yellow: \(content)")
        XCTAssertTrue(content.first { $0.contains("quasi") }?.contains("43mquasi") == true, "it is the first: \(content)")
        XCTAssertEqual(content.filter { $0.contains("7mquasi") }.count, 2, "the others in reverse video: \(content)")
        press(&screen, .control("n"))
        XCTAssertTrue(screen.view().footer.hasPrefix("/quasi: 2/3 matches"), screen.view().footer)
        press(&screen, .control("p"), .control("p"))
        XCTAssertTrue(screen.view().footer.hasPrefix("/quasi: 3/3 matches"), "back past the first, to the last: \(screen.view().footer)")
        press(&screen, .escape)
        XCTAssertTrue(screen.view().footer.contains("Enter open"), "the list's keys again: \(screen.view().footer)")
        XCTAssertFalse(screen.view().footer.contains("/quasi"), "Esc drops the search: \(screen.view().footer)")
        XCTAssertFalse(screen.view().content.contains { $0.contains("43m") }, "and its marks: \(screen.view().content)")
    }

    func testAWatchKeepsVersionsToStepThroughAndSaysWhereItStands() {
        var screen = model(watch: true, columns: 110)
        load(&screen, posts([1]))
        XCTAssertFalse(screen.view().footer.contains("[ ] history"), "one version: nothing to step through")
        load(&screen, posts([1, 2]))
        XCTAssertTrue(text(screen).contains("title 2"))
        XCTAssertTrue(screen.view().footer.contains("[ ] history"), "the footer offers history: \(screen.view().footer)")
        press(&screen, .character("["))
        XCTAssertFalse(text(screen).contains("title 2"), "the first version again")
        let status = SourceStatus(name: "posts", phase: .loaded(unchanged: false), wait: .nextReload(in: "2 s"))
        _ = screen.updateRendering(.statuses(StatusBoard(sources: [0: status])))
        XCTAssertTrue(screen.view().status[0].contains("version 1 of 2, 12:00:00"), screen.view().status[0])

        load(&screen, posts([1, 2, 3]))
        XCTAssertFalse(text(screen).contains("title 3"), "a new version waits while an earlier one is looked at")
        XCTAssertTrue(screen.view().status[0].contains("newer content waiting"), screen.view().status[0])
        press(&screen, .character("]"), .character("]"))
        XCTAssertTrue(text(screen).contains("title 3"))
        XCTAssertFalse(screen.view().status[0].contains("version 1 of"), "following the newest again: \(screen.view().status[0])")
        press(&screen, .character("]"))
        XCTAssertEqual(screen.view().footer, "posts: this is the newest version")
    }

    /// A live stream's content grows while it loads: each growth shows, the selection kept and
    /// the new items marked, and none is a version to step back to; what it comes to rest with is.
    func testAStreamGrowsInPlaceWithoutMakingVersions() {
        var screen = model(watch: true, columns: 110)
        func streamed(_ content: AnyContent) {
            let facts = SourceFacts(name: "posts", state: .loading(LoadProgress(items: content.itemCount), lastGood: content))
            XCTAssertEqual(screen.updateRendering(.sourceChanged(0, facts, cause: .streamed, bytes: 100, at: noon, now: .now)), [])
        }
        streamed(posts([1, 2]))
        XCTAssertTrue(text(screen).contains("title 2"), text(screen))
        press(&screen, .down)
        streamed(posts([1, 2, 3]))
        XCTAssertTrue(text(screen).contains("title 3"), text(screen))
        XCTAssertTrue(screen.view().content.contains("▌ 2  title 2"), "the selection kept: \(screen.view().content)")
        XCTAssertFalse(screen.view().footer.contains("[ ] history"), "growth is no version: \(screen.view().footer)")
        // It comes to rest as its last frame: still its version, and no unchanged load.
        load(&screen, posts([1, 2, 3]), changed: true)
        XCTAssertFalse(screen.unchanged[0], "a first load is no unchanged one")
        XCTAssertFalse(screen.view().footer.contains("[ ] history"), "one version, what it came to rest with")
        // The next load streams other items: a second version, though it too ends as its frame.
        streamed(posts([1, 2, 3, 5]))
        load(&screen, posts([1, 2, 3, 5]), changed: true)
        XCTAssertTrue(text(screen).contains("title 5"))
        XCTAssertTrue(screen.view().footer.contains("[ ] history"), "two versions: \(screen.view().footer)")
        XCTAssertFalse(screen.view().footer.contains(ScreenModel.hiddenChange), "no change the view hides: \(screen.view().footer)")
    }

    func testPastTheOldestVersionTheFirstBracketAsksForEarlierRunsOnce() {
        var screen = model(watch: true, columns: 110)
        load(&screen, posts([1, 2]))
        XCTAssertEqual(press(&screen, .character("[")), [.loadEarlierVersions(0)], "nothing older this run: ask the history")
        let earlier = [(version: posts([1]), bytes: 10, time: WallTime(seconds: 1, timeOfDay: "2026-11-25 09:12:03"))]
        XCTAssertEqual(screen.updateRendering(.earlierVersions(0, earlier, at: .now)), [])
        XCTAssertFalse(text(screen).contains("title 2"), "an earlier run's version on screen: \(text(screen))")
        let status = SourceStatus(name: "posts", phase: .loaded(unchanged: false), wait: .nextReload(in: "2 s"))
        _ = screen.updateRendering(.statuses(StatusBoard(sources: [0: status])))
        XCTAssertTrue(screen.view().status[0].contains("version 1 of 2, 2026-11-25 09:12:03"), "with its date: \(screen.view().status[0])")
        XCTAssertEqual(press(&screen, .character("[")), [], "asked once")
        XCTAssertEqual(screen.view().footer, "posts: no earlier version kept")
        press(&screen, .character("]"))
        XCTAssertTrue(text(screen).contains("title 2"), "back to this run's")

        var fresh = model(watch: true)
        load(&fresh, posts([1]))
        XCTAssertEqual(press(&fresh, .character("[")), [.loadEarlierVersions(0)])
        _ = fresh.updateRendering(.earlierVersions(0, [], at: .now))
        XCTAssertEqual(fresh.view().footer, "posts: no earlier version kept", "none in the history")
    }

    func testContentThatRendersAsBeforeIsUnchangedAndSoIsA304() {
        var screen = model(watch: true)
        load(&screen, posts([1]))
        XCTAssertFalse(screen.unchanged[0])
        load(&screen, posts([1]))
        XCTAssertTrue(screen.unchanged[0], "the same text")
        load(&screen, posts([2]))
        XCTAssertFalse(screen.unchanged[0])
        _ = screen.updateRendering(.sourceChanged(0, screen.sources[0], cause: .notModified, bytes: 0, at: noon, now: .now))
        XCTAssertTrue(screen.unchanged[0])
        let status = SourceStatus(name: "posts", phase: .loaded(unchanged: false), wait: .nextReload(in: "2 s"))
        _ = screen.updateRendering(.statuses(StatusBoard(sources: [0: status])))
        XCTAssertTrue(screen.view().status[0].contains("unchanged"), screen.view().status[0])
        XCTAssertEqual(screen.histories[0].count, 2, "a 304 brings no version")
    }

    func testAChangeTheViewCannotShowIsSaidAndTheSourceIsNotUnchanged() {
        var screen = model(watch: true)
        load(&screen, posts([1]), changed: true)
        XCTAssertNil(screen.notice, "the first load says nothing")
        // The server changed a field the posts view hides (the verdict says so); the text is the same.
        load(&screen, posts([1]), changed: true)
        XCTAssertFalse(screen.unchanged[0], "the verdict, not the text, says whether it changed")
        XCTAssertEqual(screen.view().footer, "posts: \(ScreenModel.hiddenChange)")
        XCTAssertEqual(screen.histories[0].count, 1, "nothing new to step back to")
        load(&screen, posts([2]), changed: false)
        XCTAssertTrue(screen.unchanged[0], "what the verdict calls unchanged is, even drawn anew")
    }

    func testKeysThatLoadComeBackAsCommands() {
        var watch = model(sources: 2, watch: true)
        load(&watch, posts([1]))
        XCTAssertEqual(press(&watch, .character("r")), [.reload(0)])
        XCTAssertEqual(press(&watch, .character(">")), [.loadMore(0)])
        XCTAssertEqual(press(&watch, .character("n")), [], "n steps through a search's matches, and there is none")
        XCTAssertTrue(watch.view().footer.contains("no search"), watch.view().footer)
        XCTAssertEqual(press(&watch, .character("p"), .character("p")), [.togglePause, .togglePause],
                       "two presses before a frame still pause and resume")
        XCTAssertEqual(press(&watch, .character(" ")), [], "Space pages, as in less; it no longer pauses")
        XCTAssertEqual(press(&watch, .tab, .character("r")), [.reload(1)], "Tab moves the focus to the second source")
        XCTAssertEqual(press(&watch, .character("1"), .character("r")), [.reload(0)])
        XCTAssertEqual(press(&watch, .character("q")), [.quit])

        var browse = model()
        XCTAssertEqual(press(&browse, .character("p")), [], "nothing to pause without a watch")
    }

    func testANoticeStaysForItsLifetimeOrUntilTheNextKey() {
        var screen = model()
        load(&screen, posts([1]))
        _ = screen.updateRendering(.note("reload skipped", about: "posts", at: start))
        XCTAssertEqual(screen.view().footer, "posts: reload skipped")
        _ = screen.updateRendering(.tick(start + .seconds(3)))
        XCTAssertEqual(screen.view().footer, "posts: reload skipped")
        _ = screen.updateRendering(.tick(start + ScreenModel.noticeLifetime))
        XCTAssertNotEqual(screen.view().footer, "posts: reload skipped")

        _ = screen.updateRendering(.note("\u{1B}[2Jhostile", about: "posts", at: start))
        XCTAssertFalse(screen.view().footer.contains("\u{1B}"), "a note is made safe for the terminal")
        press(&screen, .down)
        XCTAssertFalse(screen.view().footer.contains("hostile"), "the next key takes it away")
    }

    func testHelpShowsEveryKeyAndAnyKeyClosesIt() {
        // Tall enough for the help whole, wrapped at 60 columns.
        var screen = model(rows: 110)
        load(&screen, posts([1]))
        press(&screen, .character("?"))
        XCTAssertEqual(screen.view().footer, "any key closes the help")
        XCTAssertEqual(screen.view().content.count, screen.contentRows, "the help fills the content area")
        XCTAssertEqual(screen.view().content.first, "Keys")
        XCTAssertTrue(screen.view().content.allSatisfy { TerminalText.displayWidth($0) <= screen.columns }, "cut to the width")
        for key in ["n  N", "Enter", "Esc", "[  ]", "Space", "Ctrl-D", "Tab", "q  Ctrl-C"] {
            XCTAssertTrue(text(screen).contains(key), "\(key) is in the help: \(text(screen))")
        }
        XCTAssertEqual(press(&screen, .character("q")), [], "the key that closes the help does nothing else")
        XCTAssertTrue(text(screen).contains("title 1"))
        XCTAssertFalse(text(screen).contains("n  N"), "closed: \(text(screen))")
    }

    func testAResizeRendersAgainAtTheNewSize() {
        var screen = model(rows: 6)
        load(&screen, posts(Array(1...30)))
        XCTAssertEqual(screen.view().content.count, 3, "6 rows: a status line, the rule, 3 of content, the footer")
        XCTAssertTrue(screen.view().footer.contains("lines 1–3 of"), screen.view().footer)
        _ = screen.updateRendering(.resized(rows: 30, columns: 100))
        XCTAssertEqual(screen.view().content.count, 27)
        XCTAssertEqual(screen.columns, 100)
    }

    func testContentShowsWhenItsRenderComesAndADroppedRenderIsWaitedForStill() throws {
        var screen = model(watch: true)
        load(&screen, posts([1]))
        let facts = SourceFacts(name: "posts", state: .loaded(posts([1, 2])))
        XCTAssertEqual(screen.update(.sourceChanged(0, facts, cause: .succeeded, bytes: 100, at: noon, now: start)), [.render(.list(0))])
        XCTAssertFalse(text(screen).contains("title 2"), "nothing new shows before its render")
        XCTAssertEqual(screen.histories[0].count, 1)
        // A signal dropped that render; meanwhile the terminal narrowed, so a render made
        // before it is stale.
        let early = try XCTUnwrap(screen.renderJob(.list(0)))
        XCTAssertEqual(screen.update(.resized(rows: 20, columns: 50)), [.render(.list(0))])
        let renderer = PluginScreenRenderer(plugins: .default(), base: RenderContext(width: 60, allowsStyling: false),
                                            selections: [.fixed(AnyContentDecoder(PostsPlugin()))])
        XCTAssertEqual(screen.update(.rendered(early.run(with: renderer))), [])
        XCTAssertFalse(text(screen).contains("title 2"), "a render at another size is not taken")
        XCTAssertEqual(screen.pendingRenders, [.list(0)], "still waited for")
        let job = try XCTUnwrap(screen.renderJob(.list(0)))
        XCTAssertEqual(screen.update(.rendered(job.run(with: renderer))), [])
        XCTAssertTrue(text(screen).contains("title 2"))
        XCTAssertEqual(screen.histories[0].count, 2)
        XCTAssertEqual(screen.pendingRenders, [])
        XCTAssertNil(screen.renderJob(.list(0)), "nothing waits any more")
    }

    func testADetailSourceThatCameBackUnchangedSaysSo() {
        var screen = model()
        load(&screen, posts([1]))
        var detail = DetailFacts(id: 2, parent: 0, main: SourceFacts(name: "posts › 1", state: .loaded(article("One"))))
        _ = screen.updateRendering(.detailOpened(detail))
        detail.main.state = .loaded(article("One"))
        _ = screen.updateRendering(.detailChanged(detail, cause: .notModified, slot: 0, at: start))
        let status = SourceStatus(name: "posts › 1", phase: .loaded(unchanged: false), wait: .manual)
        _ = screen.updateRendering(.statuses(StatusBoard(detail: [status])))
        XCTAssertTrue(screen.view().status[0].contains("unchanged"), screen.view().status[0])
        _ = screen.updateRendering(.detailChanged(detail, cause: .succeeded, slot: 0, at: start))
        XCTAssertFalse(screen.view().status[0].contains("unchanged"), "a 200 says it changed")
    }

    func testContentOnATerminalNarrowerThanTwentyColumnsIsLaidOutAtTwenty() {
        var narrow = model(columns: 12)
        var twenty = model(columns: 20)
        load(&narrow, posts([1], prefix: "a title long enough to wrap"))
        load(&twenty, posts([1], prefix: "a title long enough to wrap"))
        XCTAssertEqual(narrow.view().content, twenty.view().content, "as every other view lays out content")
    }

    func testTheViewIsTheSameForTheSameModel() {
        var screen = model()
        load(&screen, posts([1, 2, 3]))
        press(&screen, .down)
        XCTAssertEqual(screen.view(), screen.view())
        let copy = screen
        press(&screen, .down)
        XCTAssertNotEqual(copy.view(), screen.view(), "a copy is a value: the key moved only the original")
    }

    func testLessKeysPageByScreensAndHalvesAndGoToEitherEnd() {
        var screen = model(rows: 14)
        load(&screen, posts(Array(1...40)))
        let rows = screen.contentRows
        XCTAssertEqual(screen.pane.cursor.scroll, 0)
        for key in [Key.character(" "), .character("f"), .control("f"), .pageDown] {
            var paged = screen
            paged.updateRendering(.key(key, at: start)).forEach { _ in }
            XCTAssertEqual(paged.pane.cursor.scroll, rows - 1, "\(key) goes a screen down, less a line")
            for back in [Key.character("b"), .control("b"), .pageUp] {
                var up = paged
                _ = up.updateRendering(.key(back, at: start))
                XCTAssertEqual(up.pane.cursor.scroll, 0, "\(back) goes back up")
            }
        }
        press(&screen, .control("d"))
        XCTAssertEqual(screen.pane.cursor.scroll, rows / 2, "Ctrl-D: half a screen")
        press(&screen, .control("u"))
        XCTAssertEqual(screen.pane.cursor.scroll, 0, "Ctrl-U: back")
        press(&screen, .character("G"))
        XCTAssertEqual(screen.pane.cursor.selection, 39, "G: the last post")
        press(&screen, .character("g"))
        XCTAssertEqual(screen.pane.cursor.selection, 0, "g: the first")
    }
}
