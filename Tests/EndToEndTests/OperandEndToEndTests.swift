import TestSupport
import XCTest

/// A URL or a source's name given without an option, as curl, xh and lynx take one.
final class OperandEndToEndTests: XCTestCase {
    func testABareURLLoadsAsURLDoes() throws {
        let server = TestServer { server, _ in server.route("/posts", TestRoutes.fixed(Fixtures.posts(2))) }
        for typed in [server.url("/posts"), "127.0.0.1:\(server.port)/posts"] {
            let run = try LoadrunProcess([typed])
            XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
            XCTAssertEqual(try PipeJSON.titles(run.standardOutput), ["Post number 1", "Post number 2"], run.standardOutput)
            XCTAssertEqual(run.standardErrorLines, ["posts: \(server.url("/posts"))"])
        }
    }

    func testABareNameOfASourceLoadsThatSource() throws {
        let run = try LoadrunProcess(["posts"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.hasPrefix(" 1  Loading states are a contract\n"), run.standardOutput)
    }

    func testAWordThatIsNeitherIsOneLineWithASuggestion() throws {
        let run = try LoadrunProcess(["postz"])
        XCTAssertEqual(run.waitForExit(), .exited(64))
        XCTAssertEqual(run.standardOutput, "")
        XCTAssertEqual(run.standardError,
                       "loadrun: unknown source \"postz\" (did you mean posts?); configured: posts, articles, images (see loadrun sources)\n")
    }

    func testSubcommandsAreStillSubcommands() throws {
        let run = try LoadrunProcess(["plugins"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.contains("posts"), run.standardOutput)
        let sources = try LoadrunProcess(["sources"], environment: ["XDG_CONFIG_HOME": "/nonexistent"])
        XCTAssertEqual(sources.waitForExit(), .exited(0), sources.standardError)
        XCTAssertTrue(sources.standardOutput.contains("built-in"), sources.standardOutput)
    }

    func testADashReadsStandardInput() throws {
        let run = try LoadrunProcess(shell: "printf '[{\"id\":1,\"title\":\"from stdin\",\"body\":\"b\"}]' | \"$LOADRUN\" --plugin posts -")
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertTrue(run.standardOutput.contains("from stdin"), run.standardOutput)
    }
}
