import LoadCore
import Screen
import XCTest

/// The screen model on its own, with a renderer written here: what it shows and what it asks
/// of the session follow from the messages alone. (The model with the plugins' renderers is
/// tested beside them, in LoadrunCLITests/ScreenView.)
final class ScreenModelAloneTests: XCTestCase {
    private let start = ContinuousClock.now
    private let noon = WallTime(seconds: 43_200, timeOfDay: "12:00:00")

    func testALoadingSourceShowsItsPlaceholderThenItsItems() {
        var screen = model()
        let loading = SourceFacts(name: "lines", state: .loading(LoadProgress(), lastGood: nil))
        XCTAssertEqual(screen.updateRendering(.sourceChanged(0, loading, cause: .started, bytes: 0, at: noon, now: start)), [])
        XCTAssertEqual(screen.view().content.first, "placeholder 0: loading")
        load(&screen, ["alpha", "beta", "gamma"])
        XCTAssertEqual(Array(screen.view().content.prefix(3)), ["▌ alpha", "  beta", "  gamma"])
    }

    func testMovingTheSelectionAsksForAPrefetchThatOnlyTheRestingItemGets() {
        var screen = model()
        load(&screen, ["alpha", "beta", "gamma"])
        XCTAssertEqual(screen.updateRendering(.key(.down, at: start)), [.cancelPrefetch, .startPrefetchTimer(ScreenModel.prefetchDelay)])
        XCTAssertEqual(screen.updateRendering(.key(.down, at: start)),
                       [.stopPrefetchTimer, .cancelPrefetch, .startPrefetchTimer(ScreenModel.prefetchDelay)])
        XCTAssertEqual(screen.updateRendering(.prefetchTimerFired), [.prefetch(0, fields: ["line": "gamma"])])
        XCTAssertEqual(screen.updateRendering(.prefetchTimerFired), [], "one wake-up, one prefetch")
    }

    func testEnterOpensTheSelectedItemAndEscapeGoesBack() {
        var screen = model()
        load(&screen, ["alpha", "beta"])
        _ = screen.updateRendering(.key(.down, at: start))
        XCTAssertEqual(screen.updateRendering(.key(.enter, at: start)), [.stopPrefetchTimer, .open(0, fields: ["line": "beta"])])
        let main = SourceFacts(name: "detail", state: .loaded(Lines.content(["the detail's text"])))
        XCTAssertEqual(screen.updateRendering(.detailOpened(DetailFacts(id: 1, parent: 0, main: main))), [])
        XCTAssertEqual(screen.view().content.first, "  detail: the detail's text")
        XCTAssertEqual(screen.updateRendering(.key(.escape, at: start)), [.back])
        XCTAssertEqual(screen.view().content.first, "  alpha")
        XCTAssertEqual(screen.view().content[1], "▌ beta", "the selection is where it was")
    }

    func testNewsAsksNothingOfTheSession() {
        var screen = model()
        let messages: [ScreenMessage] = [
            .sourceChanged(0, SourceFacts(name: "lines", state: .loaded(Lines.content(["a"]))), cause: .succeeded, bytes: 1,
                           at: noon, now: start),
            .note("a note", about: "lines", at: start),
            .logged("a line", isTrace: true, at: start),
            .resized(rows: 10, columns: 30),
            .tick(start),
            .statuses(StatusBoard()),
            .showRecord(0, fields: ["line": "a"], note: "no detail", at: start),
        ]
        for message in messages { XCTAssertEqual(screen.updateRendering(message), [], "\(message)") }
    }

    func testAResizeLaysTheListOutAgainAtTheNewWidth() {
        var screen = model(columns: 40)
        load(&screen, ["alpha"])
        XCTAssertEqual(screen.view().content.first, "▌ alpha")
        XCTAssertEqual(renderedWidths.last, 40)
        _ = screen.updateRendering(.resized(rows: 20, columns: 24))
        XCTAssertEqual(renderedWidths.last, 24)
    }

    func testAKeyThatIsNoCommandAsksNothing() {
        var screen = model()
        load(&screen, ["alpha"])
        XCTAssertEqual(screen.updateRendering(.key(.character("z"), at: start)), [])
        XCTAssertEqual(screen.updateRendering(.key(.character("r"), at: start)), [.reload(0)])
        XCTAssertEqual(screen.updateRendering(.key(.character("q"), at: start)), [.quit])
    }

    // MARK: Renders that wait (a signal dropped them, or their turn has not come)

    func testAVersionLookedAtWhileNewContentWaitsIsTheOneShown() {
        var screen = model(watch: true)
        load(&screen, ["one"])
        load(&screen, ["two"])
        XCTAssertEqual(screen.update(.sourceChanged(0, loaded(["three"]), cause: .succeeded, bytes: 5, at: noon, now: start)),
                       [.render(.list(0))])
        XCTAssertEqual(screen.update(.key(.character("["), at: start)), [.render(.list(0))], "one render for both asks")
        renderWaiting(&screen)
        XCTAssertEqual(screen.histories[0].count, 3, "the new content is a version")
        XCTAssertEqual(screen.view().content.first, "▌ one", "the version looked at is shown, not the newest")
    }

