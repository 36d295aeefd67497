import Foundation
import TestSupport
import XCTest

/// jq's own test programs (`Tests/Corpus/jq/jq.test`, from jq 1.6) through the binary's `--jq`,
/// against the `jq` binary as the oracle: at least 98% of the cases it runs give its results.
final class JQCorpusTests: XCTestCase {
    func testJQsOwnTestProgramsGiveThroughDashDashJQWhatTheJQBinaryGives() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") else {
            throw XCTSkip("the jq binary, the oracle, is missing: scripts/install-deps installs it")
        }
        let corpus = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus")
        let run = try LoadrunProcess(shell: #"/usr/bin/python3 "$1/jq-corpus.py" "$LOADRUN" "$1/jq/jq.test" --min 98 -v"#,
                                     arguments: ["corpus", corpus.path])
        let ending = run.waitForExit(limit: .seconds(300))
        let summary = run.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(ending, .exited(0), "\(run.standardOutput)\n\(run.standardError)")
        // Most of jq.test's cases run: a harness that ran few would prove little.
        let ran = summary.split(separator: " ").dropFirst(2).first.flatMap { Int($0) } ?? 0
        XCTAssertGreaterThan(ran, 250, summary)
    }
}
