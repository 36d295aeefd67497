#if canImport(Glibc)
import Glibc
#endif
import Loader
@testable import LoadrunCLI
import XCTest

/// `--on-change`'s executor with real `/bin/sh` commands on a real loop: what a command gets
/// (its input, its environment), what it says (line by line, after the source's name), how
/// its end is said, and that changes meanwhile run it again once, after it. (SIGTERM to what
/// still runs as loadrun ends is the end-to-end tests', on the binary.)
final class ChangeCommandsTests: XCTestCase {
    private var said: [String] = []
    private var inputs = 0

    /// As loadrun's main does (LoadInvocation): `echo` ends without reading its input, and
    /// writing that input must not kill the test process. Without it these tests passed only
    /// when a socket test ran first (GLib ignores SIGPIPE once a socket exists).
    override class func setUp() {
        super.setUp()
        signal(SIGPIPE, SIG_IGN)
    }

    func testACommandReadsTheContentAndSaysEachLineAfterTheSourcesName() throws {
        let loop = EventLoop()
        let commands = make("echo \"$LOADRUN_SOURCE|$LOADRUN_URL|$LOADRUN_STATUS|$LOADRUN_CHANGE\"; cat; printf 'no newline'; exit 3", loop: loop)
        commands.changed(0, status: 200)
        try run(loop, until: "posts: --on-change command exited with status 3")
        XCTAssertEqual(said, ["posts: posts as given|http://a.test/posts|200|1", "posts: content 1", "posts: no newline",
                              "posts: --on-change command exited with status 3"])
        commands.finish(lettingThemEnd: true, until: nil)
    }

    func testChangesWhileItRunsRunItOnceMoreAfterIt() throws {
        let loop = EventLoop()
        // The first run waits for its input's end, which comes at once; it says which change it is.
        let commands = make("echo \"change $LOADRUN_CHANGE\"", loop: loop)
        commands.changed(0, status: nil)
        commands.changed(0, status: nil)
        commands.changed(0, status: nil)
        try run(loop, until: "posts: change 3")
        XCTAssertEqual(said, ["posts: change 1", "posts: change 3"], "one run after the first, for the latest change")
        XCTAssertEqual(inputs, 2, "the content is read as each run starts")
        // As the run's end does: the last run ends by itself, and nothing more is said.
        commands.finish(lettingThemEnd: true, until: nil)
        XCTAssertEqual(said.count, 2)
    }

    // MARK: Helpers

    private func make(_ command: String, loop: EventLoop) -> ChangeCommands {
        let diagnostics = Diagnostics()
        diagnostics.divert { [unowned self] line in said.append(line.text) }
        return ChangeCommands(command: command, loop: loop, diagnostics: diagnostics,
                              describe: { _ in ChangeCommands.Source(name: "posts", label: "posts as given", url: "http://a.test/posts") },
                              input: { [unowned self] _ in
                                  inputs += 1
                                  return Array("content \(inputs)\n".utf8)
                              })
    }

    /// Turns the loop until `line` has been said; fails past a generous limit, which only a
    /// broken executor reaches.
    private func run(_ loop: EventLoop, until line: String) throws {
        var timedOut = false
        let limit = loop.schedule(after: .seconds(30)) { timedOut = true }
        defer { limit.cancel() }
        while !said.contains(line), !timedOut { loop.iterate(blocking: true) }
        if timedOut { XCTFail("never said \(line); said \(said)") }
    }
}
