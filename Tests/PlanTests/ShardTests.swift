import Plugins
import XCTest
@testable import Plan

/// `--shard K/N`: the documented hash, how a set of sources splits, and the option's errors.
final class ShardTests: XCTestCase {
    private let registry = PluginRegistry.default()
    private let files = URLInput.Files(directory: "/etc", environment: [:]) { _ in false }

    /// The published FNV-1a 32-bit test vectors, and names whose shards the README's examples
    /// rely on: a change here moves sources between machines.
    func testTheHashIsFNV1a32OverUTF8() {
        XCTAssertEqual(Shard.hash(""), 0x811C_9DC5, "the offset basis")
        XCTAssertEqual(Shard.hash("a"), 0xE40C_292C)
        XCTAssertEqual(Shard.hash("foobar"), 0xBF9C_F968)
        XCTAssertEqual(Shard.hash("posts"), 0x4C2E_DFDC)
        XCTAssertEqual(Shard.hash("café"), 0xA82B_5049, "the UTF-8 bytes, é as two")
        XCTAssertTrue(Shard(index: 0, count: 4)!.holds("posts"), "0x4c2edfdc % 4 == 0")
        XCTAssertTrue(Shard(index: 2, count: 4)!.holds("articles"), "0x01c7671e % 4 == 2")
        XCTAssertTrue(Shard(index: 3, count: 4)!.holds("images"), "0xd1d746ab % 4 == 3")
        XCTAssertTrue(Shard(index: 0, count: 1)!.holds("anything"), "one shard holds everything")
    }

    /// The shards of a 1,000-source file (and the built-ins) are disjoint, cover it, and are
    /// near even.
    func testTheShardsOfAThousandSourcesAreDisjointCoverThemAndBalance() throws {
        let text = (0..<1000).map { "[source feed-\($0)]\nurl=http://h/feeds/\($0)\n" }.joined(separator: "\n")
        var catalog = SourceCatalog()
        catalog.add(try SourcesFile.parse(text, path: "/etc/s.conf", plugins: registry.names, files: files))
        XCTAssertTrue(catalog.groupProblems.isEmpty)
        let everyName = catalog.names
        XCTAssertEqual(everyName.count, 1003, "1,000 and the three built-ins")

        var seen: [String: Int] = [:]
        for index in 0..<4 {
            let plan = RunPlan(sourceNames: [], urls: [], all: true, shard: Shard(index: index, count: 4), settings: SourceSettings())
            let names = try plan.requests(catalog: catalog, registry: registry, environment: [:], files: files).requests.map(\.sourceName)
            XCTAssertTrue((150...350).contains(names.count), "shard \(index)/4 holds \(names.count)")
            for name in names {
                XCTAssertNil(seen[name], "\(name) is in shards \(seen[name] ?? -1) and \(index)")
                seen[name] = index
            }
        }
        XCTAssertEqual(Set(seen.keys), Set(everyName).subtracting(["posts", "articles", "images"]),
                       "every source of the file is in one shard; --all loads no built-in the file does not name")
    }

    func testAShardAppliesToURLsToAndTheirNamesAreMadeFromTheWholeList() throws {
        let urls = (1...40).map { "http://h/p?n=\($0)" }
        var loaded: [String] = []
        for index in 0..<3 {
            let plan = RunPlan(sourceNames: [], urls: urls, all: false, shard: Shard(index: index, count: 3), settings: SourceSettings())
            loaded += try plan.requests(catalog: SourceCatalog(), registry: registry, environment: [:], files: files).requests.map(\.sourceName)
        }
        XCTAssertEqual(loaded.sorted(), (["p"] + (2...40).map { "p-\($0)" }).sorted(),
                       "named as one run of all 40 names them, so that each shard agrees")
    }

