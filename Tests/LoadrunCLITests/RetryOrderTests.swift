@testable import LoadrunCLI
import Plugins
import XCTest
@testable import Plan

/// `--retry N` against `--no-retry`: the later one wins, as in curl.
final class RetryOrderTests: XCTestCase {
    private let subcommands: Set<String> = ["sources", "plugins", "serve"]

    private func laterWins(_ arguments: [String]) -> [String] {
        RetryOrder.laterWins(arguments, subcommands: subcommands)
    }

    func testANoRetryAfterTheRetryStays() {
        XCTAssertEqual(laterWins(["--retry", "3", "--no-retry"]), ["--retry", "3", "--no-retry"])
        XCTAssertEqual(laterWins(["--retry=3", "--url", "u", "--no-retry"]), ["--retry=3", "--url", "u", "--no-retry"])
    }

    func testARetryAfterTheNoRetryTakesItOut() {
        XCTAssertEqual(laterWins(["--no-retry", "--retry", "3"]), ["--retry", "3"])
        XCTAssertEqual(laterWins(["--no-retry", "--url", "u", "--retry=3"]), ["--url", "u", "--retry=3"])
        XCTAssertEqual(laterWins(["--no-retry", "--no-retry", "--retry", "1"]), ["--retry", "1"], "every one before it")
        XCTAssertEqual(laterWins(["--no-retry", "--retry", "1", "--no-retry"]), ["--retry", "1", "--no-retry"],
                       "the last --no-retry is after every --retry: it still wins")
    }

    func testABadRetryValueStaysForTheParserToRefuse() {
        XCTAssertEqual(laterWins(["--retry", "-1", "--no-retry"]), ["--retry", "-1", "--no-retry"])
        XCTAssertEqual(laterWins(["--no-retry", "--retry"]), ["--retry"], "a --retry without its value still says so")
    }

    func testOtherRetryOptionsArgumentsAfterDashDashAndSubcommandsAreLeftAlone() {
        for arguments in [
            ["--no-retry", "--retry-delay", "1s", "--retry-max-time", "5s"],
            ["--no-retry", "--", "--retry", "3"],
            ["sources", "--no-retry", "--retry", "3"],
            ["--url", "u"],
        ] {
            XCTAssertEqual(laterWins(arguments), arguments)
        }
    }

    /// What the plan makes of what the parser then sees: the flag, when it is left, over any
    /// `--retry`; otherwise the count.
    func testThePlanRetriesAsTheLaterOptionSays() throws {
        func attempts(noRetry: Bool, retries: Int?) throws -> Int? {
            let plan = RunPlan(sourceNames: ["posts"], urls: [], all: false,
                               settings: SourceSettings(noRetry: noRetry, load: LoadSettings(retries: retries)))
            let files = URLInput.Files(directory: "/", environment: [:]) { _ in false }
            return try plan.requests(catalog: SourceCatalog(), registry: .default(), environment: [:], files: files)
                .requests.first?.retryPolicy.maxAttempts
        }
        // --retry 3 --no-retry: both reach the parser.
        XCTAssertEqual(try attempts(noRetry: true, retries: 3), 1)
        // --no-retry --retry 3: only --retry 3 does.
        XCTAssertEqual(try attempts(noRetry: false, retries: 3), 4)
    }
}
