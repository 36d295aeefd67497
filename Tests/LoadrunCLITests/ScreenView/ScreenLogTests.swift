@testable import LoadrunCLI
import Loader
import Plugins
import Screen
import XCTest

/// What is said on stderr while the full-screen view is up goes to its log, never over the
/// frame: `L` shows it, warnings show in the footer too.
final class ScreenLogTests: XCTestCase {
    private let start = ContinuousClock.now
    private let noon = WallTime(seconds: 43_200, timeOfDay: "12:00:00")

    private func model(rows: Int = 12) -> ScreenModel {
        let renderer = PluginScreenRenderer(plugins: .default(), base: RenderContext(width: 60, allowsStyling: false),
                                            selections: [.fixed(AnyContentDecoder(PostsPlugin()))])
        var screen = ScreenModel(sources: [SourceFacts(name: "posts", state: .loading(LoadProgress(), lastGood: nil))], rows: rows,
                                 columns: 60, reloadsOnInterval: true, readsKeys: true, renderer: renderer)
        let posts = AnyContent([Post(id: 1, title: "title 1", body: "body 1")], decoder: PostsPlugin())
        _ = screen.updateRendering(.sourceChanged(0, SourceFacts(name: "posts", state: .loaded(posts)), cause: .succeeded, bytes: 10, at: noon, now: .now))
        return screen
    }

    func testTheTraceGoesToTheLogWhichLShowsAndLOrEscCloses() {
        var screen = model()
        for index in 1...30 { _ = screen.updateRendering(.logged("> GET /posts/\(index) HTTP/1.1", isTrace: true, at: start)) }
        XCTAssertTrue(screen.view().content.contains { $0.contains("title 1") }, "the content stays on screen")
        XCTAssertFalse(screen.view().footer.hasPrefix(">"), "the trace is no notice: \(screen.view().footer)")
        XCTAssertTrue(screen.view().footer.contains("L log"), screen.view().footer)

        XCTAssertEqual(screen.updateRendering(.key(.character("L"), at: start)), [])
        let rows = screen.view().content
        XCTAssertEqual(rows.last, "> GET /posts/30 HTTP/1.1", "the log follows its end: \(rows)")
        XCTAssertTrue(screen.view().footer.contains("log, 30 lines"), screen.view().footer)
        _ = screen.updateRendering(.key(.character("g"), at: start))
        XCTAssertEqual(screen.view().content.first, "> GET /posts/1 HTTP/1.1", "g: its first line")
        _ = screen.updateRendering(.key(.character("G"), at: start))
        _ = screen.updateRendering(.logged("> GET /posts/31 HTTP/1.1", isTrace: true, at: start))
        XCTAssertEqual(screen.view().content.last, "> GET /posts/31 HTTP/1.1", "at the end again, it follows")
        XCTAssertEqual(screen.updateRendering(.key(.character("r"), at: start)), [.reload(0)], "keys for the run still work under it")
        XCTAssertEqual(screen.updateRendering(.key(.enter, at: start)), [], "keys for the hidden view do nothing")
        XCTAssertEqual(screen.updateRendering(.key(.character("o"), at: start)), [])
        _ = screen.updateRendering(.key(.escape, at: start))
        XCTAssertFalse(screen.showingLog)
        XCTAssertTrue(screen.view().content.contains { $0.contains("title 1") })
    }

    func testAWarningShowsInTheFooterAndStaysInTheLog() {
        var screen = model()
        _ = screen.updateRendering(.logged("loadrun: warning: the copy store stayed locked", isTrace: false, at: start))
        XCTAssertEqual(screen.view().footer, "loadrun: warning: the copy store stayed locked")
        _ = screen.updateRendering(.tick(start + ScreenModel.noticeLifetime))
        XCTAssertTrue(screen.view().footer.contains("L log"), screen.view().footer)
        _ = screen.updateRendering(.key(.character("L"), at: start))
        XCTAssertTrue(screen.view().content.contains("loadrun: warning: the copy store stayed locked"))
    }

    func testTheLogIsBounded() {
        var screen = model()
        for index in 0..<(ScreenModel.logLimit * 2) { _ = screen.updateRendering(.logged("line \(index)", isTrace: true, at: start)) }
        XCTAssertLessThanOrEqual(screen.log.count, ScreenModel.logLimit + ScreenModel.logLimit / 10)
        XCTAssertEqual(screen.log.last, "line \(ScreenModel.logLimit * 2 - 1)")
    }
}
