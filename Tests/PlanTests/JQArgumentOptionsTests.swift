import Plan
import Plugins
import XCTest

/// `--arg` and `--argjson` as the parser hands them over (`NAME=VALUE`) made into a program's
/// `$NAME`s, or a usage error that names the option and what is wrong.
final class JQArgumentOptionsTests: XCTestCase {
    private func failure(strings: [String] = [], json: [String] = []) -> String? {
        do {
            _ = try JQArgumentOptions.arguments(strings: strings, json: json)
            return nil
        } catch {
            return error.message
        }
    }

    func testTheFirstEqualsSignPartsTheNameFromTheValue() throws {
        let arguments = try JQArgumentOptions.arguments(strings: ["q=a=b", "empty="], json: ["n=1.50", "o= {\"k\": [null]} "])
        XCTAssertEqual(arguments.named, [
            JQArguments.Named(name: "q", value: .string("a=b")), JQArguments.Named(name: "empty", value: .string("")),
            JQArguments.Named(name: "n", value: .json("1.50")), JQArguments.Named(name: "o", value: .json(" {\"k\": [null]} ")),
        ])
    }

    func testJSONThatDoesNotParseIsNamedWithLibjqsWords() {
        let message = failure(json: ["ids=[1,"])
        XCTAssertTrue(message?.hasPrefix("--argjson ids: the value is not JSON: ") == true, message ?? "accepted")
        XCTAssertTrue(message?.contains("--arg") == true, "says what to do: \(message ?? "")")
        XCTAssertNotNil(failure(json: ["x="]), "nothing is no JSON value")
        XCTAssertNotNil(failure(json: ["x=1 2"]), "two values are not one")
        XCTAssertNotNil(failure(json: ["x=hello"]), "a bare word is no JSON string")
        XCTAssertNil(failure(json: ["x=\"hello\""]))
    }

    func testANameGivenTwiceOrNoNameIsRefused() {
        XCTAssertEqual(failure(strings: ["a=1"], json: ["a=2"]), "--argjson a: $a is given twice (by --arg or --argjson); give it once")
        XCTAssertNotNil(failure(strings: ["a=1", "a=2"]))
        XCTAssertEqual(failure(strings: ["noequals"]), "--arg takes a NAME and a VALUE: --arg id 3")
        XCTAssertEqual(failure(strings: ["ARGS=1"]), "--arg ARGS: $ARGS is jq's own (it holds the arguments, in $ARGS.named); give another name")
        XCTAssertNotNil(failure(strings: ["9a=1"]))
    }
}
