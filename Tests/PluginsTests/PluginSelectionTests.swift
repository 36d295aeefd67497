import Loader
import Plugins
import XCTest

/// Which built-in plugin takes a response when nobody named one.
final class PluginSelectionTests: XCTestCase {
    private let registry = PluginRegistry.default()

    private func chosen(_ body: String, contentType: String?) -> String? {
        var headers = HTTPHeaders()
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        return registry.plugin(for: Array(body.utf8), response: ResponseInfo(url: "http://h/x", headers: headers))
    }

    func testEachJSONShapeGoesToItsView() {
        XCTAssertEqual(chosen(#" [{"id":1,"title":"t","body":"b"}]"#, contentType: "application/json"), "posts")
        XCTAssertEqual(chosen("\n{\"title\":\"t\",\"body\":\"b\"}", contentType: "application/json; charset=utf-8"), "articles")
        XCTAssertEqual(chosen(#"[{"id":1,"name":"Leanne"}]"#, contentType: "application/json"), "table", "a list of other records")
        XCTAssertEqual(chosen(#"[{"id":1,"title":"t","body":"b"},{"id":2,"name":"n"}]"#, contentType: "application/json"), "table",
                       "posts only when every item is one")
        XCTAssertEqual(chosen("{\"title\":\"no body\"}", contentType: "application/json"), "json", "an object without title and body")
        XCTAssertEqual(chosen("\"just a string\"", contentType: "application/json"), "json")
        XCTAssertEqual(chosen("[1, 2]", contentType: "application/json"), "json")
        // Issue 41: an empty array said "no posts"; it is an empty list of nothing known.
        XCTAssertEqual(chosen("[]", contentType: "application/vnd.api+json"), "json")
        XCTAssertEqual(chosen("[{\"broken\"", contentType: "application/json"), "json", "the last JSON view says where it broke")
    }

    func testJSONWithoutAContentTypeIsJudgedByShape() {
        XCTAssertEqual(chosen("[1]", contentType: nil), "json")
        XCTAssertEqual(chosen(#"[{"id":1,"title":"t","body":"b"}]"#, contentType: nil), "posts")
        XCTAssertEqual(chosen(#"{"title":"t","body":"b"}"#, contentType: nil), "articles")
    }

    func testOtherMediaTypesGoElsewhereAndNothingIsRefused() {
        XCTAssertEqual(chosen("<svg/>", contentType: "image/svg+xml"), "images")
        XCTAssertEqual(chosen("\u{89}PNG", contentType: "image/png"), "images")
        XCTAssertEqual(chosen("<html><p>hi</p></html>", contentType: "text/html; charset=utf-8"), "articles")
        XCTAssertEqual(chosen("<!DOCTYPE html><title>t</title>", contentType: nil), "articles", "an untyped page")
        XCTAssertEqual(chosen("[1]", contentType: "text/plain"), "text")
        XCTAssertEqual(chosen("<rss/>", contentType: "application/rss+xml"), "text")
        XCTAssertEqual(chosen("plain words", contentType: nil), "text", "untyped UTF-8")
        XCTAssertEqual(chosen("%PDF-1.7\u{0}", contentType: "application/pdf"), "bytes")
        XCTAssertEqual(chosen("", contentType: "application/octet-stream"), "empty", "an empty body is the empty state")
    }

    func testAcceptHeaderListsEachMediaTypeOnce() {
        XCTAssertEqual(registry.acceptHeader, "application/json, text/event-stream, application/x-ndjson, application/ndjson, application/jsonl, application/x-jsonlines, "
            + "application/jsonlines, application/json-seq, application/rss+xml, application/atom+xml, application/rdf+xml, "
                       + "application/feed+json, text/html, application/xhtml+xml, image/*, text/*, application/xml, */*")
    }

    func testTheKeptDecodersAndAcceptHeaderFollowEveryRegistration() {
        var table = PluginRegistry()
        XCTAssertEqual(table.acceptHeader, "")
        table.register(Plugin(JSONPlugin()))
        XCTAssertEqual(table.decoders.map(\.name), ["json"])
        XCTAssertEqual(table.acceptHeader, "application/json")
        table.register(Plugin(CountingPlugin(name: "counting", takes: true, decodes: DecodeCount())))
        XCTAssertEqual(table.decoders.map(\.name), ["json", "counting"])
        XCTAssertEqual(table.acceptHeader, "application/json, */*")
        table.register(Plugin(JSONPlugin()))
        XCTAssertEqual(table.decoders.map(\.name), ["counting", "json"], "registered again, it moves to the end")
        XCTAssertEqual(table.acceptHeader, "*/*, application/json")
    }

    func testMediaTypeWildcards() {
        XCTAssertTrue(MediaType.matches("image/png", anyOf: ["image/*"]))
        XCTAssertFalse(MediaType.matches("imagery/png", anyOf: ["image/*"]))
        XCTAssertTrue(MediaType.matches("TEXT/PLAIN", anyOf: ["text/plain"]))
        XCTAssertTrue(MediaType.matches("anything/else", anyOf: ["*/*"]))
    }

    func testChoosingAPluginDecodesTheBodyOnce() throws {
        let decodes = DecodeCount()
        var registry = PluginRegistry()
        registry.register(Plugin(CountingPlugin(name: "first", takes: false, decodes: decodes)))
        registry.register(Plugin(CountingPlugin(name: "second", takes: true, decodes: decodes)))
        let response = ResponseInfo(url: "http://h/x", headers: HTTPHeaders())
        let choice = try XCTUnwrap(registry.choose(for: Array("x".utf8), response: response))
        XCTAssertEqual(choice.decoder.name, "second")
        XCTAssertEqual(try choice.decoded.get().model as? String, "x")
        XCTAssertEqual(decodes.count, 1, "accepts is cheap; the one decode is the one the content comes from")
    }

    func testAPluginThatDecidesByDecodingDecodesOnce() throws {
        let decodes = DecodeCount()
        var registry = PluginRegistry()
        registry.register(Plugin(DecidingPlugin(decodes: decodes)))
        _ = try XCTUnwrap(registry.choose(for: Array("x".utf8), response: ResponseInfo(url: "http://h/x", headers: HTTPHeaders())))
        XCTAssertEqual(decodes.count, 1, "as declared plugins do: the decode that decides is the one kept")
    }
}

/// A table entry made of a decoder and a renderer that know nothing of each other.
final class PluginPairTests: XCTestCase {
    private struct LengthDecoder: ContentDecoder {
        let name = "length"
        let mediaTypes = ["text/plain"]
        let summary = "counts characters"
        func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> Int { body.count }
    }

    private struct LengthRenderer: ContentRenderer {
        func render(_ model: Int, context: RenderContext) -> String { "\(model) characters\n" }
        func renderJSON(_ model: Int, context: RenderContext) -> String { #"{"length":\#(model)}"# }
        func skeleton(context: RenderContext) -> String { "…\n" }
    }

    func testTheRegistryRendersContentWithTheRendererPairedWithItsDecoder() throws {
        let plugins = PluginRegistry([Plugin(decoder: LengthDecoder(), renderer: LengthRenderer())] + PluginRegistry.default().plugins)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain")
        let choice = try XCTUnwrap(plugins.choose(for: Array("hello".utf8), response: ResponseInfo(url: "http://h/x", headers: headers)))
        let content = try choice.decoded.get()
        XCTAssertEqual(plugins.render(content, context: RenderContext()), "5 characters\n")
        XCTAssertEqual(plugins.renderJSON(content, context: RenderContext()), #"{"length":5}"#)
        XCTAssertEqual(plugins.skeleton(for: .fixed(choice.decoder), context: RenderContext()), "…\n")
        XCTAssertEqual(plugins.names, ["length", "empty", "posts", "events", "lines", "feed", "articles", "table", "json", "images", "text", "bytes"])
    }
}

private final class DecodeCount {
    var count = 0
}

/// A plugin that counts its decodes and takes every body, or none, by `accepts` alone.
private struct CountingPlugin: ContentPlugin {
    let name: String
    let takes: Bool
    let decodes: DecodeCount
    let mediaTypes = ["*/*"]
    let summary = "counts"

    func accepts(_ body: [UInt8], response: ResponseInfo) -> Bool { takes }

    func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> String {
        decodes.count += 1
        return String(decoding: body, as: UTF8.self)
    }

    func render(_ model: String, context: RenderContext) -> String { model }
    func renderJSON(_ model: String, context: RenderContext) -> String { "\"\(model)\"" }
}

/// A plugin that decides by decoding, as declared plugins do.
private struct DecidingPlugin: ContentPlugin {
    let decodes: DecodeCount
    let name = "decider"
    let mediaTypes = ["*/*"]
    let summary = "decides by decoding"

    func offer(_ body: ResponseBody) -> Offer<String> {
        guard let model = try? decode(body.bytes, response: body.info), !model.isEmpty else { return .declined }
        return .taken(model)
    }

    func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> String {
        decodes.count += 1
        return String(decoding: body, as: UTF8.self)
    }

    func render(_ model: String, context: RenderContext) -> String { model }
    func renderJSON(_ model: String, context: RenderContext) -> String { "\"\(model)\"" }
}
