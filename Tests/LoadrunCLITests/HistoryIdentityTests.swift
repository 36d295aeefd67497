import Loader
@testable import LoadrunCLI
import Plan
import Plugins
import XCTest

/// What the history knows a source's versions by (`HistoryRecorder.identity`): only the
/// answers to one request are versions of one another.
final class HistoryIdentityTests: XCTestCase {
    private let registry = PluginRegistry.default()
    private let files = URLInput.Files(directory: "/", environment: [:], read: { _, _ in .failure(.missing) },
                                       readStandardInput: { _ in .success([]) }) { _ in false }

    private func identity(_ url: String, _ request: RequestSettings = RequestSettings()) throws -> (name: String, url: String) {
        let plan = RunPlan(sourceNames: [], urls: [url], all: false, settings: SourceSettings(request: request))
        let requests = try plan.requests(catalog: SourceCatalog(), registry: registry, environment: [:], files: files).requests
        return HistoryRecorder.identity(of: try XCTUnwrap(requests.first))
    }

    func testAGetIsKnownByItsURLWithItsPasswordMasked() throws {
        XCTAssertEqual(try identity("https://example.com/posts").url, "https://example.com/posts")
        XCTAssertEqual(try identity("https://ana:secret@example.com/posts").url, "https://ana:***@example.com/posts")
    }

    func testAnotherMethodIsKnownByItselfTheURLAndItsBody() throws {
        let search = try identity("https://example.com/search", RequestSettings(method: "POST", data: ["q=1"]))
        XCTAssertTrue(search.url.hasPrefix("POST https://example.com/search #"), search.url)
        XCTAssertEqual(try identity("https://example.com/search", RequestSettings(method: "POST", data: ["q=1"])).url, search.url,
                       "the same request, the same identity")
        XCTAssertNotEqual(try identity("https://example.com/search", RequestSettings(method: "POST", data: ["q=2"])).url, search.url,
                          "another body, another request")
        XCTAssertEqual(try identity("https://example.com/x", RequestSettings(method: "DELETE")).url, "DELETE https://example.com/x")
    }
}
