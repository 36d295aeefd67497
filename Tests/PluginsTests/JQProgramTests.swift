import Foundation
import Plugins
import XCTest

/// jq programs run by libjq through `JQProgram`, held to the `jq` 1.6 binary (Debian's `jq`
/// package) as the oracle, on jq's own test programs (`Tests/Corpus/jq/jq.test`).
final class JQProgramTests: XCTestCase {
    private static let oraclePath = "/usr/bin/jq"

    /// One case of jq.test: a program, and its input unless it is one that must not compile.
    struct Case {
        var line: Int
        var program: String
        var input: String?
    }

    /// jq.test's cases, read as jq's own test runner reads them: groups of a program, an input
    /// and its outputs; `%%FAIL` before a program that must not compile, with its message.
    static func cases() throws -> [Case] {
        let file = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus/jq/jq.test")
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        var cases: [Case] = []
        var index = 0
        func skipsLine(_ line: String) -> Bool { line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") }
        while index < lines.count {
            if skipsLine(lines[index]) { index += 1; continue }
            let fails = lines[index].hasPrefix("%%FAIL")
            if fails { index += 1 }
            guard index < lines.count else { break }
            let line = index + 1
            let program = lines[index]
            index += 1
            var input: String?
            if !fails, index < lines.count {
                input = lines[index]
                index += 1
            }
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index += 1 }
            cases.append(Case(line: line, program: program, input: input))
        }
        return cases
    }

