import Loader
import Plugins
import XCTest
import TerminalText

final class ImagesPluginTests: XCTestCase {
    private let plugin = ImagesPlugin()

    private func response(_ type: String?) -> ResponseInfo {
        var headers = HTTPHeaders()
        if let type { headers.add(name: "Content-Type", value: type) }
        return ResponseInfo(url: "http://127.0.0.1:1/image", headers: headers)
    }

    private func failure(_ bytes: [UInt8], _ type: String?, file: StaticString = #filePath, line: UInt = #line) -> DecodeFailure? {
        do {
            let image = try plugin.decode(bytes, response: response(type))
            XCTFail("decoded \(image.summary)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testDecodesEachAllowedFormat() throws {
        // PNG and GIF first: a missing saver (jpeg, webp) skips the rest, not these.
        try decodes([(ImageFixtures.png(), "image/png", (8, 6)), (ImageFixtures.gif, "image/gif", (1, 1))])
        try decodes([(try ImageFixtures.saved(as: "jpeg"), "image/jpeg", (8, 6)), (try ImageFixtures.saved(as: "webp"), "image/webp", (8, 6))])
    }

    private func decodes(_ cases: [(bytes: [UInt8], type: String, size: (Int, Int))]) throws {
        for (bytes, type, size) in cases {
            let image = try plugin.decode(bytes, response: response(type))
            XCTAssertEqual(image.mediaType, type)
            XCTAssertEqual(image.width, size.0, type)
            XCTAssertEqual(image.height, size.1, type)
            XCTAssertEqual(image.bytes, bytes.count)
        }
    }

    func testSniffsTheFormatWhenForcedOnAnUntypedBody() throws {
        XCTAssertEqual(try plugin.decode(ImageFixtures.png(), response: response("application/octet-stream")).mediaType, "image/png")
        XCTAssertEqual(try plugin.decode(try ImageFixtures.saved(as: "webp"), response: response(nil)).mediaType, "image/webp")
        XCTAssertEqual(failure(Array("plain".utf8), "text/plain")?.reason, "is text/plain, not an image")
    }

    func testHTMLServedAsPNGIsRefused() {
        let reason = failure(Array("<html><body>not an image</body></html>".utf8), "image/png")?.reason ?? ""
        XCTAssertTrue(reason.hasPrefix("is not a valid PNG image:"), reason)
    }

    func testTruncatedImagesAreRefused() throws {
        // gdk-pixbuf itself returns a half-filled picture for these.
        let png = ImageFixtures.png(width: 64, height: 64)
        XCTAssertEqual(failure(Array(png.prefix(png.count / 2)), "image/png")?.reason, "is a truncated PNG image: it ends before its IEND chunk")
        let jpeg = try ImageFixtures.saved(as: "jpeg", width: 64, height: 64)
        XCTAssertNotNil(failure(Array(jpeg.prefix(jpeg.count * 2 / 3)), "image/jpeg"))
        let webp = try ImageFixtures.saved(as: "webp", width: 64, height: 64)
        XCTAssertNotNil(failure(Array(webp.prefix(webp.count - 10)), "image/webp"))
        XCTAssertNotNil(failure(Array(ImageFixtures.gif.dropLast()), "image/gif"))
        // Cut inside the header, gdk-pixbuf notices by itself.
        XCTAssertTrue(failure(Array(png.prefix(30)), "image/png")?.reason.hasPrefix("is not a valid PNG image:") ?? false)
    }

    func testHugeDeclaredDimensionsAreRefusedBeforeAllocating() {
        let bytes = ImageFixtures.declaring(side: 65535)
        XCTAssertLessThan(bytes.count, 100)
        XCTAssertEqual(failure(bytes, "image/png")?.reason,
                       "declares a 65535×65535 PNG image, over loadrun's 16384×16384 and 100-megapixel limit")
        XCTAssertNotNil(failure(ImageFixtures.declaring(side: 16385), "image/png"), "one side over the limit")
        XCTAssertNotNil(failure(ImageFixtures.declaring(side: 12000), "image/png"), "144 megapixels")
    }

    func testFormatsOutsideTheAllowListAreRefused() {
        let svg = Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)
        XCTAssertEqual(failure(svg, "image/svg+xml")?.reason, "is an SVG with no size: it has no width and height, and no viewBox")
        XCTAssertEqual(failure(ImageFixtures.png(), "image/tiff")?.reason, "is image/tiff, which loadrun does not decode")
    }

    func testOffATerminalItPrintsAMetadataLine() throws {
        let image = try plugin.decode(ImageFixtures.png(width: 160, height: 100), response: response("image/png"))
        XCTAssertEqual(plugin.render(image, context: RenderContext(isTerminal: false)), "image/png 160×100, \(ByteCount.format(image.bytes))\n")
        XCTAssertEqual(plugin.renderJSON(image, context: RenderContext()), """
            {
              "mediaType": "image/png",
              "width": 160,
              "height": 100,
              "bytes": \(image.bytes)
            }
            """)
    }

    func testSVGIsDrawnAtTheSizeOfItsBoxAndChecksForOtherFilesAndEntities() throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#c33"/></svg>"##
        let image = try plugin.decode(Array(svg.utf8), response: response("image/svg+xml"))
        XCTAssertEqual(image.summary, "image/svg+xml 120×60, \(svg.utf8.count) B")
        let drawn = plugin.render(image, context: RenderContext(isTerminal: true, environment: ["TERM": "xterm-256color"], imageFormat: .symbols,
                                                               imageSize: RenderContext.CellSize(columns: 20, rows: 5)))
        XCTAssertEqual(drawn.split(separator: "\n").count, 5, "fills the box's rows, keeping its 2:1 aspect")
        XCTAssertTrue(drawn.contains("\u{1B}[38;5;"), "drawn in colour: \(drawn.debugDescription)")

        let hostile = [
            (#"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg">&b;</svg>"#,
             "is an SVG that declares XML entities"),
            (#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/passwd"/></svg>"#,
             "is an SVG that refers to another file (file:///etc/passwd)"),
            (##"<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill: url('http://evil.test/x.svg#p')"/></svg>"##,
             "is an SVG that refers to another file (http://evil.test/x.svg#p)"),
            (##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="other.svg#a"/></svg>"##,
             "is an SVG that refers to another file (other.svg#a)"),
            (##"<svg xmlns="http://www.w3.org/2000/svg"><filter id="f"><feImage href="http://evil.test/p.png"/></filter></svg>"##,
             "is an SVG that refers to another file (http://evil.test/p.png)"),
            (##"<svg xmlns="http://www.w3.org/2000/svg"><style>@import "http://evil.test/s.css";</style></svg>"##,
             "is an SVG that refers to another file (http://evil.test/s.css)"),
            (##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="/etc/passwd"/></svg>"##,
             "is an SVG that includes other files (XInclude)"),
        ]
        for (body, reason) in hostile {
            XCTAssertThrowsError(try plugin.decode(Array(body.utf8), response: response("image/svg+xml"))) { error in
                XCTAssertTrue((error as? DecodeFailure)?.reason.hasPrefix(reason) ?? false, "\(error)")
            }
        }
        let selfContained = ##"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><defs><linearGradient id="g"/></defs><rect width="4" height="4" fill="url(#g)"/></svg>"##
        XCTAssertNoThrow(try plugin.decode(Array(selfContained.utf8), response: response("image/svg+xml")), "fragments within the file are fine")
        // A link, a namespace and RDF metadata are text to the renderer, which fetches none of them.
        let linked = ##"""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cc="http://creativecommons.org/ns#" width="4" height="4">
            <metadata><rdf:RDF><cc:Work rdf:about=""><cc:license rdf:resource="http://creativecommons.org/licenses/by/4.0/"/></cc:Work></rdf:RDF></metadata>
            <a xlink:href="http://www.w3.org/"><rect width="4" height="4" fill="#039"/></a></svg>
            """##
        XCTAssertNoThrow(try plugin.decode(Array(linked.utf8), response: response("image/svg+xml")), "a link and a licence are drawn")
    }

    func testSymbolsFitTheRequestedCells() throws {
        let image = try plugin.decode(ImageFixtures.png(width: 160, height: 100), response: response("image/png"))
        let context = RenderContext(width: 200, isTerminal: false, environment: ["TERM": "xterm-256color"],
                                    imageFormat: .symbols, imageSize: RenderContext.CellSize(columns: 40, rows: 12))
        let text = plugin.render(image, context: context)
        let rows = text.split(separator: "\n")
        XCTAssertEqual(rows.count, 12, "the image is wider than tall, so it takes the rows it is given")
        for row in rows {
            XCTAssertLessThanOrEqual(TerminalText.displayWidth(Self.strippingEscapes(row)), 40)
        }
        XCTAssertTrue(text.contains("\u{1B}[38;5;") || text.contains("\u{1B}[48;5;"), "256 colours for xterm-256color")
    }

    func testGraphicsProtocolsWhenForced() throws {
        let image = try plugin.decode(ImageFixtures.png(), response: response("image/png"))
        func render(_ format: ImageFormat, _ environment: [String: String] = [:]) -> String {
            plugin.render(image, context: RenderContext(isTerminal: true, environment: environment, imageFormat: format,
                                                        imageSize: RenderContext.CellSize(columns: 10, rows: 5)))
        }
        XCTAssertTrue(render(.kitty).hasPrefix("\u{1B}_G"))
        XCTAssertTrue(render(.sixel).hasPrefix("\u{1B}P"))
        XCTAssertTrue(render(.iterm).hasPrefix("\u{1B}]1337;File="))
        let wrapped = render(.kitty, ["TMUX": "/tmp/tmux-0/default,1,0"])
        XCTAssertTrue(wrapped.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_G"), "tmux passthrough doubles each ESC")
        XCTAssertTrue(wrapped.hasSuffix("\u{1B}\\\n"))
    }

    private static func strippingEscapes<S: StringProtocol>(_ text: S) -> String {
        var out = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar.properties.isAlphabetic { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