    func testAResizeWhileTheSameContentWaitsMakesNoVersion() {
        var screen = model(watch: true)
        load(&screen, ["alpha", "beta"])
        _ = screen.update(.sourceChanged(0, loaded(["alpha", "beta"]), cause: .succeeded, bytes: 5, at: noon, now: start))
        _ = screen.update(.resized(rows: 20, columns: 30))
        renderWaiting(&screen)
        XCTAssertEqual(screen.histories[0].count, 1, "the same content at another width is no new version")
        XCTAssertTrue(screen.unchanged[0])
        XCTAssertEqual(renderedWidths.suffix(2), [30, 30], "the new content, and what was shown, at the new width")
    }

    func testAVerdictSaidBeforeTheRenderStands() {
        var screen = model(watch: true)
        load(&screen, ["alpha"])
        var same = loaded(["alpha"])
        same.changed = true
        _ = screen.update(.sourceChanged(0, same, cause: .succeeded, bytes: 5, at: noon, now: start))
        XCTAssertFalse(screen.unchanged[0], "changed, as the load's verdict says, before any render")
        // A cancelled page chain after it: that load's verdict still waits on the text.
        _ = screen.update(.sourceChanged(0, loaded(["alpha"]), cause: .cancelled, bytes: 5, at: noon, now: start))
        renderWaiting(&screen)
        XCTAssertTrue(screen.view().footer.contains(ScreenModel.hiddenChange), screen.view().footer)

        _ = screen.update(.sourceChanged(0, loaded(["beta"]), cause: .succeeded, bytes: 5, at: noon, now: start))
        _ = screen.update(.sourceChanged(0, loaded(["beta"]), cause: .notModified, bytes: 0, at: noon, now: start))
        renderWaiting(&screen)
        XCTAssertTrue(screen.unchanged[0], "the 304 after it has the last word")
    }

    func testTabBeforeTheDetailsFirstRenderWaitsQuietly() {
        var screen = model()
        load(&screen, ["alpha"])
        let main = SourceFacts(name: "detail", state: .loaded(Lines.content(["text"])))
        XCTAssertEqual(screen.update(.detailOpened(DetailFacts(id: 1, parent: 0, main: main))), [.render(.detail)])
        XCTAssertEqual(screen.update(.key(.tab, at: start)), [])
        XCTAssertFalse(screen.view().footer.contains("no related lists"), screen.view().footer)
        renderWaiting(&screen)
        _ = screen.update(.key(.tab, at: start))
        XCTAssertTrue(screen.view().footer.contains("this detail has no related lists"), screen.view().footer)
    }

    // MARK: Helpers

    func testASearchOverAHugeListGoesOnASliceAtATimeBetweenKeys() {
        var screen = model()
        let lines = (0..<(2 * Pane.indexSlice + 5_000)).map { $0 % 3 == 0 ? "fox \($0)" : "dog \($0)" }
        load(&screen, lines)
        XCTAssertEqual(screen.updateRendering(.key(.character("/"), at: start)), [])
        XCTAssertEqual(screen.updateRendering(.key(.character("f"), at: start)), [.continueSearch], "lines are left to index")
        XCTAssertTrue(screen.view().footer.hasPrefix("/f▏  "), screen.view().footer)
        XCTAssertTrue(screen.view().footer.contains("matches so far, searching…"), screen.view().footer)
        var slices = 1
        while screen.updateRendering(.searchGoesOn) == [.continueSearch] { slices += 1 }
        XCTAssertEqual(slices, 2, "a slice a key, and one more for the last lines")
        let all = (lines.count + 2) / 3
        XCTAssertEqual(screen.view().footer, "/f▏  \(all) matches · Enter keep · Esc cancel")
        XCTAssertEqual(screen.updateRendering(.key(.character("o"), at: start)), [], "narrowed: only the lines f matched")
        XCTAssertEqual(screen.view().footer, "/fo▏  \(all) matches · Enter keep · Esc cancel")
        XCTAssertEqual(screen.updateRendering(.key(.character("z"), at: start)), [], "narrowed to none")
        XCTAssertEqual(screen.view().footer, "/foz▏  0 matches · Enter keep · Esc cancel")
        XCTAssertEqual(screen.updateRendering(.key(.backspace, at: start)), [], "taken back: every line again, indexed already")
        XCTAssertEqual(screen.view().footer, "/fo▏  \(all) matches · Enter keep · Esc cancel")
        _ = screen.updateRendering(.key(.escape, at: start))
        XCTAssertEqual(screen.updateRendering(.searchGoesOn), [], "a slice asked for before Esc finds nothing to do")
        XCTAssertFalse(screen.view().footer.contains("matches"))
    }

