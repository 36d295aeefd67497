import Plugins
import XCTest

/// Pretty JSON made compact a piece at a time, strings untouched, top-level values on lines
/// of their own.
final class JSONCompactionTests: XCTestCase {
    func testWhitespaceBetweenTokensGoesAndStringsStay() {
        XCTAssertEqual(JSONCompaction.compacted("{\n  \"a b\": [\n    1,\n    \"x \\\" }\\n\"\n  ]\n}"), #"{"a b":[1,"x \" }\n"]}"#)
    }

    func testPiecesMayEndAnywhere() {
        let pretty = #"{ "key": "a \\\" , ", "n": [ 1 , 2 ] }"# + "\n"
        var compaction = JSONCompaction()
        let pieces = pretty.map { compaction.next(String($0)) }.joined()
        XCTAssertEqual(pieces, JSONCompaction.compacted(pretty))
        XCTAssertEqual(pieces, #"{"key":"a \\\" , ","n":[1,2]}"# + "\n")
    }

    func testTopLevelValuesKeepTheirLines() {
        XCTAssertEqual(JSONCompaction.compacted("{\n  \"a\": 1\n}\n{\n  \"a\": 2\n}"), "{\"a\":1}\n{\"a\":2}")
        XCTAssertEqual(JSONCompaction.compacted("1\n\n2\n"), "1\n2\n")
        XCTAssertEqual(JSONCompaction.compacted("1 2\t\"a b\""), "1\n2\n\"a b\"", "scalars apart stay apart")
    }
}
