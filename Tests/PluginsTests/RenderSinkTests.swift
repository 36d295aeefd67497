import Loader
import Plugins
import XCTest

/// The sink renderers write into: kept whole, or handed on in pieces that end where a write
/// ended.
final class RenderSinkTests: XCTestCase {
    func testAKeepingSinkKeepsEverythingInOrder() {
        let text = RenderSink.collect { sink in
            sink.write("a")
            sink.writeLine("é")
            sink.write("")
            sink.writeLine("🙂")
        }
        XCTAssertEqual(text, "aé\n🙂\n")
    }

    func testPiecesEndWhereAWriteEndedAndFlushHandsOnTheRest() {
        var pieces: [String] = []
        let sink = RenderSink(pieceSize: 4) { pieces.append($0); return true }
        XCTAssertEqual(sink.byteCount, 0)
        sink.write("ab")
        XCTAssertEqual(pieces, [], "under the piece size, nothing is handed on")
        sink.write("cdé")
        sink.writeLine("🙂🙂")
        sink.write("x")
        XCTAssertEqual(pieces, ["abcdé", "🙂🙂\n"], "never part of a write, so never part of a character")
        sink.flush()
        XCTAssertEqual(pieces, ["abcdé", "🙂🙂\n", "x"])
        sink.flush()
        XCTAssertEqual(pieces.count, 3, "an empty flush hands on nothing")
        XCTAssertEqual(sink.byteCount, 16)
    }

    func testABytesSinkHandsOnTheSamePiecesAsBytes() {
        var pieces: [[UInt8]] = []
        var wanted = true
        let sink = RenderSink.handingOnBytes(pieceSize: 4) { pieces.append($0); return wanted }
        sink.write("ab")
        sink.write("cdé")
        sink.writeLine("🙂🙂")
        XCTAssertEqual(pieces.map { String(decoding: $0, as: UTF8.self) }, ["abcdé", "🙂🙂\n"])
        wanted = false
        sink.write("xyz!")
        XCTAssertTrue(sink.isStopped, "the taker wanted no more")
        sink.write("dropped")
        sink.flush()
        XCTAssertEqual(pieces.count, 3)
        XCTAssertEqual(sink.byteCount, 19)
    }

    func testAnEmptyWriteLeavesTheSinkEmpty() {
        let sink = RenderSink { _ in XCTFail("nothing to hand on"); return true }
        sink.write("")
        sink.flush()
        XCTAssertEqual(sink.byteCount, 0)
    }

    /// A taker that wants no more stops the sink, and a long render with it.
    func testATakerThatWantsNoMoreStopsTheSinkAndTheRender() throws {
        var pieces = 0
        let sink = RenderSink(pieceSize: 100) { _ in pieces += 1; return false }
        let items = (1...50_000).map { JSON.object([.init("id", .number("\($0)"))]) }
        JSONWriter().write(.array(items), to: sink)
        sink.writeLine("dropped")
        sink.flush()
        XCTAssertEqual(pieces, 1, "one piece, then nothing")
        XCTAssertTrue(sink.isStopped)
        XCTAssertLessThan(sink.byteCount, 70_000 + 4096, "the writer stopped at its first flush, not after 50,000 items")
    }

    /// The JSON view and the table, written in pieces, give what they render whole.
    func testStreamedViewsGiveWhatTheyRenderWhole() throws {
        let document = "[" + (1...500).map { #"{"id":\#($0),"name":"n\#($0) é","address":{"city":"c\#($0)"}}"# }.joined(separator: ",") + "]"
        let body = Array(document.utf8)
        let context = RenderContext(width: 60, maxItems: 400)
        for plugin in [Plugin(JSONPlugin()), Plugin(TablePlugin())] {
            let content = try plugin.decoder.decode(body, response: ResponseInfo(url: "http://h/x", headers: HTTPHeaders([("Content-Type", "application/json")])))
            for json in [false, true] {
                var pieces: [String] = []
                let sink = RenderSink(pieceSize: 1000) { pieces.append($0); return true }
                let whole: String
                if json {
                    plugin.renderer.writeJSON(content, context: context, to: sink)
                    whole = plugin.renderer.renderJSON(content, context: context)
                } else {
                    plugin.renderer.write(content, context: context, to: sink)
                    whole = plugin.renderer.render(content, context: context)
                }
                sink.flush()
                XCTAssertEqual(pieces.joined(), whole, "\(plugin.name), json: \(json)")
                XCTAssertGreaterThan(pieces.count, json ? 0 : 5, "\(plugin.name), json: \(json)")
            }
        }
    }
}
