import XCTest
@testable import loadrun
import Plan

/// An unknown option said in loadrun's words, from a command tree shaped as
/// swift-argument-parser describes it (`--experimental-dump-help`). That the real command's
/// description reads the same way is checked against the binary (`OptionSuggestionTests`).
final class UnknownOptionTests: XCTestCase {
    private let toolInfo = """
        {"serializationVersion": 0, "command": {"commandName": "loadrun", "arguments": [
          {"kind": "option", "names": [{"kind": "long", "name": "retry"}], "shouldDisplay": true},
          {"kind": "option", "names": [{"kind": "long", "name": "config"}], "shouldDisplay": true},
          {"kind": "flag", "names": [{"kind": "short", "name": "h"}, {"kind": "long", "name": "help"}], "shouldDisplay": true},
          {"kind": "flag", "names": [{"kind": "long", "name": "secret"}], "shouldDisplay": false}],
         "subcommands": [
          {"commandName": "serve", "arguments": [{"kind": "option", "names": [{"kind": "long", "name": "port"}]}]},
          {"commandName": "sources", "arguments": []}]}}
        """

    func testTheTreeHoldsEachCommandsLongOptionsButHiddenOnes() throws {
        let tree = try XCTUnwrap(CommandOptions(toolInfo: toolInfo))
        XCTAssertEqual(tree, CommandOptions(name: "loadrun", options: ["retry", "config", "help"], subcommands: [
            CommandOptions(name: "serve", options: ["port"]), CommandOptions(name: "sources", options: []),
        ]))
        XCTAssertNil(CommandOptions(toolInfo: "Usage: loadrun"))
        XCTAssertEqual(tree.command(for: ["serve", "--prot", "1"]).path, ["loadrun", "serve"])
        XCTAssertEqual(tree.command(for: ["sources", "--confg"]).options, ["retry", "config", "help"], "a parent's options count too")
        XCTAssertEqual(tree.command(for: ["--", "serve"]).path, ["loadrun"], "past -- nothing is a subcommand")
    }

    func testTheMessageSuggestsTheNearestOptionOfTheCommandRun() {
        func message(_ parser: String, _ arguments: [String]) -> String? {
            UnknownOption.message(parserMessage: parser, arguments: arguments) { self.toolInfo }
        }
        XCTAssertEqual(message("Unknown option '--retires'. Did you mean '--retry'?", ["--retires", "3"]),
                       "unknown option --retires; did you mean --retry? (see loadrun --help)")
        XCTAssertEqual(message("Unknown option '--prot'", ["serve", "--prot", "1"]),
                       "unknown option --prot; did you mean --port? (see loadrun serve --help)")
        XCTAssertEqual(message("Unknown option '--xyz'. Did you mean '--url'?", ["--xyz"]),
                       "unknown option --xyz (see loadrun --help)", "no suggestion rather than a far one")
        XCTAssertNil(message("Unknown option '-x'", ["-x"]), "short options keep the parser's words")
        XCTAssertNil(message("Missing value for '--retry <n>'", ["--retry"]))
        var asked = false
        _ = UnknownOption.message(parserMessage: "The value 'x' is invalid", arguments: []) { asked = true; return "" }
        XCTAssertFalse(asked, "the command tree is described only for an unknown option")
    }
}
