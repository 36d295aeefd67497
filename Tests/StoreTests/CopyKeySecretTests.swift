import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import Store
@testable import Loader
import XCTest

/// The copy store's keys under a secret kept outside it: nothing in the cache directory can
/// test a guessed password, a layout 1 file is keyed anew without losing a copy, and a
/// secret that is damaged or not the user's is never used.
final class CopyKeySecretTests: XCTestCase {
    private var directory: String!
    private var keys: String { directory + "-state" }
    private var problems: [StoreProblem] = []

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-keys-\(UUID().uuidString)").path
        problems = []
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
        try? FileManager.default.removeItem(atPath: keys)
    }

    private func store() -> CopyStore {
        CopyStore(directory: directory, keyDirectory: keys) { [unowned self] in problems.append($0) }
    }

    private let response = HTTPResponse(info: ResponseInfo(url: "http://a.test/x", headers: HTTPHeaders([("ETag", "\"1\"")])),
                                        body: Array("[1]".utf8))

    private func withPassword(_ password: String) -> CopyKey {
        var options = FetchOptions()
        options.credentials = HTTPCredentials(user: "alice", password: password)
        return CopyKey(url: "http://a.test/x", options: options)
    }

    private func storedKeys() throws -> [String] {
        let select = try SQLiteDatabase(path: directory + "/" + CopyStore.fileName).prepare("SELECT key FROM copies")
        var keys: [String] = []
        while try select.step() { keys.append(select.text(0) ?? "") }
        return keys
    }

    func testTheStoreHoldsOnlyKeysThatNoGuessedPasswordMatches() throws {
        store().keep(response, for: withPassword("hunter2"), url: "http://a.test/x")
        let stored = try storedKeys()
        XCTAssertEqual(stored.count, 1)
        // The dictionary attack of the issue: the digest of each guess, as layout 1 stored it.
        for guess in ["password", "123456", "hunter2", "secret", "letmein"] {
            XCTAssertNotEqual(stored.first, withPassword(guess).digest, guess)
        }
        XCTAssertNotNil(store().copy(for: withPassword("hunter2"), url: "http://a.test/x"), "another process finds it")
        XCTAssertNil(store().copy(for: withPassword("guess"), url: "http://a.test/x"))
        let secret = keys + "/" + CopyKeySecret.fileName
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: secret)[.size] as? Int, CopyKeySecret.size)
        XCTAssertEqual(LocalFile.permissions(of: secret), 0o600)
        XCTAssertEqual(LocalFile.permissions(of: keys), 0o700)
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: directory).contains(CopyKeySecret.fileName), "not in the cache")
        XCTAssertEqual(problems, [])
    }

    func testALayoutOneFileIsKeyedAnewAndKeepsItsCopies() throws {
        store().keep(response, for: withPassword("pw"), url: "http://a.test/x")
        // Back to layout 1: the key was the digest itself.
        let database = try SQLiteDatabase(path: directory + "/" + CopyStore.fileName)
        try database.execute("UPDATE copies SET key = '\(withPassword("pw").digest)'; PRAGMA user_version = 1")
        let copy = store().copy(for: withPassword("pw"), url: "http://a.test/x")
        XCTAssertEqual(copy?.response.body, Array("[1]".utf8), "the copy is found under its new key")
        XCTAssertNotEqual(try storedKeys(), [withPassword("pw").digest])
        XCTAssertEqual(try SQLiteDatabase(path: directory + "/" + CopyStore.fileName).integer("PRAGMA user_version"), 2)
        XCTAssertEqual(problems, [])
    }

    func testADamagedSecretIsMovedAsideAndANewOneMade() throws {
        store().keep(response, for: withPassword("pw"), url: "http://a.test/x")
        try Data("short".utf8).write(to: URL(fileURLWithPath: keys + "/" + CopyKeySecret.fileName))
        let store = store()
        XCTAssertNil(store.copy(for: withPassword("pw"), url: "http://a.test/x"), "kept under the old secret: asked afresh")
        let path = keys + "/" + CopyKeySecret.fileName
        XCTAssertEqual(problems, [.damagedKey(path: path, movedTo: path + ".damaged")])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, CopyKeySecret.size)
        store.keep(response, for: withPassword("pw"), url: "http://a.test/x")
        XCTAssertNotNil(self.store().copy(for: withPassword("pw"), url: "http://a.test/x"))
    }

    func testASecretThatIsALinkOrAFIFOTurnsTheStoreOffOnce() throws {
        try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
        let path = keys + "/" + CopyKeySecret.fileName
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let store = store()
        store.keep(response, for: withPassword("pw"), url: "http://a.test/x")
        XCTAssertNil(store.copy(for: withPassword("pw"), url: "http://a.test/x"))
        XCTAssertEqual(problems, [.notAFile(path: path, kind: "a FIFO")], "told once, never waited on")
        unlink(path)
        symlink("/etc/hostname", path)
        problems = []
        XCTAssertNil(self.store().copy(for: withPassword("pw"), url: "http://a.test/x"))
        XCTAssertEqual(problems, [.notAFile(path: path, kind: "a symbolic link")])
    }
}
