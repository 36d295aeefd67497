import Loader
import XCTest
@testable import Plan

/// `-H` and `-A` as values: what is sent, what is removed, the last word on a name winning.
final class HeaderArgumentTests: XCTestCase {
    private func sent(_ arguments: [String], userAgent: String? = nil, over file: [RequestHeader] = []) throws -> [String] {
        let parsed = try HeaderArguments(arguments, userAgent: userAgent)
        let headers = try parsed.applied(to: file) { header throws(UsageFailure) in
            guard case .literal(let value) = header.value else { throw UsageFailure(message: "not literal") }
            return RequestHeader(name: header.name, value: value)
        }
        return headers.map { "\($0.name): \($0.value)" } + parsed.omitted.map { "-\($0)" }
    }

    func testTheLastWordOnANameWins() throws {
        XCTAssertEqual(try sent(["Accept:", "Accept: text/x"]), ["Accept: text/x"], "a value after a removal is sent")
        XCTAssertEqual(try sent(["X-A: 1", "x-a:"]), ["-x-a"], "a removal after a value removes it")
        XCTAssertEqual(try sent(["X-Empty;", "X-B:  two words "]), ["X-Empty: ", "X-B: two words"])
        XCTAssertEqual(try sent(["User-Agent:"], userAgent: "probe/1"), ["User-Agent: probe/1"])
    }

    func testTheCommandLineGoesOverTheFilesHeaders() throws {
        let file = [RequestHeader(name: "Authorization", value: "file"), RequestHeader(name: "X-Keep", value: "k")]
        XCTAssertEqual(try sent(["authorization: flag"], over: file), ["X-Keep: k", "authorization: flag"])
        XCTAssertEqual(try sent(["Authorization:"], over: file), ["X-Keep: k", "-Authorization"])
    }

    func testBadHeadersNameThemselves() {
        for (argument, words) in [("Bad Name: x", #""Bad Name" is not a header name"#), ("nocolon", "is not a header"),
                                  ("X: a\r\nInjected: b", "spans lines"), ("X; y", "'Name;' alone")] {
            XCTAssertThrowsError(try HeaderArguments([argument])) { error in
                let message = (error as? UsageFailure)?.message ?? ""
                XCTAssertTrue(message.contains(argument.prefix(4)) && message.contains(words), message)
            }
        }
    }
}
