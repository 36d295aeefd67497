import XCTest
@testable import Plan

/// `--url` and `url=` as people type them, normalised with a file system of two files.
final class URLInputTests: XCTestCase {
    private let files = URLInput.Files(directory: "/work/dir", environment: ["HOME": "/home/me"]) {
        ["/work/dir/x.json", "/work/dir/sub/y.json"].contains($0)
    }

    private func normalized(_ text: String) -> String? {
        try? URLInput.normalized(text, files: files).get()
    }

    func testURLsWithASchemeLoadrunLoadsAreKeptAsTheyAre() {
        for url in ["http://127.0.0.1:8080/posts", "https://example.com/x?y=1", "HTTP://EXAMPLE.COM/", "file:///tmp/x.json",
                    "http://[::1]:8080/", "-"] {
            XCTAssertEqual(normalized(url), url)
        }
    }

    func testPathsAreFileURLs() {
        XCTAssertEqual(normalized("/tmp/x.json"), "file:///tmp/x.json")
        XCTAssertEqual(normalized("./x.json"), "file:///work/dir/x.json")
        XCTAssertEqual(normalized("x.json"), "file:///work/dir/x.json", "a bare name that is a file")
        XCTAssertEqual(normalized("sub/y.json"), "file:///work/dir/sub/y.json")
        XCTAssertEqual(normalized("../other/z.json"), "file:///work/other/z.json", "a path whether it exists or not")
        XCTAssertEqual(normalized("~/z.json"), "file:///home/me/z.json")
        XCTAssertEqual(normalized("/tmp/a b%.json"), "file:///tmp/a%20b%25.json", "encoded as a URL")
    }

    func testAHostWithoutASchemeIsHTTPAsCurlTakesIt() {
        XCTAssertEqual(normalized("127.0.0.1:8080/posts"), "http://127.0.0.1:8080/posts")
        XCTAssertEqual(normalized("localhost:8080"), "http://localhost:8080")
        XCTAssertEqual(normalized("example.com/x"), "http://example.com/x")
        XCTAssertEqual(normalized("y.json"), "http://y.json", "a bare name that is no file is a host, as curl reads it")
        XCTAssertEqual(normalized("[::1]:8080/posts"), "http://[::1]:8080/posts")
    }

    func testAnythingElseIsRefusedWithAnExample() {
        let cases: [(String, String)] = [
            ("ftp://x", "has the scheme ftp:, which loadrun does not load (only http, https and file)"),
            ("http://", "names no host"),
            ("http:/posts", "names no host"),
            ("::::", "is neither a URL nor a file"),
            ("a b", "is neither a URL nor a file"),
            ("", "is empty"),
        ]
        for (text, reason) in cases {
            switch URLInput.normalized(text, files: files) {
            case .success(let url): XCTFail("\(text) → \(url)")
            case .failure(let problem):
                XCTAssertTrue(problem.reason.hasPrefix(reason), "\(text): \(problem.reason)")
                XCTAssertTrue(problem.description.hasPrefix("\"\(text)\" \(problem.reason); give a URL such as http://127.0.0.1:8080/posts"),
                              problem.description)
            }
        }
    }
}
