import XCTest
@testable import Plan

/// Many `--url`s reach the parser as one hidden option, in order; a short command line is
/// left as typed.
final class URLBatchTests: XCTestCase {
    func testAFewURLsAreLeftAsTyped() {
        let arguments = ["--url", "a", "--url=b", "--plugin", "posts", "--url", "-"]
        XCTAssertEqual(URLBatch.batched(arguments), arguments)
    }

    func testManyURLsBecomeOneOptionInTheirOrderWithEveryOtherArgumentKept() throws {
        var arguments = ["--plugin", "posts", "--url", "-"]
        for number in 1...20 { arguments += number.isMultiple(of: 2) ? ["--url", "u\(number)"] : ["--url=u\(number)"] }
        arguments += ["--output", "json", "--url", "--all", "--", "--url", "after"]
        let batched = URLBatch.batched(arguments)
        let optionIndex = try XCTUnwrap(batched.firstIndex(of: URLBatch.option))
        // `--url --all` is no pair: it stays for the parser to refuse. From `--` on, nothing
        // is an option: it stays after the batch, untouched.
        XCTAssertEqual(Array(batched[..<optionIndex]), ["--plugin", "posts", "--output", "json", "--url", "--all"])
        XCTAssertEqual(Array(batched[(optionIndex + 2)...]), ["--", "--url", "after"])
        XCTAssertEqual(URLBatch.urls(in: batched[optionIndex + 1]), ["-"] + (1...20).map { "u\($0)" })
        XCTAssertFalse(batched[optionIndex + 1].hasPrefix("-"), "a first URL of - must not read as an option")
    }
}
