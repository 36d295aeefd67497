import Loader
import XCTest

/// `StreamLines` as a value: a stream's bytes in, its lines out, however the chunks fall.
final class StreamLinesTests: XCTestCase {
    /// The lines `chunks` complete, then (when `finishing`) the last partial one.
    private func lines(_ chunks: [String], endings: StreamLines.Endings, limit: Int = 1 << 20,
                       finishing: Bool = false) throws -> [String] {
        var splitter = StreamLines(endings: endings, limit: limit)
        var lines: [String] = []
        for chunk in chunks {
            try Array(chunk.utf8).withUnsafeBytes { bytes in
                try splitter.feed(bytes) { lines.append(String(decoding: $0, as: UTF8.self)) }
            }
        }
        if finishing { try splitter.finish { lines.append(String(decoding: $0, as: UTF8.self)) } }
        return lines
    }

    /// `text` fed whole, and split into two chunks at every byte: the lines must not differ.
    private func assertSameAtEverySplit(_ text: String, endings: StreamLines.Endings, _ expected: [String],
                                        file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try lines([text], endings: endings), expected, "whole", file: file, line: line)
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            let first = String(decoding: bytes[..<cut], as: UTF8.self), second = String(decoding: bytes[cut...], as: UTF8.self)
            XCTAssertEqual(try lines([first, second], endings: endings), expected, "cut at \(cut)", file: file, line: line)
        }
        let single = bytes.map { String(decoding: [$0], as: UTF8.self) }
        XCTAssertEqual(try lines(single, endings: endings), expected, "a byte at a time", file: file, line: line)
    }

    func testAnEventStreamEndsLinesAtCRLFLFAndCRAlone() throws {
        try assertSameAtEverySplit("a\r\nb\nc\rd\r\r\ne\n", endings: .eventStream, ["a", "b", "c", "d", "", "e"])
    }

    func testACRThatEndsAChunkAndAnLFThatStartsTheNextAreOneEnding() throws {
        XCTAssertEqual(try lines(["a\r", "\nb\r", "\r\n", "c\n"], endings: .eventStream), ["a", "b", "", "c"])
        XCTAssertEqual(try lines(["a\r", "", "\nb\n"], endings: .eventStream), ["a", "b"], "an empty chunk between changes nothing")
    }

    func testJSONLinesEndAtLFAndAtTheRecordSeparatorAndKeepACR() throws {
        try assertSameAtEverySplit("{\"a\":1}\r\n\u{1E}{\"b\":2}\n\u{1E}3\n", endings: .jsonSequence,
                                   ["{\"a\":1}\r", "", "{\"b\":2}", "", "3"])
    }

    func testTheLastLineWithoutAnEndingComesOnlyAtTheFinish() throws {
        XCTAssertEqual(try lines(["1\n2"], endings: .jsonSequence), ["1"])
        XCTAssertEqual(try lines(["1\n2"], endings: .jsonSequence, finishing: true), ["1", "2"])
        XCTAssertEqual(try lines(["1\n"], endings: .jsonSequence, finishing: true), ["1"], "nothing partial: nothing more")
    }

    func testALineLongerThanTheLimitIsRefusedWhetherWholeOrGathered() {
        XCTAssertThrowsError(try lines(["12345\n"], endings: .eventStream, limit: 4)) { error in
            XCTAssertEqual((error as? StreamLines.TooLong)?.limit, 4)
        }
        XCTAssertThrowsError(try lines(["12", "345\n"], endings: .eventStream, limit: 4), "gathered over two chunks")
        XCTAssertThrowsError(try lines(["12", "3", "45"], endings: .eventStream, limit: 4), "a line whose end never comes")
        XCTAssertEqual(try lines(["12", "34\n"], endings: .eventStream, limit: 4), ["1234"], "exactly the limit is taken")
    }

    func testAGatheredLineLeavesNothingBehindForTheNext() throws {
        XCTAssertEqual(try lines(["ab", "c\nd", "e\nf\n"], endings: .jsonSequence), ["abc", "de", "f"])
    }
}