    /// A frame reuses the last frame's content rows only while its pane is as it was: after
    /// each change (the selection, a scroll, a search, its next match and its end, new content,
    /// a resize, ticks that change nothing), the rows are those the pane gives now.
    func testAFrameReusesItsContentRowsOnlyWhileThePaneIsUnchanged() {
        var screen = model(watch: true, styled: true)
        load(&screen, (1...40).map { "line \($0)" })
        func fresh() -> [String] {
            let rows = screen.contentRows
            let made = screen.pane.visibleRows(rows: rows, allowsStyling: true).prefix(rows).map { StyledLine.clipped($0, toWidth: screen.columns) }
            return made + Array(repeating: "", count: max(rows - made.count, 0))
        }
        var seen: [[String]] = []
        func check(_ step: String) {
            let content = screen.view().content
            XCTAssertEqual(content, fresh(), step)
            XCTAssertEqual(screen.view().content, content, "\(step), drawn again")
            seen.append(content)
        }
        check("loaded")
        _ = screen.updateRendering(.tick(start))
        check("a tick")
        _ = screen.updateRendering(.key(.down, at: start))
        check("the selection moved")
        for _ in 0..<25 { _ = screen.updateRendering(.key(.down, at: start)) }
        check("scrolled")
        for key in "/line 3" { _ = screen.updateRendering(.key(.character(key), at: start)) }
        _ = screen.updateRendering(.key(.enter, at: start))
        check("a search")
        _ = screen.updateRendering(.key(.character("n"), at: start))
        check("the next match")
        _ = screen.updateRendering(.key(.escape, at: start))
        check("the search cleared, the selection where it was")
        load(&screen, (1...40).map { "row \($0)" })
        check("new content")
        _ = screen.updateRendering(.resized(rows: 12, columns: 30))
        renderWaiting(&screen)
        check("a resize")
        XCTAssertEqual(Set(seen.map { $0.joined(separator: "\n") }).count, seen.count - 1, "each change drew other rows, the tick none")
    }

    private func loaded(_ lines: [String]) -> SourceFacts { SourceFacts(name: "lines", state: .loaded(Lines.content(lines))) }

    /// Renders what the model waits for, as the presenter's next frame does.
    private func renderWaiting(_ screen: inout ScreenModel) {
        while let request = screen.pendingRenders.first, let job = screen.renderJob(request) {
            XCTAssertEqual(screen.update(.rendered(job.run(with: renderer))).filter { if case .render = $0 { false } else { true } }, [])
        }
    }

    /// The widths the renderer was asked for, in order.
    private var renderedWidths: [Int] { renderer.widths.values }
    private let renderer = Lines.Rendering()

    private func model(watch: Bool = false, columns: Int = 60, styled: Bool = false) -> ScreenModel {
        var renderer = renderer
        renderer.styled = styled
        return ScreenModel(sources: [SourceFacts(name: "lines", state: .loading(LoadProgress(), lastGood: nil))], rows: 20, columns: columns,
                           reloadsOnInterval: watch, readsKeys: true, renderer: renderer)
    }

    private func load(_ screen: inout ScreenModel, _ lines: [String]) {
        let facts = SourceFacts(name: "lines", state: .loaded(Lines.content(lines)))
        XCTAssertEqual(screen.updateRendering(.sourceChanged(0, facts, cause: .succeeded, bytes: 10, at: noon, now: start)), [])
    }
}

/// Content that is a list of lines, and a renderer that shows each line as an item: as plain
/// as a renderer can be, so that what a test sees is the model's doing.
private enum Lines {
    struct Decoder: ContentDecoder {
        var name: String { "lines" }
        var mediaTypes: [String] { ["text/plain"] }
        var summary: String { "lines" }
        func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> [String] {
            String(decoding: body, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        func itemCount(_ model: [String]) -> Int? { model.count }
    }

    static func content(_ lines: [String]) -> AnyContent { AnyContent(lines, decoder: Decoder()) }

    /// What the renderer was asked, kept across the model's copies.
    final class Record { var values: [Int] = [] }

    struct Rendering: ContentRendering {
        let widths = Record()

        func list(_ content: AnyContent, width: Int, rows: Int) -> RenderedList {
            widths.values.append(width)
            let lines = content.model as? [String] ?? []
            return RenderedList(text: lines.joined(separator: "\n"), items: Array(lines.indices), hasGutter: true, keys: lines)
        }

        func changes(_ content: AnyContent, rendered: RenderedList, since previous: AnyContent, previousText: String,
                     width: Int, rows: Int) -> String { rendered.text }

        func placeholder(source index: Int, state: LoadingState<AnyContent>, width: Int, rows: Int) -> String {
            "placeholder \(index): \(state.name)"
        }

        func detail(_ detail: DetailFacts, skeletonPlugin: String?, width: Int, rows: Int) -> RenderedDetail {
            let lines = detail.main.state.content?.model as? [String] ?? []
            return RenderedDetail(text: "detail: " + lines.joined(separator: "\n"), related: [])
        }

        func itemFields(of content: AnyContent, at item: Int) -> [String: String]? {
            (content.model as? [String]).flatMap { $0.indices.contains(item) ? ["line": $0[item]] : nil }
        }

        func links(of content: AnyContent) -> [String] { [] }
        /// Whether the model may style what it draws (a search's matches, a change's marks).
        var styled = false
        var allowsStyling: Bool { styled }
    }
}
