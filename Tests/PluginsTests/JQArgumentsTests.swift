import Foundation
import Plugins
import XCTest

/// A program's `$NAME`s (`--arg`, `--argjson`) bound by libjq as the jq 1.6 binary binds them,
/// held to the binary as the oracle.
final class JQArgumentsTests: XCTestCase {
    private static let oraclePath = "/usr/bin/jq"

    /// What the jq binary prints with `-n -c` and these options.
    private static func oracle(_ options: [String], program: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: oraclePath)
        process.arguments = ["-n", "-c"] + options + [program]
        let stdout = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.oraclePath) else {
            throw XCTSkip("the jq binary, the oracle, is missing: scripts/install-deps installs it")
        }
    }

    func testNamesAndARGSAreBoundAsTheJQBinaryBindsThem() throws {
        var arguments = JQArguments()
        try arguments.add("id", .string("3"))
        try arguments.add("empty", .string(""))
        try arguments.add("odd", .string("a=b \"q\" \\ é\n-1"))
        try arguments.add("obj", .json(#" {"k": [1, 2.50, null], "z": "\u00e9"} "#))
        try arguments.add("n", .json("1e3"))
        let program = #"$ARGS, $id, ($id | tonumber) + 1, $empty, $odd, $obj, $obj.k[1], $n"#
        let run = try JQProgram(program, arguments: arguments).run(Array("null".utf8))
        XCTAssertNil(run.failure)
        let expected = try Self.oracle(["--arg", "id", "3", "--arg", "empty", "", "--arg", "odd", "a=b \"q\" \\ é\n-1",
                                        "--argjson", "obj", #" {"k": [1, 2.50, null], "z": "\u00e9"} "#, "--argjson", "n", "1e3"],
                                       program: program)
        XCTAssertEqual(run.results.map { $0 + "\n" }.joined(), expected)
        XCTAssertEqual(run.results.first, #"{"positional":[],"named":{"id":"3","empty":"","odd":"a=b \"q\" \\ é\n-1","obj":{"k":[1,2.5,null],"z":"é"},"n":1000}}"#)
    }

    func testANameTheProgramDoesNotHaveIsJQsCompileError() throws {
        XCTAssertThrowsError(try JQProgram("$id")) { error in
            XCTAssertTrue("\(error)".contains("$id is not defined"), "\(error)")
        }
        var arguments = JQArguments()
        try arguments.add("id", .string("x"))
        XCTAssertEqual(try JQProgram("$id", arguments: arguments).run(Array("1 2".utf8)).results, [#""x""#, #""x""#],
                       "bound for every input, each compiled state its own")
    }

    func testWhatIsNotANameOrNotJSONIsRefused() {
        var arguments = JQArguments()
        XCTAssertThrowsError(try arguments.add("1a", .string("x"))) { XCTAssertEqual($0 as? JQArguments.Problem, .notAName) }
        XCTAssertThrowsError(try arguments.add("ARGS", .string("x"))) { XCTAssertEqual($0 as? JQArguments.Problem, .reserved) }
        XCTAssertThrowsError(try arguments.add("j", .json("{"))) { error in
            guard case .notJSON(let words)? = error as? JQArguments.Problem else { return XCTFail("\(error)") }
            XCTAssertFalse(words.isEmpty)
        }
        XCTAssertNoThrow(try arguments.add("j", .json("[]")))
        XCTAssertThrowsError(try arguments.add("j", .string("x"))) { XCTAssertEqual($0 as? JQArguments.Problem, .givenTwice) }
        XCTAssertEqual(arguments.named.count, 1)
    }
}
