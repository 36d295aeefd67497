import Plugins
import XCTest

/// `-O`'s name for a URL's path, as a value.
final class DownloadTargetTests: XCTestCase {
    func testTheLastSegmentIsTheNameDecodedAndWhatNamesNoFileIsRefused() {
        XCTAssertEqual(DownloadTarget.remoteName(ofPath: "/files/report.pdf"), "report.pdf")
        XCTAssertEqual(DownloadTarget.remoteName(ofPath: "/a/my%20file.txt"), "my file.txt")
        XCTAssertEqual(DownloadTarget.remoteName(ofPath: "/caf%C3%A9.json"), "café.json")
        for path in ["/", "", "/dir/", "/.", "/..", "/%2E%2E", "/a%2Fb", "/x%00y", "/%FF", "/bad%2"] {
            XCTAssertNil(DownloadTarget.remoteName(ofPath: path), path)
        }
        XCTAssertEqual(DownloadTarget(path: "out.bin").partPath, "out.bin.part")
    }
}
