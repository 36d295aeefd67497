@testable import LoadrunCLI
import Loader
import Plugins
import Screen
import XCTest

/// What the presenter relies on: only a key and the prefetch timer ask anything of the
/// session. Every other message comes from inside the session's handling of an event, where
/// a new event would run against actions not yet carried out, so it must ask nothing, even
/// when a list arrives under a selection that would rest there and prefetch.
final class ScreenModelContractTests: XCTestCase {
    private let start = ContinuousClock.now
    private let noon = WallTime(seconds: 43_200, timeOfDay: "12:00:00")

    func testOnlyKeysAndThePrefetchTimerAskAnythingOfTheSession() {
        let renderer = PluginScreenRenderer(plugins: .default(), base: RenderContext(width: 60, allowsStyling: false),
                                            selections: [.fixed(AnyContentDecoder(PostsPlugin()))])
        var screen = ScreenModel(sources: [SourceFacts(name: "posts", state: .loading(LoadProgress(), lastGood: nil))], rows: 20,
                                 columns: 60, reloadsOnInterval: true, readsKeys: true, renderer: renderer)
        let posts = AnyContent([Post(id: 1, title: "one", body: "b"), Post(id: 2, title: "two", body: "b")], decoder: PostsPlugin())
        let loaded = SourceFacts(name: "posts", state: .loaded(posts))
        let detail = DetailFacts(id: 3, parent: 0, main: SourceFacts(name: "posts › 1", state: .loaded(posts)))
        let others: [ScreenMessage] = [
            .sourceChanged(0, loaded, cause: .succeeded, bytes: 10, at: noon),
            .sourceChanged(0, loaded, cause: .notModified, bytes: 0, at: noon),
            .resized(rows: 10, columns: 40),
            .tick(start + .seconds(5)),
            .note("a note", about: "posts", at: start),
            .logged("a line", isTrace: true, at: start),
            .statuses(StatusBoard()),
            .showRecord(0, fields: ["id": "1"], note: "no detail"),
            .detailOpened(detail),
            .detailChanged(detail, cause: .succeeded, slot: 0, at: start),
        ]
        for message in others {
            XCTAssertEqual(screen.update(message), [], "\(message)")
        }
        // The same model does ask, for a key: it is not asking nothing of everything.
        XCTAssertEqual(screen.update(.key(.escape, at: start)), [.back])
    }
}
