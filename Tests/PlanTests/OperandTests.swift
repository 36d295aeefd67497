import Plugins
import XCTest
@testable import Plan

/// Words given without an option: URLs as curl reads them, or sources' names.
final class OperandTests: XCTestCase {
    private let registry = PluginRegistry.default()
    /// Nothing is a file here but `/etc/posts.json`.
    private let files = URLInput.Files(directory: "/etc", environment: [:]) { $0 == "/etc/posts.json" }

    private func classify(_ word: String) -> Operand {
        Operand.classify(word, sourceNames: ["posts", "status", "api.v2"], files: files)
    }

    func testANameOfASourceIsThatSourceEvenWhenItCouldBeAHost() {
        XCTAssertEqual(classify("posts"), .source("posts"))
        XCTAssertEqual(classify("api.v2"), .source("api.v2"))
    }

    func testAURLAHostAsCurlReadsItAPathAndStandardInputAreURLs() {
        for word in ["http://host/posts", "example.com/x", "127.0.0.1:8080/posts", "localhost:8080", "./x.json", "/tmp/x",
                     "posts.json", "-"] {
            XCTAssertEqual(classify(word), .url(word), word)
        }
    }

    func testAnyOtherWordIsTakenForASourcesName() {
        XCTAssertEqual(classify("postz"), .source("postz"))
        XCTAssertEqual(classify("localhost"), .source("localhost"))
        XCTAssertEqual(classify(""), .url(""), "refused as an empty URL")
    }

    private func planned(_ operands: [String], sources: [String] = []) throws -> [SourceRequest] {
        let plan = RunPlan(sourceNames: sources, urls: [], operands: operands, all: false, settings: SourceSettings())
        return try plan.requests(catalog: SourceCatalog(), registry: registry, environment: [:], files: files).requests
    }

    func testThePlanLoadsOperandsAsTheOptionsTheyStandFor() throws {
        XCTAssertEqual(try planned(["posts", "articles"]).map(\.sourceName), ["posts", "articles"])
        let urls = try planned(["127.0.0.1:8080/posts", "http://h/users"])
        XCTAssertEqual(urls.map(\.url), ["http://127.0.0.1:8080/posts", "http://h/users"])
        let replaced = try planned(["http://h/other"], sources: ["posts"])
        XCTAssertEqual(replaced.map(\.sourceName), ["posts"], "a URL after one --source replaces its URL, as --url does")
        XCTAssertEqual(replaced.first?.url, "http://h/other")
    }

    func testAWordThatNamesNothingIsOneLineWithTheNearestNameOrHowToGiveAURL() {
        XCTAssertThrowsError(try planned(["postz"])) { error in
            XCTAssertEqual((error as? UsageFailure)?.messages,
                           ["unknown source \"postz\" (did you mean posts?); configured: posts, articles, images (see loadrun sources)"])
        }
        XCTAssertThrowsError(try planned(["localhost"])) { error in
            XCTAssertEqual((error as? UsageFailure)?.messages,
                           ["unknown source \"localhost\"; configured: posts, articles, images (see loadrun sources); for a URL, write http://localhost"])
        }
    }
}
