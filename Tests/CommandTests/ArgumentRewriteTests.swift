import Plugins
import XCTest
@testable import loadrun
import Plan

/// The command line as the parser gets it: `--watch`'s interval made explicit, the later of
/// `--retry N` and `--no-retry` kept, many `--url`s batched, all in one rewrite.
final class ArgumentRewriteTests: XCTestCase {
    private let subcommands: Set<String> = ["sources", "plugins", "serve"]

    private func parsed(_ arguments: [String]) -> [String] {
        ArgumentRewrite(arguments, subcommands: subcommands).parsed
    }

    // MARK: curl's short options

    func testAValueAttachedToItsLetterIsThatOptionsValue() {
        XCTAssertEqual(parsed(["-ualice:PW"]), ["--user=alice:PW"])
        XCTAssertEqual(parsed(["-HAccept: x"]), ["--header=Accept: x"])
        XCTAssertEqual(parsed(["-XPOST", "-d{}"]), ["--request=POST", "--data={}"])
        XCTAssertEqual(parsed(["-u", "alice:PW"]), ["-u", "alice:PW"], "a letter alone is the parser's")
    }

    func testGroupedLettersAreEachTheirOptionAndTheLastMayTakeTheNextWord() {
        XCTAssertEqual(parsed(["-qu", "alice:pw"]), ["-q", "--user=alice:pw"])
        XCTAssertEqual(parsed(["-qualice:pw"]), ["-q", "--user=alice:pw"])
        XCTAssertEqual(parsed(["-kvi"]), ["-kvi"], "flags alone are the parser's")
        XCTAssertEqual(parsed(["-kvu", "a:b"]), ["-k", "-v", "--user=a:b"])
        XCTAssertEqual(parsed(["-kH", "-x: y"]), ["-k", "--header=-x: y"], "the next word is the value, whatever it looks like")
        XCTAssertEqual(parsed(["-qu"]), ["-q", "--user"], "the parser says it needs a value")
    }

    func testAnUnknownLetterIsSaidAloneNeverWithWhatFollowsIt() {
        XCTAssertEqual(parsed(["-Zualice:PW"]), ["-Z"])
        XCTAssertEqual(parsed(["-qZu", "alice:PW"]), ["-q", "-Z", "alice:PW"], "the parser stops at -Z")
    }

    func testNumbersDashesAndWordsPastTheEndOfOptionsAreLeftAlone() {
        XCTAssertEqual(parsed(["--max-items", "-1"]), ["--max-items=-1"])
        XCTAssertEqual(parsed(["--url", "-"]), ["--url", "-"])
        XCTAssertEqual(parsed(["--", "-ualice:PW"]), ["--", "-ualice:PW"])
    }

    func testTheBlankedPasswordIsFoundInEveryShape() {
        XCTAssertEqual(ShortOptionClusters.pieces(of: "-qualice:PW")?.last?.valueOffset, 3)
        XCTAssertEqual(ShortOptionClusters.pieces(of: "-ualice:PW")?.last?.valueOffset, 2)
        XCTAssertNil(ShortOptionClusters.pieces(of: "-qu")?.last?.valueOffset)
    }

    // MARK: --watch

    func testABareWatchGetsAutoBeforeAnotherOptionOrAtTheEnd() {
        XCTAssertEqual(parsed(["--watch"]), ["--watch", "auto"])
        XCTAssertEqual(parsed(["--watch", "--all"]), ["--watch", "auto", "--all"])
        XCTAssertEqual(parsed(["--watch", "30s"]), ["--watch", "30s"])
        XCTAssertEqual(parsed(["--", "--watch"]), ["--", "--watch"], "past -- nothing is an option")
    }

