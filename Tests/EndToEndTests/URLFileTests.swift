import Foundation
import TestSupport
import XCTest

/// `--url-file` and `--shard` through the built binary, counted by the server that answered.
final class URLFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-urlfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A server that records the `n` of every `/p?n=N` it answers.
    private func countingServer(_ asked: Record<String>) -> TestServer {
        TestServer { server, _ in
            server.route("/p") { exchange in
                asked.append(exchange.query["n"] ?? "?")
                exchange.respond(status: 200, contentType: "application/json", text: Fixtures.posts(1))
            }
        }
    }

    private func write(_ text: String, to name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testEveryURLOfTheFileIsLoadedAfterTheURLOptions() throws {
        let asked = Record<String>()
        let server = countingServer(asked)
        let lines = ["# the team's feeds", ""] + (1...40).map { "  \(server.url("/p?n=\($0)"))" }
        let path = try write(lines.joined(separator: "\n") + "\n", to: "urls.txt")
        let run = try LoadrunProcess(["--url", server.url("/p?n=0"), "--url-file", path, "--plugin", "posts", "--output", "ndjson"])
        XCTAssertEqual(run.waitForExit(limit: .seconds(60)), .exited(0), run.standardError)
        XCTAssertEqual(asked.all.sorted(), (0...40).map(String.init).sorted(), "each URL once, the --url's too")
        let succeeded = run.standardOutput.split(separator: "\n").filter { $0.contains(#""cause":"succeeded""#) }
        XCTAssertEqual(succeeded.count, 41)
        XCTAssertTrue(succeeded.contains { $0.contains(#""source":"p-41""#) }, "named as 41 --urls would be")
    }

    func testTheListMayComeFromStandardInput() throws {
        let asked = Record<String>()
        let server = countingServer(asked)
        let urls = (1...25).map { server.url("/p?n=\($0)") }
        let run = try LoadrunProcess(shell: #"printf '%s\n' "$@" | "$LOADRUN" --url-file - --plugin posts --output json"#,
                                     arguments: ["sh"] + urls)
        XCTAssertEqual(run.waitForExit(limit: .seconds(60)), .exited(0), run.standardError)
        XCTAssertEqual(asked.all.sorted(), (1...25).map(String.init).sorted())
        let lines = run.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 25, "one labelled line per URL, never lists back to back")
        XCTAssertEqual(lines.filter { $0.hasPrefix(#"{"source":"#) && $0.contains(#","content":[{"#) }.count, 25, run.standardOutput)
    }

    func testShardsOfOneListLoadEachURLOnceBetweenThem() throws {
        let asked = Record<String>()
        let server = countingServer(asked)
        let path = try write((1...60).map { server.url("/p?n=\($0)") }.joined(separator: "\n"), to: "urls.txt")
        for index in 0..<3 {
            let run = try LoadrunProcess(["--url-file", path, "--plugin", "posts", "--shard", "\(index)/3", "-q"])
            XCTAssertEqual(run.waitForExit(limit: .seconds(60)), .exited(0), run.standardError)
            XCTAssertEqual(run.standardError, "")
        }
        XCTAssertEqual(asked.all.count, 60, "no URL twice")
        XCTAssertEqual(Set(asked.all), Set((1...60).map(String.init)), "and none left out")
    }

    func testAShardWithNothingToLoadSaysSoAndEndsWell() throws {
        // `posts` is the only source; it hashes to shard 0 of 2.
        let run = try LoadrunProcess(["--shard", "1/2", "--watch", "--output", "ndjson"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardError, "loadrun: shard 1/2 does not hold the run's one source; nothing to load\n")
        XCTAssertEqual(run.standardOutput, "")
    }

    func testUsageErrorsNameTheFileTheLineOrTheShard() throws {
        let bad = try write("http://127.0.0.1:1/a\nftp://x/y\n", to: "bad.txt")
        let cases: [([String], String)] = [
            (["--url-file", directory.path], "loadrun: --url-file \(directory.path): cannot read it: is a directory"),
            (["--url-file", bad], "loadrun: \(bad):2: \"ftp://x/y\" has the scheme ftp:"),
            (["--url-file", "-", "--url", "-"], "loadrun: --url-file - reads the list of URLs from standard input, so --url - cannot"),
            (["--shard", "4/4"], "loadrun: --shard 4/4: K must be less than N: the shards of 4 are 0/4 to 3/4"),
            (["--shard", "1of4"], "loadrun: --shard 1of4: not a shard; give K/N"),
        ]
        for (arguments, start) in cases {
            let run = try LoadrunProcess(arguments)
            XCTAssertEqual(run.waitForExit(), .exited(64), "\(arguments)")
            XCTAssertEqual(run.standardErrorLines.count, 1, run.standardError)
            XCTAssertTrue(run.standardError.hasPrefix(start), run.standardError)
            XCTAssertEqual(run.standardOutput, "")
        }
        // A directory as standard input opens, and fails only when it is read.
        let directoryIn = try LoadrunProcess(shell: #""$LOADRUN" --url-file - < "$0""#, arguments: [directory.path])
        XCTAssertEqual(directoryIn.waitForExit(), .exited(64))
        XCTAssertEqual(directoryIn.standardError, "loadrun: --url-file -: cannot read it: is a directory\n")
    }
}
