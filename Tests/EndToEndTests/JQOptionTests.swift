import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import XCTest

/// `--jq` from the command line against a real server: the program compiled before any
/// request, its results shown by loadrun's own views, its errors the source's.
final class JQOptionTests: XCTestCase {
    static let users = #"[{"id": 1, "name": "Ana", "email": "ana@example.com", "phone": "1"}, {"id": 2, "name": "Bo", "email": "bo@example.com", "phone": "2"}]"#
    static let feed = """
        <rss version="2.0"><channel><title>Notes</title><item><title>First note</title><guid>n1</guid></item></channel></rss>
        """

    private func server(requests: Counter = Counter()) -> TestServer {
        TestServer { server, _ in
            server.route("/posts", TestRoutes.fixed(Fixtures.posts(3), requests: requests))
            server.route("/users", TestRoutes.fixed(Self.users, requests: requests))
            server.route("/feed", TestRoutes.fixed(contentType: "application/rss+xml", Self.feed, requests: requests))
            server.route("/raw", TestRoutes.fixed(contentType: "text/plain; charset=utf-8", Self.users, requests: requests))
        }
    }

    private func run(_ arguments: [String]) throws -> LoadrunProcess {
        let run = try LoadrunProcess(arguments)
        _ = run.waitForExit()
        return run
    }