    func testAShardThatHoldsNothingSaysSoAndLoadsNothing() throws {
        // posts hashes to shard 0 of 2.
        let plan = RunPlan(sourceNames: ["posts"], urls: [], all: false, shard: Shard(index: 1, count: 2), settings: SourceSettings())
        let planned = try plan.requests(catalog: SourceCatalog(), registry: registry, environment: [:], files: files)
        XCTAssertEqual(planned.requests.count, 0)
        XCTAssertEqual(planned.notes, ["shard 1/2 does not hold the run's one source; nothing to load"])

        let many = RunPlan(sourceNames: [], urls: ["http://h/posts", "http://h/users"], all: false,
                           shard: Shard(index: 2, count: 8), settings: SourceSettings())
        XCTAssertEqual([Shard.hash("posts") % 8, Shard.hash("users") % 8], [4, 3])
        XCTAssertEqual(try many.requests(catalog: SourceCatalog(), registry: registry, environment: [:], files: files).notes,
                       ["shard 2/8 holds none of the run's 2 sources; nothing to load"])
    }

    func testABrokenGroupStopsOnlyTheShardThatLoadsIt() throws {
        // "bad" hashes to shard 0 of 2.
        XCTAssertEqual(Shard.hash("bad") % 2, 0)
        var catalog = SourceCatalog()
        catalog.add(try SourcesFile.parse("[source bad]\nurl=http://h/bad\nintervall=5s\n", path: "/etc/s.conf",
                                          plugins: registry.names, files: files))
        func plan(_ index: Int) -> RunPlan {
            RunPlan(sourceNames: [], urls: [], all: true, shard: Shard(index: index, count: 2), settings: SourceSettings())
        }
        XCTAssertThrowsError(try plan(0).requests(catalog: catalog, registry: registry, environment: [:], files: files))
        let other = try plan(1).requests(catalog: catalog, registry: registry, environment: [:], files: files)
        XCTAssertEqual(other.warnings.count, 1)
        XCTAssertTrue(other.warnings[0].hasSuffix("(source bad is skipped: this run does not load it)"), other.warnings[0])
    }

    func testTheOptionTakesKSlashNWithKBelowN() throws {
        XCTAssertEqual(ShardArgument(argument: "0/1").shard, Shard(index: 0, count: 1))
        XCTAssertEqual(ShardArgument(argument: "7/8").shard, Shard(index: 7, count: 8))
        XCTAssertNil(ShardArgument(argument: "3/8").problem)
        let problems: [(String, String)] = [
            ("8/8", "--shard 8/8: K must be less than N: the shards of 8 are 0/8 to 7/8"),
            ("0/0", "--shard 0/0: N, the number of shards, must be at least 1"),
            ("0/4294967296", "--shard 0/4294967296: N can be at most 4294967295, the number of values of the 32-bit hash"),
            ("1", "--shard 1: not a shard; give K/N, such as 0/4, with K from 0 to N-1"),
            ("1/2/3", "--shard 1/2/3: not a shard; give K/N, such as 0/4, with K from 0 to N-1"),
            ("a/4", "--shard a/4: not a shard; give K/N, such as 0/4, with K from 0 to N-1"),
            ("+1/4", "--shard +1/4: not a shard; give K/N, such as 0/4, with K from 0 to N-1"),
            (" 1/4", "--shard  1/4: not a shard; give K/N, such as 0/4, with K from 0 to N-1"),
            ("/4", "--shard /4: not a shard; give K/N, such as 0/4, with K from 0 to N-1"),
            ("99999999999999999999/4", "--shard 99999999999999999999/4: not a shard; give K/N, such as 0/4, with K from 0 to N-1"),
        ]
        for (text, problem) in problems {
            XCTAssertNil(ShardArgument(argument: text).shard, text)
            XCTAssertEqual(ShardArgument(argument: text).problem, problem)
        }
        XCTAssertNil(Shard(index: 2, count: 2))
        XCTAssertNil(Shard(index: -1, count: 2))
        XCTAssertNil(Shard(index: 0, count: 0))
        XCTAssertNil(Shard(index: 0, count: Shard.maxCount + 1))
        let widest = try XCTUnwrap(ShardArgument(argument: "4294967294/4294967295").shard)
        XCTAssertEqual(widest.holds("posts"), Shard.hash("posts") == 4_294_967_294)
    }
}
