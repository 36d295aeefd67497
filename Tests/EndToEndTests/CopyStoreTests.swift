import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import XCTest

/// The copy store across runs of the real binary against a real server, with the server's own
/// count of requests as the evidence: every run asks, a 304 shows the copy, a server that
/// cannot be reached gets the copy shown marked, and damage, concurrency and an unwritable
/// directory never cost the document.
final class CopyStoreTests: XCTestCase {
    private var directory: URL!
    private var cache: String { directory.appendingPathComponent("cache").path }
    private var store: String { cache + "/loadrun/copies.sqlite" }
    /// Where the copy store's key secret is kept: shared by the runs that share the cache.
    private var state: String { directory.appendingPathComponent("state").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: [String]) throws -> LoadrunProcess {
        try LoadrunProcess(arguments, environment: ["XDG_CACHE_HOME": cache, "XDG_STATE_HOME": state])
    }

    /// A response with both validators and no Cache-Control: libsoup's SoupCache took it as
    /// fresh for a tenth of its age and answered the next run without asking.
    func testEveryRunAsksOnceAndA304ShowsTheStoredCopy() throws {
        let requests = Record<String>()
        let server = TestServer { server, _ in
            server.route("/posts") { exchange in
                requests.append(exchange.requestHeader("If-None-Match") ?? "unconditional")
                exchange.setHeader("Last-Modified", "Mon, 01 Jan 2024 00:00:00 GMT")
                exchange.respondCacheable(contentType: "application/json", body: Array(Fixtures.posts(2).utf8))
            }
        }
        let arguments = ["-v", "--source", "posts", "--url", server.url("/posts")]
        let first = try run(arguments)
        XCTAssertEqual(first.waitForExit(), .exited(0), first.standardError)
        XCTAssertTrue(first.standardErrorLines.contains("* no stored copy"), first.standardError)

        let second = try run(arguments)
        XCTAssertEqual(second.waitForExit(), .exited(0), second.standardError)
        XCTAssertEqual(second.standardOutput, first.standardOutput, "the stored copy, shown as the first run showed it")
        XCTAssertEqual(requests.all.count, 2, "one request a run: \(requests.all)")
        XCTAssertNotEqual(requests.all.last, "unconditional", "the second asked whether it changed")
        XCTAssertTrue(second.standardErrorLines.contains { $0.hasPrefix("* revalidated: 304, showing the copy stored ") }, second.standardError)

        // Issue 41: the record of that load said "http_status":304 with "not_modified":false.
        let logged = try run(["--output", "ndjson", "--source", "posts", "--url", server.url("/posts")])
        XCTAssertEqual(logged.waitForExit(), .exited(0), logged.standardError)
        let settled = try XCTUnwrap(logged.standardOutput.split(separator: "\n").last)
        XCTAssertTrue(settled.contains(#""http_status":304"#) && settled.contains(#""not_modified":true"#), String(settled))
    }

    func testAChangedDocumentIsShownAndKeptInPlaceOfTheOld() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let arguments = ["--source", "posts", "--url", server.url("/posts")]
        XCTAssertEqual(try run(arguments).waitForExit(), .exited(0))
        backend.setPosts(4)
        let changed = try run(arguments)
        XCTAssertEqual(changed.waitForExit(), .exited(0))
        XCTAssertTrue(changed.standardOutput.contains("Post number 4"), changed.standardOutput)
        let again = try run(arguments)
        XCTAssertEqual(again.waitForExit(), .exited(0))
        XCTAssertEqual(again.standardOutput, changed.standardOutput)
        XCTAssertEqual(backend.tally.requests, 3)
        XCTAssertEqual(backend.tally.notModified, 1, "the changed copy was the one kept")
    }

    func testWithTheServerDownTheLastGoodCopyIsShownMarkedAndTheRunFails() throws {
        let backend = WatchedBackend()
        var server: TestServer? = TestServer(serving: backend)
        let url = server!.url("/posts")
        let first = try run(["--source", "posts", "--url", url])
        XCTAssertEqual(first.waitForExit(), .exited(0), first.standardError)
        server?.stop()
        server = nil

        let text = try run(["--source", "posts", "--url", url, "--no-retry"])
        XCTAssertEqual(text.waitForExit(), .exited(2), "the load still failed: \(text.standardError)")
        XCTAssertEqual(text.standardOutput, first.standardOutput)
        XCTAssertTrue(text.standardError.contains("connection refused"), text.standardError)
        XCTAssertTrue(text.standardError.contains("showing the last good copy, from "), text.standardError)

        let json = try run(["--source", "posts", "--url", url, "--no-retry", "--output", "json"])
        XCTAssertEqual(json.waitForExit(), .exited(2))
        XCTAssertTrue(json.standardOutput.contains("\"title\": \"Post number 3\""), json.standardOutput)

        let ndjson = try run(["--source", "posts", "--url", url, "--no-retry", "--output", "ndjson"])
        XCTAssertEqual(ndjson.waitForExit(), .exited(2))
        let failed = try XCTUnwrap(ndjson.standardOutput.split(separator: "\n").last)
        let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(failed.utf8)) as? [String: Any])
        XCTAssertEqual(record["to"] as? String, "failed")
        XCTAssertEqual(record["stale"] as? Bool, true, String(failed))
    }

    /// A watch revalidates the stored copy once, then its own reloads get 304s; meanwhile the
    /// copy's confirmation is set an hour back: the watch's later 304s move it, so the offline
    /// run after says seconds, not the hour that its first 304 would leave. The watch is
    /// ended while its next request is held open, as a watch of a slow server mostly is: the
    /// request in flight holds the store past the exit, so the run's end, not the store's
    /// deinit, must write the confirmations that wait.
    func testAWatchsNotModifiedAnswersConfirmTheStoredCopy() throws {
        let backend = WatchedBackend()
        let (holding, arrivals) = (Flag(), Counter())
        var server: TestServer? = TestServer { server, _ in
            let handler = backend.handler()
            server.route("/posts") { exchange in
                arrivals.increment()
                // Never answered: the client has it in flight until it goes.
                if holding.isSet { return exchange.pause() }
                handler(exchange)
            }
        }
        let url = server!.url("/posts")
        XCTAssertEqual(try run(["--source", "posts", "--url", url]).waitForExit(), .exited(0))
        let watch = try run(["--source", "posts", "--url", url, "--watch", "50ms"])
        // Two: the watch has taken in its first 304 (and written its confirmation at once) when
        // it asks again.
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { backend.tally.notModified >= 2 }, watch.standardError)
        try sqlite("UPDATE copies SET verified_at = verified_at - 3600, stored_at = stored_at - 3600")
        let seen = backend.tally.notModified
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { backend.tally.notModified >= seen + 2 }, watch.standardError)
        holding.set()
        // Any request that arrives after this count sees the hold.
        let answered = arrivals.count
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { arrivals.count > answered }, watch.standardError)
        watch.send(SIGTERM)
        XCTAssertEqual(watch.waitForExit(), .exited(143), watch.standardError)
        server?.stop()
        server = nil

        let offline = try run(["--source", "posts", "--url", url, "--no-retry"])
        XCTAssertEqual(offline.waitForExit(), .exited(2), offline.standardError)
        let said = try XCTUnwrap(offline.standardError.range(of: "showing the last good copy, from "), offline.standardError)
        let age = offline.standardError[said.upperBound...].prefix { $0 != ";" && $0 != "\n" }
        XCTAssertTrue(age.hasSuffix(" s ago"), "confirmed seconds ago, not an hour: \(offline.standardError)")
    }

    /// A store directory or file that another user owns is never written: one warning, and
    /// the load goes on without stored copies. (Needs root, to give the files away.)
    func testAStoreThatIsAnotherUsersIsRefusedAndTheLoadGoesOn() throws {
        guard geteuid() == 0 else { throw XCTSkip("giving a file to another user needs root") }
        let server = TestServer(serving: WatchedBackend())
        let arguments = ["--source", "posts", "--url", server.url("/posts"), "--no-history"]
        XCTAssertEqual(try run(arguments).waitForExit(), .exited(0))
        let nobody: uid_t = 65534
        chmod(cache + "/loadrun", 0o777)
        chmod(store, 0o666)
        XCTAssertEqual(chown(store, nobody, gid_t(nobody)), 0)
        let refused = try run(arguments)
        XCTAssertEqual(refused.waitForExit(), .exited(0), refused.standardError)
        XCTAssertTrue(refused.standardError.contains("\(store) belongs to nobody (uid 65534), not to you; loads go on without stored copies"),
                      refused.standardError)
        var info = stat()
        XCTAssertEqual(stat(store, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o666, "another user's file is left as it was")
        XCTAssertEqual(chown(store, 0, 0), 0)
        XCTAssertEqual(chown(cache + "/loadrun", nobody, gid_t(nobody)), 0)
        let directory = try run(arguments)
        XCTAssertEqual(directory.waitForExit(), .exited(0), directory.standardError)
        XCTAssertTrue(directory.standardError.contains("\(cache)/loadrun belongs to nobody (uid 65534), not to you"), directory.standardError)
    }

    /// Past `ulimit -f`, a store's write is EFBIG and the store goes off with a warning; the
    /// signal SIGXFSZ, which would end the run before its content shows, is ignored.
    func testAFileSizeLimitCostsTheStoreNotTheRun() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(40))) }
        // Only loadrun is limited: its stdout goes through cat, which is not.
        let run = try LoadrunProcess(shell: "set -o pipefail; (ulimit -f 1; exec \"$LOADRUN\" --url \(server.url("/posts")) --plugin posts) | cat",
                                     environment: ["XDG_CACHE_HOME": cache, "XDG_STATE_HOME": state])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.contains("Post number 40"), run.standardOutput)
        XCTAssertTrue(run.standardError.contains("loadrun: warning: "), "the store that could not be written is said: \(run.standardError)")
    }

    func testAWatchOnAPipeShowsTheCopyBesideItsFailure() throws {
        var server: TestServer? = TestServer(serving: WatchedBackend())
        let url = server!.url("/posts")
        XCTAssertEqual(try run(["--source", "posts", "--url", url]).waitForExit(), .exited(0))
        server?.stop()
        server = nil
        let watch = try run(["--source", "posts", "--url", url, "--no-retry", "--watch", "1h"])
        XCTAssertTrue(waitUntil(limit: .seconds(10)) { watch.standardOutput.contains("Post number 3") }, watch.standardError)
        XCTAssertTrue(watch.standardError.contains("showing the last good copy, from "), watch.standardError)
        watch.send(SIGTERM)
        XCTAssertEqual(watch.waitForExit(), .exited(143))
    }

    func testAServerErrorShowsTheCopyButANotFoundDoesNot() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let arguments = ["--source", "posts", "--url", server.url("/posts"), "--no-retry"]
        let first = try run(arguments)
        XCTAssertEqual(first.waitForExit(), .exited(0))
        backend.setFailing(true)
        let failing = try run(arguments)
        XCTAssertEqual(failing.waitForExit(), .exited(2))
        XCTAssertEqual(failing.standardOutput, first.standardOutput, "a 503 leaves the copy standing")
        XCTAssertTrue(failing.standardError.contains("HTTP 503"), failing.standardError)

    }

    /// A 404 for a URL whose copy is kept is the server's answer: no copy beside it. A 200 that
    /// no plugin takes never replaces the copy: with the server down, the good one is shown.
    func testA404ShowsNoCopyAndABodyThatDoesNotDecodeIsNeverKept() throws {
        let notFound = Flag(), garbage = Flag(), down = Flag()
        let server = TestServer { server, _ in
            server.route("/posts") { exchange in
                if notFound.isSet { return exchange.respond(status: 404, text: "gone") }
                if down.isSet { return exchange.respond(status: 503, text: "") }
                if garbage.isSet {
                    exchange.setHeader("ETag", "\"garbage\"")
                    return exchange.respond(status: 200, contentType: "application/json", body: Array("[{\"id\": 1,".utf8))
                }
                exchange.respondCacheable(contentType: "application/json", body: Array(Fixtures.posts(3).utf8))
            }
        }
        let arguments = ["--source", "posts", "--url", server.url("/posts"), "--no-retry"]
        let first = try run(arguments)
        XCTAssertEqual(first.waitForExit(), .exited(0))
        garbage.set()
        let broken = try run(arguments)
        XCTAssertEqual(broken.waitForExit(), .exited(2), broken.standardError)
        XCTAssertEqual(broken.standardOutput, "")
        down.set()
        let offline = try run(arguments)
        XCTAssertEqual(offline.waitForExit(), .exited(2))
        XCTAssertEqual(offline.standardOutput, first.standardOutput, "the last good copy, not the body that did not decode")

        notFound.set()
        let gone = try run(["--source", "posts", "--url", server.url("/posts"), "--no-retry"])
        XCTAssertEqual(gone.waitForExit(), .exited(2))
        XCTAssertEqual(gone.standardOutput, "", "a 404 is the server's answer: \(gone.standardError)")
    }

    /// Bytes flipped in, or cut from, every file under the cache directory: the next two runs
    /// show the current document, and a damaged database is moved aside with one warning.
    func testDamagedFilesNeverCostTheDocument() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let arguments = ["--source", "posts", "--url", server.url("/posts")]
        let first = try run(arguments)
        XCTAssertEqual(first.waitForExit(), .exited(0))
        for damage in [flipBytes, truncateToHalf] {
            try everyFile { try damage($0) }
            for _ in 0..<2 {
                let next = try run(arguments)
                XCTAssertEqual(next.waitForExit(), .exited(0), next.standardError)
                XCTAssertEqual(next.standardOutput, first.standardOutput)
                XCTAssertLessThanOrEqual(next.standardErrorLines.filter { $0.contains("warning") }.count, 1, next.standardError)
            }
        }
    }

    /// A copy whose body changed under a sound database fails its checksum: dropped, told, and
    /// the server asked without validators.
    func testACopyThatFailsItsChecksumIsNeverShown() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let arguments = ["--source", "posts", "--url", server.url("/posts")]
        let first = try run(arguments)
        XCTAssertEqual(first.waitForExit(), .exited(0))
        try checkpoint()
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: store)))
        let title = Array("Post number 2".utf8)
        let at = try XCTUnwrap((0...(bytes.count - title.count)).first { Array(bytes[$0..<($0 + title.count)]) == title })
        bytes[at] = UInt8(ascii: "X")
        try Data(bytes).write(to: URL(fileURLWithPath: store))

        let next = try run(arguments)
        XCTAssertEqual(next.waitForExit(), .exited(0))
        XCTAssertEqual(next.standardOutput, first.standardOutput, "the server's document, not the damaged copy")
        XCTAssertTrue(next.standardError.contains("failed its checksum; it was dropped"), next.standardError)
        XCTAssertEqual(backend.tally.conditional, 0, "asked afresh: \(backend.tally)")
    }

    /// Sixty runs at once on a store none of them finds: the one that makes it makes it whole
    /// before any other can open it (made in place, twenty at once already ran past the busy
    /// timeout now and then, and sixty did two times in five).
    func testSixtyRunsAtOnceShareTheStore() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let arguments = ["--source", "posts", "--url", server.url("/posts")]
        let runs = try (0..<60).map { _ in try run(arguments) }
        for run in runs {
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
            XCTAssertTrue(run.standardOutput.contains("Post number 3"))
            XCTAssertFalse(run.standardError.contains("warning"), run.standardError)
        }
        XCTAssertEqual(backend.tally.requests, 60)
        let left = try FileManager.default.contentsOfDirectory(atPath: cache + "/loadrun").filter { $0.contains(".new-") }
        XCTAssertEqual(left, [], "no scratch file is left behind")
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: store)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o600, "the copies are the user's alone")
        let before = backend.tally
        let after = try run(arguments)
        XCTAssertEqual(after.waitForExit(), .exited(0))
        XCTAssertEqual(after.standardOutput, runs[0].standardOutput)
        XCTAssertEqual(backend.tally.conditional, before.conditional + 1, "the store still serves a conditional request: \(backend.tally)")
        XCTAssertEqual(backend.tally.notModified, before.notModified + 1)
    }

    /// A directory the user cannot write, for it is another user's: the document, and one
    /// warning for two sources. Root writes anywhere, so the run is made as nobody (which
    /// needs root).
    func testAStoreThatCannotBeWrittenIsToldOnce() throws {
        guard geteuid() == 0 else { throw XCTSkip("running as another user needs root") }
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(1))) }
        let storeDirectory = cache + "/loadrun"
        try FileManager.default.createDirectory(atPath: storeDirectory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cache)
        XCTAssertEqual(chmod(storeDirectory, 0o555), 0)
        // nobody may not reach the build directory: a copy of the binary beside the cache.
        let binary = directory.appendingPathComponent("loadrun").path
        try FileManager.default.copyItem(atPath: LoadrunProcess.binaryPath, toPath: binary)
        let run = try LoadrunProcess(shell: "setpriv --reuid=65534 --regid=65534 --clear-groups '\(binary)' --url \(server.url("/posts")) --url \(server.url("/posts?2")) --plugin posts",
                                     environment: ["XDG_CACHE_HOME": cache, "XDG_STATE_HOME": state])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.contains("Post number 1"))
        let warnings = run.standardErrorLines.filter {
            $0.hasPrefix("loadrun: warning: \(storeDirectory) belongs to root (uid 0), not to you; loads go on without stored copies")
        }
        XCTAssertEqual(warnings.count, 1, run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store))
    }

    /// Issue 57: the key of a copy fetched with `-u` was the bare SHA-256 of the request with
    /// the password in it, testable offline. The cache now holds neither the password nor the
    /// secret its keys are made with, which stays in the state directory.
    func testTheCacheHoldsNothingToTestAPasswordWith() throws {
        let server = TestServer { server, _ in
            server.route("/posts") { $0.respondCacheable(contentType: "application/json", body: Array(Fixtures.posts(1).utf8)) }
        }
        for _ in 1...2 {
            let run = try run(["-u", "alice:hunter2", "--url", server.url("/posts"), "--plugin", "posts"])
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: cache + "/loadrun")
        XCTAssertEqual(Set(files).intersection(["copy-key"]), [], "the secret is not in the cache")
        let bytes = files.compactMap { FileManager.default.contents(atPath: cache + "/loadrun/" + $0) }.reduce(Data(), +)
        XCTAssertFalse(bytes.isEmpty)
        XCTAssertNil(bytes.range(of: Data("hunter2".utf8)))
        XCTAssertNil(bytes.range(of: Data("alice".utf8)))
        let secret = try XCTUnwrap(FileManager.default.contents(atPath: state + "/loadrun/copy-key"))
        XCTAssertEqual(secret.count, 32)
        XCTAssertNil(bytes.range(of: secret))
    }

    func testAFIFOWhereTheStoreBelongsIsRefusedAtOnce() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(1))) }
        try FileManager.default.createDirectory(atPath: cache + "/loadrun", withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(store, 0o600), 0)
        let run = try run(["--url", server.url("/posts"), "--plugin", "posts"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.contains("Post number 1"))
        XCTAssertTrue(run.standardError.contains("the copy store \(store) is a FIFO; loads go on without stored copies"), run.standardError)
    }

    func testNoCacheNeitherReadsNorWritesTheStore() throws {
        let backend = WatchedBackend()
        let server = TestServer(serving: backend)
        let arguments = ["--source", "posts", "--url", server.url("/posts"), "--no-cache"]
        XCTAssertEqual(try run(arguments).waitForExit(), .exited(0))
        XCTAssertFalse(FileManager.default.fileExists(atPath: store))
        XCTAssertEqual(try run(Array(arguments.dropLast())).waitForExit(), .exited(0))
        XCTAssertEqual(try run(arguments).waitForExit(), .exited(0))
        XCTAssertEqual(backend.tally.conditional, 0, "--no-cache asks plainly, with a copy there: \(backend.tally)")
    }

    // MARK: Damage

    /// Copies the store's write-ahead log into its database file, as SQLite's automatic
    /// checkpoint does once the log has grown (loadrun leaves the log on exit): a change to the
    /// file's bytes then lands in a page SQLite reads, not in a log frame its checksum drops.
    private func checkpoint() throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", "import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute('PRAGMA wal_checkpoint(TRUNCATE)').fetchall()", store]
        try python.run()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0, "the checkpoint")
    }

    /// Runs `statement` on the store, through Python's sqlite3, as another process would.
    private func sqlite(_ statement: String) throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute(sys.argv[2]); db.commit()", store, statement]
        try python.run()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0, statement)
    }

    private func everyFile(_ body: (String) throws -> Void) throws {
        let root = cache + "/loadrun"
        for name in try FileManager.default.contentsOfDirectory(atPath: root) { try body(root + "/" + name) }
    }

    private func flipBytes(_ path: String) throws {
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        for index in stride(from: 16, to: bytes.count, by: 509) { bytes[index] ^= 0xFF }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    private func truncateToHalf(_ path: String) throws {
        XCTAssertEqual(truncate(path, off_t(try Data(contentsOf: URL(fileURLWithPath: path)).count / 2)), 0)
    }
}
