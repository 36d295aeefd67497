@testable import Loader
import XCTest

/// The logger's filter for libsoup's second print of a 401's head, as a value.
final class RepeatedResponseHeadTests: XCTestCase {
    private func run(_ lines: [HTTPLogLine]) -> [String] {
        var filter = RepeatedResponseHead()
        return lines.flatMap { filter.take($0) }.map { "\($0.direction.rawValue) \($0.text)" }
    }

    private let head = [HTTPLogLine(.response, "HTTP/1.0 401 Unauthorized"), HTTPLogLine(.response, "Content-Length: 2")]
    private let request = HTTPLogLine(.request, "GET /x HTTP/1.1")
    private let note = HTTPLogLine(.note, "HTTP/1.0 with 127.0.0.1:1")

    func testAHeadPrintedTwiceWithNoRequestBetweenIsShownOnce() {
        XCTAssertEqual(run([request] + head + head + [note]), ["> GET /x HTTP/1.1", "< HTTP/1.0 401 Unauthorized", "< Content-Length: 2",
                                                              "* HTTP/1.0 with 127.0.0.1:1"])
    }

    func testTheSameHeadAfterAnotherRequestIsShownAgain() {
        XCTAssertEqual(run([request] + head + [request] + head).count, 6)
    }

    func testAHeadThatDiffersFromTheLastIsShownWhole() {
        let other = [HTTPLogLine(.response, "HTTP/1.0 401 Unauthorized"), HTTPLogLine(.response, "Content-Length: 3")]
        XCTAssertEqual(run(head + other + [note]), ["< HTTP/1.0 401 Unauthorized", "< Content-Length: 2", "< HTTP/1.0 401 Unauthorized",
                                                    "< Content-Length: 3", "* HTTP/1.0 with 127.0.0.1:1"])
        let informational = [HTTPLogLine(.response, "HTTP/1.1 100 Continue"), HTTPLogLine(.response, "HTTP/1.1 200 OK")]
        XCTAssertEqual(run(informational).count, 2)
    }
}
