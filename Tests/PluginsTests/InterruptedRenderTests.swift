#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plugins
import TestSupport
import XCTest

/// A render that holds the loop still notices a signal, stops, and leaves the signal to the
/// loop's own handler.
final class InterruptedRenderTests: XCTestCase {
    private let posts = (1...20_000).map { Post(id: $0, title: "Post number \($0)", body: "body \($0)") }

    func testTheProbeSeesASignalThatTheBusyLoopHasNotDispatched() {
        let loop = EventLoop()
        var handled = 0
        let watch = loop.onSignal(SIGUSR2) { handled += 1 }
        let probe = InterruptProbe(signals: [SIGUSR2])
        XCTAssertFalse(probe.check())
        raise(SIGUSR2)
        // The loop is not running: only the probe can see the signal now.
        XCTAssertTrue(waitUntil(limit: .seconds(5)) { probe.check() })
        XCTAssertEqual(handled, 0)
        // The loop's handler still gets the same signal, once the loop runs.
        XCTAssertTrue(loop.run(until: { handled == 1 }))
        probe.lower()
        XCTAssertFalse(probe.check(), "lowered once the handler has it")
        watch.cancel()
        probe.close()
    }

    func testARenderStopsEarlyOnceTheProbeIsRaised() throws {
        let plugin = PostsPlugin()
        let whole = plugin.render(posts, context: RenderContext(width: 80))
        let probe = InterruptProbe(signals: [SIGUSR2])
        defer { probe.close() }
        raise(SIGUSR2)
        XCTAssertTrue(waitUntil(limit: .seconds(5)) { probe.check() })
        let cut = plugin.render(posts, context: RenderContext(width: 80, interruption: probe))
        XCTAssertLessThan(cut.count, whole.count / 100, "it stopped at once, not after 20,000 posts")
        XCTAssertTrue(whole.hasPrefix(cut))
    }

    func testWithoutASignalTheRenderIsWhole() {
        let plugin = PostsPlugin()
        let probe = InterruptProbe(signals: [SIGUSR2])
        defer { probe.close() }
        XCTAssertEqual(plugin.render(posts, context: RenderContext(width: 80, interruption: probe)),
                       plugin.render(posts, context: RenderContext(width: 80)))
    }
}
