@testable import LoadrunCLI
import XCTest

/// How `o` reads `$BROWSER`, as man, git and Python's webbrowser do.
final class ExternalBrowserTests: XCTestCase {
    private let url = "https://example.com/posts/2"

    func testWithoutBrowserItIsXdgOpen() {
        XCTAssertEqual(ExternalBrowser.command(for: url, environment: [:]), ["xdg-open", url])
        XCTAssertEqual(ExternalBrowser.command(for: url, environment: ["BROWSER": "  "]), ["xdg-open", url])
    }

    func testTheFirstOfSeveralBrowsersTakesTheURLAfterItsWordsOrForPercentS() {
        XCTAssertEqual(ExternalBrowser.command(for: url, environment: ["BROWSER": "firefox:chromium"]), ["firefox", url])
        XCTAssertEqual(ExternalBrowser.command(for: url, environment: ["BROWSER": "firefox --new-tab"]), ["firefox", "--new-tab", url])
        XCTAssertEqual(ExternalBrowser.command(for: url, environment: ["BROWSER": "w3m %s -dump"]), ["w3m", url, "-dump"])
    }

    func testABrowserThatCannotStartSaysSo() {
        let problem = ExternalBrowser.open(url, environment: ["BROWSER": "/nonexistent/browser"])
        XCTAssertTrue(problem?.contains("cannot start /nonexistent/browser") == true, problem ?? "started")
    }
}
