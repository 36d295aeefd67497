import Loader
import Plugins
import XCTest

/// `-c`: the render context's `compactsJSON`, carried as `sortsKeys` is, makes every JSON form
/// one line, as `jq -c` writes it.
final class CompactJSONTests: XCTestCase {
    private var document: JSONDocument!
    private let compact = RenderContext(compactsJSON: true)

    override func setUpWithError() throws {
        // Thrown, not trapped: a document that does not parse fails these tests, not the run.
        document = JSONDocument(try JSONParser.parse(Array(#"{"b": [1, 2.50, {"x": null}], "a": "t\u0001"}"#.utf8)))
    }

    func testTheWriterFollowsTheContext() {
        XCTAssertEqual(JSONWriter(context: compact).write(document.value), #"{"b":[1,2.50,{"x":null}],"a":"t\u0001"}"#)
        var sorted = compact
        sorted.sortsKeys = true
        XCTAssertEqual(JSONWriter(context: sorted).write(document.value), #"{"a":"t\u0001","b":[1,2.50,{"x":null}]}"#)
        XCTAssertEqual(JSONWriter(context: RenderContext()).write(.array([.number("1")])), "[\n  1\n]")
    }

    func testOutputJSONAndTheTextViewAreOneLine() {
        XCTAssertEqual(JSONPlugin().renderJSON(document, context: compact), #"{"b":[1,2.50,{"x":null}],"a":"t\u0001"}"#)
        XCTAssertEqual(JSONPlugin().render(document, context: compact), #"{"b":[1,2.50,{"x":null}],"a":"t\u0001"}"# + "\n")
        var styled = compact
        styled.allowsStyling = true
        let colored = JSONPlugin().render(document, context: styled)
        XCTAssertTrue(colored.contains("\u{1B}["), "coloured as jq colours it: \(colored)")
        XCTAssertFalse(colored.dropLast().contains("\n"))
        XCTAssertTrue(JSONPlugin().render(document, context: RenderContext()).contains("\n  \"b\""), "indented without -c")
    }
}
