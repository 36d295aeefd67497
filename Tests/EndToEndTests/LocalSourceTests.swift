#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// Files (by `file://` URL or by path) and `-` (standard input): sources that are not HTTP, offline.
final class LocalSourceTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-e2e-local-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private func file(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    func testFileURLLoadsPostsWithNoServer() throws {
        let url = try file("posts.json", Array(Fixtures.posts(2).utf8))
        let run = try LoadrunProcess(["--output", "text", "--url", url.absoluteString])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.hasPrefix("1  Post number 1\n"), run.standardOutput)
        XCTAssertEqual(run.standardErrorLines, ["posts.json: \(url.absoluteString)"])
    }

    func testStandardInputLoadsPostsArticlesAndImages() throws {
        let posts = try file("posts.json", Array(Fixtures.posts(1).utf8))
        let article = try file("article", Array(#"{"title":"From a pipe","body":"Yes."}"#.utf8))
        let image = try file("image", PNGWriter.rgb(width: 5, height: 4) { _, _ in (9, 9, 9) })
        for (input, expected) in [(posts, "1  Post number 1\n"), (article, "From a pipe\n\nYes.\n"),
                                  (image, "image/png 5×4, ")] {
            let run = try LoadrunProcess(shell: #"cat "$0" | "$LOADRUN" --output text --url -"#, arguments: [input.path])
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
            XCTAssertTrue(run.standardOutput.hasPrefix(expected), run.standardOutput)
            XCTAssertEqual(run.standardErrorLines, ["stdin: - (standard input)"])
        }
    }

    /// Issue 41: with no source, URL or list named, what is piped or redirected in is the
    /// content, as `jq` reads its input; `/dev/null` (cron, CI) keeps the sample posts.
    func testContentOnStandardInputIsTheContentWhenNothingIsNamed() throws {
        let piped = try LoadrunProcess(shell: #"echo '[{"a":1},{"a":2}]' | "$LOADRUN" --jq '.[].a'"#)
        XCTAssertEqual(piped.waitForExit(), .exited(0), piped.standardError)
        XCTAssertEqual(piped.standardOutput, "1\n2\n")
        let posts = try file("posts.json", Array(Fixtures.posts(3).utf8))
        let redirected = try LoadrunProcess(shell: #""$LOADRUN" --output text --max-items 2 < "$0""#, arguments: [posts.path])
        XCTAssertEqual(redirected.waitForExit(), .exited(0), redirected.standardError)
        XCTAssertTrue(redirected.standardOutput.hasPrefix("1  Post number 1\n"), redirected.standardOutput)
        XCTAssertEqual(redirected.standardErrorLines.first, "stdin: - (standard input)")
        let nothing = try LoadrunProcess(["--max-items", "1"])
        XCTAssertEqual(nothing.waitForExit(), .exited(0), nothing.standardError)
        XCTAssertTrue(nothing.standardOutput.contains("Loading states are a contract"), nothing.standardOutput)
        let named = try LoadrunProcess(shell: #"echo '[{"a":1}]' | "$LOADRUN" --output text --url "$0""#, arguments: [posts.path])
        XCTAssertEqual(named.waitForExit(), .exited(0), named.standardError)
        XCTAssertTrue(named.standardOutput.hasPrefix("1  Post number 1\n"), "a URL named is loaded, not the pipe: \(named.standardOutput)")
    }

    /// Issue 26: an empty standard input said `no plugin takes the empty response … name one
    /// with --plugin`, and a bad one `check that the URL serves json`.
    func testEmptyStandardInputIsAClearErrorAndErrorsSpeakOfStandardInput() throws {
        let empty = "stdin: standard input was empty — pipe the content in (curl -s URL | loadrun --url -), "
            + "or check that the command before the | printed it"
        for arguments in [["--url", "-"], ["--url", "-", "--plugin", "posts"]] {
            let run = try LoadrunProcess(arguments)
            XCTAssertEqual(run.waitForExit(), .exited(2), "\(arguments)")
            XCTAssertEqual(run.standardErrorLines.last, empty,
                           "an empty standard input is more often a broken pipeline than an answer: \(run.standardError)")
        }
        let broken = try LoadrunProcess(shell: #"printf '{' | "$LOADRUN" --url -"#)
        XCTAssertEqual(broken.waitForExit(), .exited(2))
        XCTAssertEqual(broken.standardErrorLines.last, "stdin: the response from standard input is not valid JSON "
            + "(an object key that is not a string, at line 1, column 2) — check that standard input holds json")
    }

    func testCtrlCWhileWaitingOnStandardInputCancels() throws {
        // stdin is a FIFO that the shell holds open for writing (fd 3) and never writes to,
        // so loadrun waits on its read; `exec` makes the process loadrun itself.
        let fifo = directory.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let run = try LoadrunProcess(shell: #"exec 3<>"$0"; exec "$LOADRUN" --url - <"$0""#, arguments: [fifo])
        // The line comes after the signal watches and before the read starts; a SIGINT now is
        // handled once the loop runs, with the read in flight.
        XCTAssertTrue(run.waitForStandardError(containing: "stdin: - (standard input)"), run.standardError)
        run.send(SIGINT)
        XCTAssertEqual(run.waitForExit(limit: .seconds(5)), .exited(130), run.standardError)
        XCTAssertEqual(run.standardErrorLines.last, "stdin: cancelled")
        XCTAssertEqual(run.standardOutput, "")
    }

    /// `--timeout` bounds standard input as it bounds a request, as curl's `-m` bounds every
    /// transfer: a pipe that stops sending ends the run with the deadline's words, and it is
    /// not read again by a retry (what is left of it is no answer).
    func testATimeoutBoundsAStandardInputThatStopsSendingAndItIsNotRetried() throws {
        let fifo = directory.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let run = try LoadrunProcess(shell: #"exec 3<>"$0"; printf '[1' >&3; exec "$LOADRUN" --url - --timeout 300ms --retry 2 <"$0""#,
                                     arguments: [fifo])
        XCTAssertEqual(run.waitForExit(limit: .seconds(10)), .exited(2), run.standardError)
        XCTAssertEqual(run.standardErrorLines.last, "stdin: standard input did not end within 300 ms — "
            + "the command before the | is slow or stuck; raise --timeout to wait longer")
        XCTAssertFalse(run.standardError.contains("retrying"), run.standardError)
        XCTAssertEqual(run.standardOutput, "")
    }

    /// shared-mime-info takes `[1]` for an MPL2 subtitle: a guess from the bytes alone at a
    /// text format is left out, and the content's shape decides.
    func testAShortJSONArrayOnStandardInputIsJSON() throws {
        let run = try LoadrunProcess(shell: #"echo '[1]' | "$LOADRUN" --output text --compact-output -"#)
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "[1]\n")
        XCTAssertTrue(run.standardError.contains("shown as JSON"), run.standardError)
    }

    func testMissingFileIsOneLine() throws {
        let missing = directory.appendingPathComponent("missing.json")
        let run = try LoadrunProcess(["--url", missing.absoluteString])
        XCTAssertEqual(run.waitForExit(), .exited(2))
        XCTAssertEqual(run.standardErrorLines.last, "missing.json: there is no file \(missing.path) — check the path")
    }

    func testAPathLoadsTheFileAbsoluteRelativeOrBare() throws {
        let file = directory.appendingPathComponent("x.json")
        try Data(Fixtures.posts(1).utf8).write(to: file)
        let absolute = try LoadrunProcess(["--output", "text", "--url", file.path])
        XCTAssertEqual(absolute.waitForExit(), .exited(0), absolute.standardError)
        XCTAssertTrue(absolute.standardOutput.hasPrefix("1  Post number 1\n"), absolute.standardOutput)
        XCTAssertEqual(absolute.standardErrorLines, ["x.json: \(file.absoluteURL.absoluteString)"])

        for typed in ["./x.json", "x.json"] {
            let relative = try LoadrunProcess(shell: #"cd "$0" && exec "$LOADRUN" --output text --url "$1""#, arguments: [directory.path, typed])
            XCTAssertEqual(relative.waitForExit(), .exited(0), "\(typed): \(relative.standardError)")
            XCTAssertTrue(relative.standardOutput.hasPrefix("1  Post number 1\n"), "\(typed): \(relative.standardOutput)")
        }
    }

    func testADirectoryIsNoFileToLoad() throws {
        let folder = directory.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let run = try LoadrunProcess(["--url", folder.path])
        XCTAssertEqual(run.waitForExit(), .exited(2))
        XCTAssertEqual(run.standardErrorLines.last, "folder: \(folder.path) is a directory — name a file")
    }
}
