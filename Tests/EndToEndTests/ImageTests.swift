import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// Images through the built binary: metadata on a pipe, drawn on demand, bad images refused.
final class ImageTests: XCTestCase {
    func testSourceImagesOnAPipePrintsTheMetadataLine() throws {
        let run = try LoadrunProcess(["--source", "images"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "image/png 160×100, \(ByteCount.format(SampleContent.imagePNG.count))\n")
    }

    func testJSONOutputIsTheMetadata() throws {
        let run = try LoadrunProcess(["--source", "images", "--output", "json"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(object["mediaType"] as? String, "image/png")
        XCTAssertEqual(object["width"] as? Int, 160)
        XCTAssertEqual(object["height"] as? Int, 100)
        XCTAssertEqual(object["bytes"] as? Int, SampleContent.imagePNG.count)
    }

    func testForcedSymbolsOnAPipeFitTheSize() throws {
        let run = try LoadrunProcess(["--source", "images", "--image-format", "symbols", "--size", "40x12"])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        let rows = run.standardOutput.split(separator: "\n")
        XCTAssertEqual(rows.count, 12)
        XCTAssertGreaterThan(run.standardOutput.utf8.count, 12 * 40, "every cell is drawn, with colour escapes")
    }

    func testImageContentTypeChoosesTheImagesPlugin() throws {
        let image = PNGWriter.rgb(width: 3, height: 2) { _, _ in (1, 2, 3) }
        let server = TestServer { server, _ in
            server.route("/cat.png") { $0.respond(status: 200, contentType: "image/png", body: image) }
        }
        let run = try LoadrunProcess(["--url", server.url("/cat.png")])
        XCTAssertEqual(run.waitForExit(), .exited(0), run.standardError)
        XCTAssertEqual(run.standardOutput, "image/png 3×2, \(image.count) B\n")
    }

    func testHugeDeclaredPNGFailsWithinSixtyFourMiB() throws {
        let bomb = PNGWriter.png(width: 65535, height: 65535, imageData: PNGWriter.zlibStored([0, 0, 0, 0]))
        let server = TestServer { server, _ in
            server.route("/bomb.png") { $0.respond(status: 200, contentType: "image/png", body: bomb) }
        }
        // python3 runs loadrun as its only child and reports that child's peak RSS in KiB.
        let measure = #"import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); sys.exit(r.returncode)"#
        let run = try LoadrunProcess(shell: #"exec python3 -c "$0" "$LOADRUN" --url "$1""#, arguments: [measure, server.url("/bomb.png")])
        XCTAssertEqual(run.waitForExit(), .exited(2), run.standardError)
        let lines = run.standardErrorLines
        XCTAssertEqual(lines.dropLast().last,
                       "bomb.png: the response from 127.0.0.1:\(server.port) declares a 65535×65535 PNG image, over loadrun's 16384×16384 and 100-megapixel limit — loadrun will not allocate memory for it")
        let peakKiB = try XCTUnwrap(lines.last.flatMap { Int($0) })
        XCTAssertLessThan(peakKiB, 64 * 1024, "peak RSS \(peakKiB) KiB")
    }

    func testBadImagesGetOneLineEach() throws {
        let html = Array("<html>nope</html>".utf8)
        let truncated = Array(PNGWriter.rgb(width: 50, height: 50) { x, y in (UInt8(x), UInt8(y), 0) }.prefix(3000))
        let svg = Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)
        let server = TestServer { server, _ in
            server.route("/html.png") { $0.respond(status: 200, contentType: "image/png", body: html) }
            server.route("/cut.png") { $0.respond(status: 200, contentType: "image/png", body: truncated) }
            server.route("/logo.svg") { $0.respond(status: 200, contentType: "image/svg+xml", body: svg) }
        }
        for (path, expected) in [("/html.png", "is not a valid PNG image"), ("/cut.png", "is a truncated PNG image"),
                                 ("/logo.svg", "is an SVG with no size")] {
            let run = try LoadrunProcess(["--url", server.url(path)])
            XCTAssertEqual(run.waitForExit(), .exited(2), path)
            XCTAssertEqual(run.standardOutput, "")
            XCTAssertEqual(run.standardErrorLines.count, 2, run.standardError)
            XCTAssertTrue(run.standardErrorLines.last?.contains(expected) ?? false, run.standardError)
        }
    }
}
