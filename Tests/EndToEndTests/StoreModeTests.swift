import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import XCTest

/// The modes of the user's own store files: group and others lose what they could do, and
/// nothing is given back that the user took from themselves. A store made read-only is said
/// once, and the load goes on. Root writes anywhere, so the runs are made as nobody (which
/// needs root).
final class StoreModeTests: XCTestCase {
    private var directory: URL!
    private var cache: String { directory.appendingPathComponent("cache").path }
    private var storeDirectory: String { cache + "/loadrun" }
    /// nobody's state directory, where the copy store's key secret is kept.
    private var state: String { directory.appendingPathComponent("state").path }
    private let nobody: uid_t = 65534

    override func setUpWithError() throws {
        guard geteuid() == 0 else { throw XCTSkip("running as another user needs root") }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-modes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: storeDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(directory.path, 0o755), 0)
        for path in [cache, storeDirectory, state] { XCTAssertEqual(chown(path, nobody, gid_t(nobody)), 0) }
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// A run as nobody of two sources; nobody may not reach the build directory, so a copy of
    /// the binary goes beside the cache.
    private func runAsNobody(_ server: TestServer) throws -> LoadrunProcess {
        let binary = directory.appendingPathComponent("loadrun").path
        if !FileManager.default.fileExists(atPath: binary) { try FileManager.default.copyItem(atPath: LoadrunProcess.binaryPath, toPath: binary) }
        let run = try LoadrunProcess(shell: "setpriv --reuid=65534 --regid=65534 --clear-groups '\(binary)' --url \(server.url("/posts")) --url \(server.url("/posts?2")) --plugin posts --no-history",
                                     environment: ["XDG_CACHE_HOME": cache, "XDG_STATE_HOME": state])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.contains("Post number 1"), run.standardOutput)
        return run
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0, path)
        return info.st_mode & 0o7777
    }

    private func warnings(_ run: LoadrunProcess) -> [String] {
        run.standardErrorLines.filter { $0.hasPrefix("loadrun: warning:") }
    }

    /// Before, a directory the user made read-only was made writable again, without a word.
    func testTheUsersOwnReadOnlyDirectoryIsSaidOnceAndLeftAsItIs() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(1))) }
        XCTAssertEqual(chmod(storeDirectory, 0o500), 0)
        let run = try runAsNobody(server)
        XCTAssertEqual(warnings(run), ["loadrun: warning: no copy can be kept in \(storeDirectory): permission denied; loads go on without stored copies"])
        XCTAssertEqual(mode(storeDirectory), 0o500, "the user's choice stands")
        XCTAssertFalse(FileManager.default.fileExists(atPath: storeDirectory + "/copies.sqlite"))
    }

    /// A store file made read-only: said, not written, and left read-only.
    func testAReadOnlyStoreFileIsSaidOnceAndLeftAsItIs() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(1))) }
        XCTAssertTrue(warnings(try runAsNobody(server)).isEmpty, "the first run makes the store")
        let file = storeDirectory + "/copies.sqlite"
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
        XCTAssertEqual(chmod(file, 0o400), 0)
        let run = try runAsNobody(server)
        XCTAssertEqual(warnings(run), ["loadrun: warning: no copy can be kept in \(file): permission denied; loads go on without stored copies"])
        XCTAssertEqual(mode(file), 0o400)
    }

    /// A directory loadrun makes is 0700 whatever the umask (one that takes the owner's
    /// write away made it read-only, which is now said).
    func testADirectoryMadeUnderAStrictUmaskIsWritable() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(1))) }
        try FileManager.default.removeItem(atPath: storeDirectory)
        let binary = directory.appendingPathComponent("loadrun").path
        try FileManager.default.copyItem(atPath: LoadrunProcess.binaryPath, toPath: binary)
        let run = try LoadrunProcess(shell: "umask 277; setpriv --reuid=65534 --regid=65534 --clear-groups '\(binary)' --url \(server.url("/posts")) --plugin posts --no-history",
                                     environment: ["XDG_CACHE_HOME": cache, "XDG_STATE_HOME": state])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(warnings(run).isEmpty, run.standardError)
        XCTAssertEqual(mode(storeDirectory), 0o700)
        XCTAssertTrue(FileManager.default.fileExists(atPath: storeDirectory + "/copies.sqlite"))
    }

    /// What group and others could do is taken away; what the owner can do is kept.
    func testGroupAndOthersLoseTheirModes() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(1))) }
        XCTAssertEqual(chmod(storeDirectory, 0o775), 0)
        let run = try runAsNobody(server)
        XCTAssertTrue(warnings(run).isEmpty, run.standardError)
        XCTAssertEqual(mode(storeDirectory), 0o700)
        XCTAssertEqual(mode(storeDirectory + "/copies.sqlite"), 0o600)
    }
}