    func testABareWatchBeforeAURLOrASourceGivenWithoutAnOptionGetsAuto() {
        XCTAssertEqual(parsed(["--watch", "posts"]), ["--watch", "auto", "--", "posts"])
        XCTAssertEqual(parsed(["--watch", "127.0.0.1:8080/posts"]), ["--watch", "auto", "--", "127.0.0.1:8080/posts"])
        XCTAssertEqual(parsed(["--watch", "http://h/x"]), ["--watch", "auto", "--", "http://h/x"])
        XCTAssertEqual(parsed(["--watch", "1.5s", "posts"]), ["--watch", "1.5s", "--", "posts"])
        XCTAssertEqual(parsed(["--watch", "5sec"]), ["--watch", "5sec"], "shaped like an interval: the watch refuses it as one")
    }

    // MARK: --color

    func testABareColorIsAlwaysAsLsAndGitTakeIt() {
        XCTAssertEqual(parsed(["--color"]), ["--color=always"])
        XCTAssertEqual(parsed(["--colour", "--all"]), ["--colour=always", "--all"])
        XCTAssertEqual(parsed(["--color", "posts"]), ["--color=always", "--after-color=posts", "--", "posts"],
                       "a plain word is a source, and the plan is told where it stood")
        XCTAssertEqual(parsed(["--color", "127.0.0.1:8080/posts"]), ["--color=always", "--", "127.0.0.1:8080/posts"])
        XCTAssertEqual(parsed(["--color", "never", "posts"]), ["--color", "never", "--", "posts"])
        XCTAssertEqual(parsed(["--color=auto"]), ["--color=auto"])
    }

    // MARK: Words given without an option

    func testWordsGivenWithoutAnOptionMoveAfterADashDash() {
        XCTAssertEqual(parsed(["http://h/posts"]), ["--", "http://h/posts"])
        XCTAssertEqual(parsed(["-v", "posts", "--url", "u", "-H", "A: b", "x.com/y", "--all"]),
                       ["-v", "--url", "u", "-H", "A: b", "--all", "--", "posts", "x.com/y"], "an option's value stays with it")
        XCTAssertEqual(parsed(["-vv", "a", "--url=u", "b", "--", "c"]), ["-vv", "--url=u", "--", "a", "b", "c"])
        XCTAssertEqual(parsed(["-"]), ["--", "-"], "standard input, as --url - is")
    }

    func testASubcommandInAnOperandsPlaceStaysASubcommand() {
        for arguments in [["sources"], ["--config", "f", "sources"], ["-v", "plugins"], ["help", "serve"]] {
            XCTAssertEqual(parsed(arguments), arguments)
        }
        XCTAssertEqual(parsed(["--source", "serve", "posts"]), ["--source", "serve", "--", "posts"],
                       "a subcommand's name as an option's value is that value")
    }

    func testACompletionRequestIsLeftForTheParser() {
        let request = ["---completion", "--", "--source", "1", "0", "loadrun", "--source", ""]
        XCTAssertEqual(parsed(request), request)
    }

    // MARK: Negative numbers

    func testANegativeNumberAfterALongOptionIsItsValue() {
        XCTAssertEqual(parsed(["--max-items", "-1"]), ["--max-items=-1"])
        XCTAssertEqual(parsed(["--retry", "-1", "--no-retry"]), ["--retry=-1", "--no-retry"])
        XCTAssertEqual(parsed(["-v", "-1"]), ["-v", "-1"], "only after a long option")
    }

    // MARK: --retry against --no-retry, the later one wins, as in curl

    func testANoRetryAfterTheRetryStays() {
        XCTAssertEqual(parsed(["--retry", "3", "--no-retry"]), ["--retry", "3", "--no-retry"])
        XCTAssertEqual(parsed(["--retry=3", "--url", "u", "--no-retry"]), ["--retry=3", "--url", "u", "--no-retry"])
    }

