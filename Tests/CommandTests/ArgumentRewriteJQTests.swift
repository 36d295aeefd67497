import ArgumentParser
import Plugins
import XCTest
@testable import loadrun
import Plan

/// jq's `--arg NAME VALUE` and `--argjson NAME JSON`, two values each, joined into one word for
/// the parser, which takes one; every other option and operand read as before.
final class ArgumentRewriteJQTests: XCTestCase {
    private let subcommands: Set<String> = ["sources", "plugins", "serve"]

    private func rewrite(_ arguments: [String]) -> ArgumentRewrite { ArgumentRewrite(arguments, subcommands: subcommands) }

    func testEachPairIsJoinedToItsOptionWhateverItsValue() {
        XCTAssertEqual(rewrite(["--arg", "id", "3"]).parsed, ["--arg=id=3"])
        XCTAssertEqual(rewrite(["--argjson", "ids", "[1, 2]"]).parsed, ["--argjson=ids=[1, 2]"])
        XCTAssertEqual(rewrite(["--arg", "v", ""]).parsed, ["--arg=v="], "an empty value")
        XCTAssertEqual(rewrite(["--arg", "v", "-1"]).parsed, ["--arg=v=-1"], "a value that looks like a number or an option")
        XCTAssertEqual(rewrite(["--arg", "v", "--watch"]).parsed, ["--arg=v=--watch"])
        XCTAssertEqual(rewrite(["--arg", "v", "a=b c"]).parsed, ["--arg=v=a=b c"], "the first = parts them: a NAME holds none")
        XCTAssertEqual(rewrite(["--arg", "v", "--"]).parsed, ["--arg=v=--"], "even --, as jq takes it")
        XCTAssertNil(rewrite(["--arg", "_x9", "1"]).failure)
    }

    func testOtherOptionsAndOperandsAreReadAsBefore() {
        XCTAssertEqual(rewrite(["--arg", "id", "posts", "posts", "--watch", "--arg", "n", "-1", "--max-items", "-1"]).parsed,
                       ["--arg=id=posts", "--watch", "auto", "--arg=n=-1", "--max-items=-1", "--", "posts"],
                       "a value is no operand; a negative number after another option is still joined to it")
        XCTAssertEqual(rewrite(["--", "--arg", "id"]).parsed, ["--", "--arg", "id"], "past -- nothing is an option")
        XCTAssertNil(rewrite(["--", "--arg"]).failure)
        XCTAssertEqual(rewrite(["serve", "--arg", "a", "b"]).parsed, ["serve", "--arg", "a", "b"], "a subcommand's line is left alone")
    }

    func testAMissingNameOrValueOrANameThatIsNoIdentifierIsTheFailure() {
        XCTAssertEqual(rewrite(["--jq", "$id", "--arg", "id"]).failure, "--arg takes a NAME and a VALUE: --arg id 3")
        XCTAssertEqual(rewrite(["--arg"]).failure, "--arg takes a NAME and a VALUE: --arg id 3")
        XCTAssertEqual(rewrite(["--argjson", "x"]).failure, "--argjson takes a NAME and a JSON value: --argjson ids '[1,2]'")
        let notAName = rewrite(["--arg", "1d", "3"]).failure
        XCTAssertEqual(notAName, #"--arg: "1d" is not a jq variable name (letters, digits and _, not starting with a digit); --arg takes a NAME and a VALUE: --arg id 3"#)
        XCTAssertNotNil(rewrite(["--arg", "a-b", "3"]).failure)
        XCTAssertNotNil(rewrite(["--arg", "--url", "x"]).failure, "an option where the NAME goes")
        XCTAssertNotNil(rewrite(["--arg", "", "x"]).failure)
        XCTAssertNotNil(rewrite(["--arg", "é", "x"]).failure, "jq's names are ASCII")
    }

    /// What the parser makes of the joined word: the option's value, `NAME=VALUE`; the
    /// command's other options as typed.
    func testTheParserTakesTheJoinedWordAsTheOptionsValue() throws {
        let parsed = rewrite(["--arg", "id", "3", "--argjson", "x", "{\"a\":1}", "--jq", ".", "--arg", "e", "", "posts"]).parsed
        let command = try XCTUnwrap(try Loadrun.parseAsRoot(parsed) as? Loadrun)
        XCTAssertEqual(command.arg, ["id=3", "e="])
        XCTAssertEqual(command.argjson, ["x={\"a\":1}"])
        XCTAssertEqual(command.jq, ".")
        XCTAssertEqual(command.operands, ["posts"])
        let arguments = try JQArgumentOptions.arguments(strings: command.arg, json: command.argjson)
        XCTAssertEqual(arguments.named.map(\.name), ["id", "e", "x"])
        XCTAssertEqual(arguments.named.map(\.value), [.string("3"), .string(""), .json("{\"a\":1}")])
    }
}