    /// libjq 1.6 leaves the input and debug callbacks unset: `input`, `inputs` and `debug`
    /// called through garbage, which a poisoned heap made a SIGSEGV every time.
    func testInputInputsAndDebugRunAsJQsDoOnAPoisonedHeap() throws {
        let server = server()
        let poisoned = ["MALLOC_PERTURB_": "165", "GLIBC_TUNABLES": "glibc.malloc.tcache_count=0"]
        let ended = { (arguments: [String]) throws -> LoadrunProcess in
            let run = try LoadrunProcess(["--url", server.url("/posts"), "--no-history"] + arguments, environment: poisoned)
            _ = run.waitForExit()
            return run
        }
        let input = try ended(["--jq", "input"])
        XCTAssertEqual(input.waitForExit(), .exited(2), "no more input is jq's error, as jq 1.6 words it: \(input.standardError)")
        XCTAssertTrue(input.standardError.contains("gave jq an error: break"), input.standardError)
        let inputs = try ended(["--jq", "[inputs] | length"])
        XCTAssertEqual(inputs.waitForExit(), .exited(0), inputs.standardError)
        XCTAssertEqual(inputs.standardOutput, "0\n")
        let debug = try ended(["--jq", "debug | length"])
        XCTAssertEqual(debug.waitForExit(), .exited(0), debug.standardError)
        XCTAssertEqual(debug.standardOutput, "3\n")
        XCTAssertTrue(debug.standardError.contains(#"posts: ["DEBUG:",[{"#), "said on stderr as jq says it: \(debug.standardError)")
        let until = try ended(["--until", "input", "--until-timeout", "200ms"])
        XCTAssertEqual(until.waitForExit(), .exited(1), until.standardError)
    }

    /// Issue 57: `echo 42 | loadrun --jq .` failed "not JSON": untyped content was JSON only
    /// when it opened with `{` or `[`. jq reads any JSON text, and JSON Lines of them; what is
    /// no JSON at all is still refused, naming what it is.
    func testAnyJSONTextOnAPipeIsJQsInputAsJQReadsIt() throws {
        for (input, program, output) in [("42", ".", "42\n"), (#"1\n2\n3"#, ". * 10", "10\n20\n30\n"), (#"\"text\""#, "length", "4\n"),
                                          ("true", "not", "false\n"), ("null", ". // 7", "7\n"), ("-1.5", "fabs", "1.5\n")] {
            let run = try LoadrunProcess(shell: #"printf -- "$0\n" | "$LOADRUN" --jq "$1""#, arguments: [input, program])
            XCTAssertEqual(run.waitForExit(), .exited(0), "\(input): \(run.standardError)")
            XCTAssertEqual(run.standardOutput, output, input)
        }
        let text = try LoadrunProcess(shell: #"echo hello | "$LOADRUN" --jq ."#)
        XCTAssertEqual(text.waitForExit(), .exited(2), text.standardError)
        XCTAssertTrue(text.standardError.contains("is content with no type, not JSON"), text.standardError)
    }

    /// jq's `stderr` wrote a server's C1 (CSI) and bidi characters raw to the terminal.
    func testStderrSaysTheValueMadeInert() throws {
        let server = TestServer { server, _ in
            server.route("/hostile", TestRoutes.fixed(#"{"name": "a\u009b31mb\u202ec"}"#))
        }
        let run = try self.run(["--url", server.url("/hostile"), "--no-history", "--jq", ".name | stderr | length"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "8\n", "stderr passes its value on")
        XCTAssertTrue(run.standardError.contains(#"hostile: "a"#), "said as a note of the source: \(run.standardError)")
        XCTAssertFalse(run.standardError.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E }, run.standardError)
    }

    /// A program runs off the loop: one that never ends holds no signal, deadline or timeout.
    ///
    /// What shows the loop turning is what it does meanwhile (a reload refused and said, a
    /// deadline met with its words), not which path ended the run on Ctrl-C: on a busy machine
    /// the last resort may take the signal first (`LastResort.endingPatience`, 60 ms), and the
    /// run ends with 130 either way.
    func testAProgramThatNeverEndsHoldsNoSignalDeadlineOrTimeout() throws {
        let server = server()
        let forever = "last(range(infinite))"
        let watch = try LoadrunProcess(["--url", server.url("/posts"), "--no-history", "--watch", "1s", "--jq", forever])
        XCTAssertTrue(watch.waitForStandardError(containing: "posts: "), watch.standardError)
        // The loop turns while the load runs: a reload asked for is refused at once, and said.
        watch.send(SIGUSR1)
        XCTAssertTrue(watch.waitForStandardError(containing: "reload skipped — previous load still running"), watch.standardError)
        watch.send(SIGINT)
        XCTAssertEqual(watch.waitForExit(), .exited(130), watch.standardError)

        let timeout = try LoadrunProcess(["--url", server.url("/posts"), "--no-history", "--timeout", "500ms", "--jq", forever])
        XCTAssertEqual(timeout.waitForExit(), .exited(2), timeout.standardError)
        XCTAssertTrue(timeout.standardError.contains("gave jq an error: it was still running when its time was up"), timeout.standardError)

        let wait = try LoadrunProcess(["--url", server.url("/posts"), "--no-history", "--until", "\(forever) < 0", "--until-timeout", "500ms"])
        XCTAssertEqual(wait.waitForExit(), .exited(1), wait.standardError)
        XCTAssertTrue(wait.standardError.contains("posts: `\(forever) < 0` was still running when --until-timeout passed"), wait.standardError)

        // A wait with no timeout: Ctrl-C ends it.
        let untimed = try LoadrunProcess(["--url", server.url("/posts"), "--no-history", "--until", "\(forever) < 0"])
        XCTAssertTrue(untimed.waitForStandardError(containing: "posts: "), untimed.standardError)
        untimed.send(SIGINT)
        XCTAssertEqual(untimed.waitForExit(), .exited(130), untimed.standardError)
    }

    /// A run past its time has its worker killed: each reload of a watch runs the program
    /// anew and fails at its own deadline, and neither threads nor workers pile up one a
    /// reload.
    /// Issue 57: `def f: 1 + f; f` grew 600 MB/s until --timeout, and died of SIGABRT under
    /// `ulimit -v`. Its worker meets its bound, and the run fails with words, exit 2; a
    /// program that loops without allocating is ended by Ctrl-C, and leaves no worker behind.
    func testAProgramWithoutEndIsBoundedAndEndedAndLeavesNoWorker() throws {
        let server = server()
        let recursion = try run(["--url", server.url("/posts"), "--no-history", "--jq", "def f: 1 + f; f"])
        XCTAssertEqual(recursion.waitForExit(), .exited(2), recursion.standardError)
        XCTAssertTrue(recursion.standardError.contains("gave jq an error: it needed more than the 512 MiB of memory loadrun gives a jq program"),
                      recursion.standardError)
        let tag = UUID().uuidString
        let loop = try LoadrunProcess(["--url", server.url("/posts"), "--no-history", "--jq", "def f: f; f"], environment: ["LOADRUN_TEST_TAG": tag])
        // Its worker compiled the program before the run began: the run is on once it spins.
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { Self.processes(tagged: tag).contains { $0 != loop.pid && Self.cpuTicks(of: $0) > 10 } },
                      "its worker runs the program")
        loop.send(SIGINT)
        XCTAssertEqual(loop.waitForExit(), .exited(130), loop.standardError)
        XCTAssertTrue(waitUntil(limit: .seconds(5)) { Self.processes(tagged: tag).isEmpty }, "no worker is left: \(Self.processes(tagged: tag))")
    }

    /// The CPU time `pid` has used in user mode, in clock ticks (`/proc/PID/stat`'s 14th field).
    private static func cpuTicks(of pid: Int32) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 11 ? Int(fields[11]) ?? 0 : 0
    }

    /// The processes whose environment holds `LOADRUN_TEST_TAG=tag`.
    private static func processes(tagged tag: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environment.range(of: Data("LOADRUN_TEST_TAG=\(tag)".utf8)) != nil
        }
    }

    func testAProgramPastItsTimeIsEndedAndEachReloadRunsItAnew() throws {
        let server = server()
        let watch = try LoadrunProcess(["--url", server.url("/posts"), "--no-history", "--no-retry", "--watch", "50ms", "--timeout", "200ms",
                                        "--jq", "last(range(infinite))"])
        let words = "was still running when its time was up"
        XCTAssertTrue(watch.waitForStandardError(containing: words), watch.standardError)
        let seen = watch.standardError.components(separatedBy: words).count
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { watch.standardError.components(separatedBy: words).count > seen + 2 },
                      "reloads go on, each ended at its time: \(watch.standardError)")
        // Each thread's children: a worker is the child of the thread that started it.
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(watch.pid)/task")) ?? []
        let workers = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(watch.pid)/task/\(task)/children", encoding: .utf8)) ?? "").split(separator: " ")
        }
        XCTAssertLessThanOrEqual(workers.count, 2, "a jq worker or two, not one a reload: \(workers)")
        XCTAssertLessThan(tasks.count, 12, "one jq thread, not one a reload")
        watch.send(SIGTERM)
        XCTAssertEqual(watch.waitForExit(), .exited(143), watch.standardError)
    }

    func testAStringIsOneRawLine() throws {
        let server = server()
        let run = try self.run(["--url", server.url("/posts"), "--jq", ".[0].title"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput.split(separator: "\n").count, 1, run.standardOutput)
        XCTAssertFalse(run.standardOutput.contains("\""), "raw, as jq -r prints it: \(run.standardOutput)")
        XCTAssertFalse(run.standardOutput.isEmpty)
    }

    func testAnArrayOfRecordsIsATable() throws {
        let server = server()
        let run = try self.run(["--output", "text", "--url", server.url("/users"), "--jq", "[.[] | {id, name, email}]"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first?.split(separator: " ", omittingEmptySubsequences: true), ["id", "name", "email"], run.standardOutput)
        XCTAssertTrue(lines.contains { $0.contains("Ana") && $0.contains("ana@example.com") }, run.standardOutput)
        XCTAssertFalse(run.standardOutput.contains("phone"), "only what the program kept")
    }

    func testAProgramThatDoesNotCompileIsAUsageErrorBeforeAnyRequest() throws {
        let requests = Counter()
        let server = server(requests: requests)
        let run = try self.run(["--url", server.url("/posts"), "--jq", ".[0"])
        XCTAssertEqual(run.waitForExit(), .exited(64))
        XCTAssertTrue(run.standardError.contains("--jq: jq: error: syntax error"), run.standardError)
        XCTAssertTrue(run.standardError.contains("jq: 1 compile error"), run.standardError)
        XCTAssertEqual(requests.count, 0, "no request was made")
    }

    /// Issue 57: a `jq=` that does not compile was said at its group's line, not its own.
    func testAJQKeyThatDoesNotCompileIsSaidAtItsOwnLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-jqline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("sources.conf").path
        try "# mine\n[source x]\nurl=http://127.0.0.1:9/x\ninterval=5s\njq=.[0\n".write(toFile: config, atomically: true, encoding: .utf8)
        let run = try self.run(["--config", config, "x"])
        XCTAssertEqual(run.waitForExit(), .exited(64), run.standardError)
        XCTAssertTrue(run.standardError.contains("\(config):5: jq: jq: error: syntax error"), run.standardError)
    }

    func testARuntimeErrorIsTheSourcesFailureWithJQsMessage() throws {
        let server = server()
        let run = try self.run(["--url", server.url("/posts"), "--jq", ".[0] | .title | .[0]", "--no-retry"])
        XCTAssertEqual(run.waitForExit(), .exited(2))
        XCTAssertTrue(run.standardError.contains("posts: the response from"), run.standardError)
        XCTAssertTrue(run.standardError.contains("gave jq an error: Cannot index string with number"), run.standardError)
        XCTAssertFalse(run.standardError.contains("--plugin"), "no plugin is the remedy: \(run.standardError)")
    }

    func testJSONOutputIsOneDocumentPrettyOrSeveralOneALine() throws {
        let server = server()
        let one = try self.run(["--url", server.url("/users"), "--jq", ".[0] | {id, name}", "--output", "json"])
        XCTAssertEqual(one.waitForExit(), .exited(0), one.standardError)
        XCTAssertEqual(one.standardOutput, "{\n  \"id\": 1,\n  \"name\": \"Ana\"\n}\n")
        let several = try self.run(["--url", server.url("/users"), "--jq", ".[] | {id}", "--output", "json"])
        XCTAssertEqual(several.waitForExit(), .exited(0), several.standardError)
        XCTAssertEqual(several.standardOutput, "{\"id\":1}\n{\"id\":2}\n", "as jq -c prints them")
    }

    func testAFeedIsFilteredAsItsJSONFeedForm() throws {
        let server = server()
        let run = try self.run(["--url", server.url("/feed"), "--jq", ".items[0].title"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "First note\n")
    }

    /// `jq=` per source, as `plugin=` is: its program runs on that source only, compiled
    /// before any request; one that does not compile stops the run at its line.
    func testTheSourcesFileSetsAProgramPerSource() throws {
        let requests = Counter()
        let server = server(requests: requests)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-jq-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("sources.conf")
        try """
            [source names]
            url=\(server.url("/users"))
            jq=.[].name

            [source plain]
            url=\(server.url("/users"))
            """.write(to: config, atomically: true, encoding: .utf8)
        let filtered = try self.run(["--config", config.path, "--source", "names"])
        XCTAssertEqual(filtered.waitForExit(), .exited(0), filtered.standardError)
        XCTAssertEqual(filtered.standardOutput, "Ana\nBo\n")
        let plain = try self.run(["--config", config.path, "--source", "plain"])
        XCTAssertTrue(plain.standardOutput.contains("phone"), "no program: the table of users: \(plain.standardOutput)")

        try "[source broken]\nurl=\(server.url("/users"))\njq=.[\n".write(to: config, atomically: true, encoding: .utf8)
        let before = requests.count
        let broken = try self.run(["--config", config.path, "--source", "broken"])
        XCTAssertEqual(broken.waitForExit(), .exited(64))
        XCTAssertTrue(broken.standardError.contains("sources.conf:3: jq: jq: error: syntax error"), "at the jq= line: \(broken.standardError)")
        XCTAssertEqual(requests.count, before, "no request was made")
    }

    func testAProgramThatGivesNothingSaysSo() throws {
        let server = server()
        let run = try self.run(["--url", server.url("/users"), "--jq", ".[] | select(.id > 5)"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "")
        XCTAssertTrue(run.standardError.contains("users: the jq program gave no results"), run.standardError)
    }

    func testJQAndPluginTogetherAreAUsageError() throws {
        let run = try self.run(["--source", "posts", "--jq", ".", "--plugin", "posts"])
        XCTAssertEqual(run.waitForExit(), .exited(64))
        XCTAssertTrue(run.standardError.contains("--jq and --plugin"), run.standardError)
    }

    func testAWatchMarksTheNewItemsOfTheFilteredList() throws {
        let document = ChangingDocument(#"{"data": [{"id": 1, "name": "Ana", "secret": "a"}]}"#)
        let server = TestServer { server, _ in server.route("/users", document.handler()) }
        let run = try LoadrunProcess(["--url", server.url("/users"), "--jq", "[.data[] | {id, name}]", "--watch", "50ms", "--output", "text"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= 2 }, run.standardError)
        document.set(#"{"data": [{"id": 1, "name": "Ana", "secret": "changed"}]}"#)
        let quiet = document.requests
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { document.requests >= quiet + 2 })
        document.set(#"{"data": [{"id": 1, "name": "Ana", "secret": "a"}, {"id": 2, "name": "Bo", "secret": "b"}]}"#)
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { run.standardOutput.contains("+ ") }, run.standardOutput)
        run.send(SIGTERM)
        XCTAssertEqual(run.waitForExit(), .exited(143))
        let prints = run.standardOutput.components(separatedBy: "==> users at ").dropFirst()
        XCTAssertEqual(prints.count, 2, "a field the program drops changes nothing: \(run.standardOutput)")
        let added = try XCTUnwrap(prints.last).split(separator: "\n").filter { $0.hasPrefix("+ ") }
        XCTAssertEqual(added.count, 1, run.standardOutput)
        XCTAssertTrue(added[0].contains("Bo"), run.standardOutput)
    }

    func testJSONServedAsPlainTextIsFilteredAsCurlPipedToJqWouldBe() throws {
        let server = server()
        let run = try self.run(["--url", server.url("/raw"), "--jq", ".[1].name"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "Bo\n")
    }
}