    func testARetryAfterTheNoRetryTakesItOut() {
        XCTAssertEqual(parsed(["--no-retry", "--retry", "3"]), ["--retry", "3"])
        XCTAssertEqual(parsed(["--no-retry", "--url", "u", "--retry=3"]), ["--url", "u", "--retry=3"])
        XCTAssertEqual(parsed(["--no-retry", "--no-retry", "--retry", "1"]), ["--retry", "1"], "every one before it")
        XCTAssertEqual(parsed(["--no-retry", "--retry", "1", "--no-retry"]), ["--retry", "1", "--no-retry"],
                       "the last --no-retry is after every --retry: it still wins")
    }

    func testABadRetryValueStaysForTheParserToRefuse() {
        XCTAssertEqual(parsed(["--retry", "x", "--no-retry"]), ["--retry", "x", "--no-retry"])
        XCTAssertEqual(parsed(["--no-retry", "--retry"]), ["--retry"], "a --retry without its value still says so")
    }

    func testOtherRetryOptionsArgumentsAfterDashDashAndSubcommandsAreLeftAlone() {
        for arguments in [
            ["--no-retry", "--retry-delay", "1s", "--retry-max-time", "5s"],
            ["--no-retry", "--", "--retry", "3"],
            ["sources", "--no-retry", "--retry", "3"],
            ["--url", "u"],
        ] {
            XCTAssertEqual(parsed(arguments), arguments)
        }
    }

    /// What the plan makes of what the parser then sees: the flag, when it is left, over any
    /// `--retry`; otherwise the count.
    func testThePlanRetriesAsTheLaterOptionSays() throws {
        func attempts(noRetry: Bool, retries: Int?) throws -> Int? {
            let plan = RunPlan(sourceNames: ["posts"], urls: [], all: false,
                               settings: SourceSettings(noRetry: noRetry, load: LoadSettings { $0.retries = retries }))
            let files = URLInput.Files(directory: "/", environment: [:]) { _ in false }
            return try plan.requests(catalog: SourceCatalog(), registry: .default(), environment: [:], files: files)
                .requests.first?.retryPolicy.maxAttempts
        }
        // --retry 3 --no-retry: both reach the parser.
        XCTAssertEqual(try attempts(noRetry: true, retries: 3), 1)
        // --no-retry --retry 3: only --retry 3 does.
        XCTAssertEqual(try attempts(noRetry: false, retries: 3), 4)
    }

    // MARK: All three, in one rewrite

    func testEveryStepAppliesToOneCommandLineInOrder() throws {
        let urls = (1...20).flatMap { ["--url", "u\($0)"] }
        let rewrite = ArgumentRewrite(["--no-retry", "--watch"] + urls + ["--retry", "2", "--", "--watch"], subcommands: subcommands)
        XCTAssertEqual(rewrite.words, ["--no-retry", "--watch", "auto"] + urls + ["--retry", "2", "--", "--watch"],
                       "the words keep every argument typed, with the watch's interval made explicit")
        let batch = try XCTUnwrap(rewrite.parsed.firstIndex(of: URLBatch.option))
        XCTAssertEqual(Array(rewrite.parsed[..<batch]), ["--watch", "auto", "--retry", "2"])
        XCTAssertEqual(URLBatch.urls(in: rewrite.parsed[batch + 1]), (1...20).map { "u\($0)" })
        XCTAssertEqual(Array(rewrite.parsed[(batch + 2)...]), ["--", "--watch"])
    }

    func testASubcommandGetsOnlyTheWatchsInterval() {
        let urls = Array(repeating: ["--url", "x"], count: 20).flatMap { $0 }
        XCTAssertEqual(parsed(["serve"] + urls), ["serve"] + urls, "no batch")
        XCTAssertEqual(parsed(["sources", "--watch"]), ["sources", "--watch", "auto"])
    }

    func testAShortCommandLineIsLeftAsTyped() {
        let arguments = ["--source", "posts", "--url", "a", "--retry", "3", "--no-retry"]
        XCTAssertEqual(ArgumentRewrite(arguments, subcommands: subcommands), ArgumentRewrite(arguments, subcommands: []))
        XCTAssertEqual(parsed(arguments), arguments)
    }
}