    /// What the jq binary prints for `program` on `input` with `-c`, or nil when it fails.
    private static func oracle(_ program: String, input: String?) throws -> [String]? {
        // The input from a file: jq may end before it reads a pipe, and writing to it then
        // would raise SIGPIPE here.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-jq-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data((input ?? "").utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.oraclePath)
        process.arguments = input == nil ? ["-n", "-c", program] : ["-c", program, file.path]
        let stdout = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The oracle's outputs by case, filled from several threads.
    private final class OracleAnswers: @unchecked Sendable {
        private var answers: [[String]?]
        private let lock = NSLock()
        init(count: Int) { answers = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ answer: [String]?) { lock.withLock { answers[index] = answer } }
        func get(_ index: Int) -> [String]? { lock.withLock { answers[index] } }
    }

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.oraclePath) else {
            throw XCTSkip("the jq binary, the oracle, is missing: scripts/install-deps installs it")
        }
    }

    func testJQsOwnTestProgramsGiveWhatTheJQBinaryGives() throws {
        let cases = try Self.cases()
        // The oracle's answers first, several processes at once: jq 1.6 takes some 20 ms a
        // program to compile its own builtins, and libjq here as long, one after another.
        let answers = OracleAnswers(count: cases.count)
        DispatchQueue.concurrentPerform(iterations: cases.count) { index in
            guard let input = cases[index].input else { return }
            answers.set(index, (try? Self.oracle(cases[index].program, input: input)) ?? nil)
        }
        var ran = 0, agreed = 0, failedToCompile = 0
        var disagreements: [String] = []
        for (index, item) in cases.enumerated() {
            guard let input = item.input else {
                // Must not compile: libjq refuses it as the binary does.
                XCTAssertThrowsError(try JQProgram(item.program), "jq.test:\(item.line): \(item.program)")
                failedToCompile += 1
                continue
            }
            guard let expected = answers.get(index) else { continue }
            ran += 1
            let run = try JQProgram(item.program).run(Array(input.utf8))
            if run.results == expected && run.failure == nil {
                agreed += 1
            } else {
                disagreements.append("jq.test:\(item.line): \(item.program) → \(run.results) \(run.failure ?? "") (jq: \(expected))")
            }
        }
        XCTAssertGreaterThan(ran, 250, "the corpus was read")
        XCTAssertGreaterThan(failedToCompile, 10)
        let share = Double(agreed) / Double(ran)
        XCTAssertGreaterThanOrEqual(share, 0.98, "\(agreed) of \(ran) agree; the others:\n" + disagreements.joined(separator: "\n"))
        print("jq.test: \(agreed) of \(ran) cases the jq binary runs give its output through libjq (\(String(format: "%.1f", share * 100))%)")
    }

    func testStringResultsAreTheCompactJSONTheJQBinaryWritesWhetherTheyNeedEscapingOrNot() throws {
        // Strings with nothing to escape are quoted as they are; the others are libjq's to
        // dump: each kind of byte that needs it, beside non-ASCII text copied as it is.
        let input = #"["plain title", "", "quote \" in", "back\\slash", "tab\t nl\n cr\r", "ctl \u0001 \u001f", "del \u007f","#
            + #""é ü 日本 🎉", "bidi \u202e and \u0085", "\u0000", "last"]"#
        let program = ".[], [.[2], .[7]], {(.[0]): .[7]}"
        let expected = try XCTUnwrap(Self.oracle(program, input: input))
        let run = try JQProgram(program).run(Array(input.utf8))
        XCTAssertNil(run.failure)
        XCTAssertEqual(run.results, expected)
        XCTAssertEqual(run.results.count, 13)
        XCTAssertEqual(run.results[0], #""plain title""#)
    }

    func testAProgramThatDoesNotCompileSaysWhatJQSays() {
        XCTAssertThrowsError(try JQProgram(".[")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("jq: error: syntax error"), message)
            XCTAssertTrue(message.hasSuffix("jq: 1 compile error"), message)
        }
    }

    func testARuntimeErrorEndsTheRunWithJQsMessageAfterTheResultsBeforeIt() throws {
        let program = try JQProgram(".[] | .a")
        let run = program.run(Array(#"[{"a": 1}, {"a": 2}, 3]"#.utf8))
        XCTAssertEqual(run.results, ["1", "2"])
        XCTAssertEqual(run.failure, "Cannot index number with string \"a\"", "jq 1.6's words")
    }

    func testJSONLinesAreEachAnInputAndNumbersAndKeyOrderAreJQs() throws {
        let program = try JQProgram("{b, a}")
        XCTAssertEqual(program.run(Array("{\"a\":1,\"b\":1.50}\n{\"a\":100000000000000000000,\"b\":null}\n".utf8)).results,
                       [#"{"b":1.5,"a":1}"#, #"{"b":null,"a":1e+20}"#], "as jq 1.6 writes them")
        XCTAssertEqual(try JQProgram(".").run(Array("{\"a\":".utf8)).failure?.hasPrefix("the input is not JSON"), true)
    }

    func testInputAndInputsReadTheValuesAfterTheOneRunOnAndDebugIsSaid() throws {
        XCTAssertEqual(try JQProgram("[., inputs]").run(Array("1\n2\n3\n".utf8)).results, ["[1,2,3]"], "as jq -c '[., inputs]' gives")
        let pairs = try JQProgram("[., input]").run(Array("1\n2\n3\n4\n".utf8))
        XCTAssertEqual(pairs.results, ["[1,2]", "[3,4]"], "each input read is not run on again")
        let none = try JQProgram("input").run(Array("1".utf8))
        XCTAssertEqual(none.failure, "break", "jq 1.6's own words for no more input")
        let debug = try JQProgram("debug | . + 1").run(Array("{\"a\":\"x\"}\n".utf8))
        XCTAssertEqual(debug.debugMessages, [#"["DEBUG:",{"a":"x"}]"#])
        XCTAssertEqual(debug.failure?.contains("cannot be added"), true, debug.failure ?? "")
    }

    func testHaltErrorIsAFailureWithItsWordsAndHaltEndsTheRunAsItWent() throws {
        XCTAssertEqual(try JQProgram("halt_error").run(Array(#"{"a":1}"#.utf8)).failure, #"halt_error, status 5: {"a":1}"#)
        XCTAssertEqual(try JQProgram("halt_error(3)").run(Array(#""stop\n""#.utf8)).failure, "halt_error, status 3: stop")
        let halted = try JQProgram("., halt").run(Array("1\n2\n".utf8))
        XCTAssertNil(halted.failure, "halt is no error")
        XCTAssertEqual(halted.results, ["1"], "and nothing runs after it")
    }

    /// `range(1e9)` once collected results until memory ran out: what a run keeps is bounded,
    /// and the program is stopped there with words that say why.
    func testKeptResultsAreBoundedAndTheProgramIsStoppedThere() throws {
        let run = try JQProgram("range(1e9)").run(Array("null".utf8), keptLimit: 4096)
        XCTAssertEqual(run.failure?.hasPrefix("it gave more than"), true, run.failure ?? "no failure")
        XCTAssertLessThanOrEqual(run.results.count, 4096 / 32 + 1, "kept no more than the limit")
        XCTAssertEqual(JQProgram.keptLimit(forInput: 1000), 64 << 20, "at least 64 MiB")
        XCTAssertEqual(JQProgram.keptLimit(forInput: 100 << 20), 200 << 20, "twice the input")
    }

    /// Without a loop to stream on, a stream takes the results at the end, from the second
    /// on; one result alone is the run's own. Streamed or kept, the fingerprint is the same.
    func testAStreamTakesSeveralResultsAndTheFingerprintIsTheSameStreamedOrKept() throws {
        let program = try JQProgram(".[]")
        var taken: [String] = []
        let stream = JQProgram.ResultStream(isReady: { true }, take: { taken += $0.strings; return true })
        let streamed = program.run(Array("[1, 2, 3]".utf8), streamingTo: stream)
        XCTAssertEqual(taken, ["1", "2", "3"])
        XCTAssertEqual(streamed.results, [])
        XCTAssertEqual(streamed.streamed, 3)
        let kept = program.run(Array("[1, 2, 3]".utf8))
        XCTAssertEqual(kept.results, ["1", "2", "3"])
        XCTAssertEqual(kept.fingerprint, streamed.fingerprint)
        XCTAssertNotEqual(program.run(Array("[1, 2, 4]".utf8)).fingerprint, kept.fingerprint)
        taken = []
        let single = program.run(Array("[1]".utf8), streamingTo: stream)
        XCTAssertEqual(taken, [], "one result is shown as itself")
        XCTAssertEqual(single.results, ["1"])
    }

    /// libjq 1.6's `stderr` writes its value to fd 2 itself, a server's C1 and bidi
    /// characters raw: it is made to say through `debug`, to the caller, which says it made
    /// inert; what it gives, and jq's line numbers, are as jq's.
    func testStderrIsHandedToTheCallerAsCompactJSON() throws {
        let run = try JQProgram("stderr | length").run(Array(#""a\u009bb\u202ec""#.utf8))
        XCTAssertEqual(run.results, ["5"])
        XCTAssertEqual(run.debugMessages, ["\"a\u{9B}b\u{202E}c\""], "compact JSON, as jq 1.6 writes it")
        XCTAssertEqual(try JQProgram("$__loc__").run(Array("null".utf8)).results, [#"{"file":"<top-level>","line":1}"#], "line numbers are jq's")
        XCTAssertThrowsError(try JQProgram(#"import "a" as a; ."#), "a module directive still finds no module")
        XCTAssertThrowsError(try JQProgram(#"module {a: 1}; "x" | stderr"#), "refused: its stderr would be libjq's") { error in
            XCTAssertTrue("\(error)".contains("module directive"), "\(error)")
        }
    }
}
