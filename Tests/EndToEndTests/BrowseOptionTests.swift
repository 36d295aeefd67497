import TestSupport
import XCTest

/// `--browse` and the options that go with it, refused through the real binary where they
/// cannot work: before anything is loaded, with exit 64, nothing on stdout, and one line that
/// says why and what to do instead.
final class BrowseOptionTests: XCTestCase {
    /// Runs `loadrun arguments…` with stdout on a real pipe into `cat`; returns loadrun's own
    /// exit status, stdout as `cat` passed it on, and stderr.
    private func throughPipe(_ arguments: [String]) throws -> (status: LoadrunProcess.Ending, output: String, errors: [String]) {
        let run = try LoadrunProcess(shell: #""$LOADRUN" "$@" | cat; exit "${PIPESTATUS[0]}""#, arguments: ["loadrun"] + arguments)
        let status = run.waitForExit()
        return (status, run.standardOutput, run.standardErrorLines)
    }

    func testBrowseOnAPipeIsAUsageErrorThatSaysWhy() throws {
        for option in ["--browse"] {
            let run = try throughPipe([option])
            XCTAssertEqual(run.status, .exited(64), option)
            XCTAssertEqual(run.output, "")
            XCTAssertEqual(run.errors, ["loadrun: --browse needs a terminal: standard output is not one (drop --browse to print the content, or --watch to follow it on a pipe)"])
        }
        let watching = try throughPipe(["--source", "posts", "--browse", "--watch", "1s"])
        XCTAssertEqual(watching.status, .exited(64))
        XCTAssertEqual(watching.errors, ["loadrun: --browse needs a terminal: standard output is not one (drop --browse, and --watch alone follows it on a pipe)"])
    }

    func testBrowseIsRefusedWithAJSONOutput() throws {
        for format in ["ndjson", "json"] {
            let run = try throughPipe(["--browse", "--output", format])
            XCTAssertEqual(run.status, .exited(64), format)
            XCTAssertEqual(run.output, "")
            XCTAssertEqual(run.errors.count, 1, "\(run.errors)")
            XCTAssertTrue(run.errors.first?.hasPrefix("loadrun: --browse is a full-screen view and does not go with --output \(format) (drop --browse") ?? false,
                          "\(run.errors)")
        }
    }

    func testDetailIsCheckedAndGoesWithAFullScreenView() throws {
        let alone = try throughPipe(["--detail", "/posts/{id}"])
        XCTAssertEqual(alone.status, .exited(64))
        XCTAssertEqual(alone.errors, ["loadrun: --detail is the URL an item opens in the full-screen view; it goes with --browse or --watch"])
        let broken = try throughPipe(["--watch", "1s", "--detail", "/posts/{id"])
        XCTAssertEqual(broken.status, .exited(64))
        XCTAssertEqual(broken.errors, [#"loadrun: --detail: "/posts/{id": the { at column 8 is never closed"#])
    }

    func testBrowseNeedsAKeyboardOnStandardInputToo() throws {
        // A real terminal on stdout, and stdin from a file: the view could not read its keys.
        let tmux = try TmuxSession("'\(LoadrunProcess.binaryPath)' --browse < /dev/null; echo EXIT=$?", width: 240)
        XCTAssertTrue(tmux.waitForScreen(containing: "EXIT="), tmux.screen())
        let screen = tmux.screen()
        XCTAssertTrue(screen.contains("loadrun: --browse needs a terminal: standard input is not one, and the view reads its keys there (drop --browse to print the content)"),
                      screen)
        XCTAssertTrue(screen.contains("EXIT=64"), screen)
    }
}
