import Loader
@testable import Plugins
import XCTest

/// Choosing how to draw an image from the environment, as a pure decision.
final class ImageOutputTests: XCTestCase {
    private func choose(terminal: Bool = true, forced: ImageFormat? = nil, detected: ImageFormat? = nil,
                        _ environment: [String: String] = [:]) -> ImageOutput? {
        ImageOutput.choose(for: RenderContext(isTerminal: terminal, environment: environment, imageFormat: forced),
                           detectedGraphics: detected)
    }

    func testAPipeGetsMetadataUnlessAFormatIsForced() {
        XCTAssertNil(choose(terminal: false))
        XCTAssertEqual(choose(terminal: false, forced: .sixel)?.format, .sixel)
    }

    func testDetectedGraphicsAreUsedAndSymbolsAreTheFallback() {
        XCTAssertEqual(choose(detected: .kitty)?.format, .kitty)
        XCTAssertEqual(choose()?.format, .symbols)
        XCTAssertEqual(choose(forced: .symbols, detected: .kitty)?.format, .symbols)
    }

    func testInsideTmuxOnlyAForcedFormatIsPassedThrough() {
        let tmux = ["TMUX": "/tmp/tmux-0/default,1,0"]
        XCTAssertEqual(choose(detected: .kitty, tmux), ImageOutput(format: .symbols, colors: .indexed16, tmuxPassthrough: false))
        XCTAssertEqual(choose(forced: .kitty, tmux)?.tmuxPassthrough, true)
    }

    /// `--color=never` takes the colour out of an image's symbols too; `always` keeps it under NO_COLOR.
    func testColorChoiceDecidesAnImagesColours() {
        let terminal = ["COLORTERM": "truecolor"]
        func colors(_ color: ColorChoice, _ environment: [String: String]) -> ColorDepth? {
            ImageOutput.choose(for: RenderContext(isTerminal: true, environment: environment, color: color), detectedGraphics: nil)?.colors
        }
        XCTAssertEqual(colors(.auto, terminal), .truecolor)
        XCTAssertEqual(colors(.never, terminal), ColorDepth.none)
        XCTAssertEqual(colors(.always, terminal.merging(["NO_COLOR": "1"]) { $1 }), .truecolor)
    }

    func testColourDepthFollowsCOLORTERMTERMAndNO_COLOR() {
        XCTAssertEqual(ImageOutput.colorDepth(["COLORTERM": "truecolor", "TERM": "xterm"]), .truecolor)
        XCTAssertEqual(ImageOutput.colorDepth(["COLORTERM": "24bit"]), .truecolor)
        XCTAssertEqual(ImageOutput.colorDepth(["TERM": "xterm-256color"]), .indexed256)
        XCTAssertEqual(ImageOutput.colorDepth(["TERM": "xterm"]), .indexed16)
        XCTAssertEqual(ImageOutput.colorDepth(["TERM": "xterm-256color", "NO_COLOR": "1"]), .none)
    }

    func testChafaDetectsKittyFromItsEnvironment() {
        XCTAssertEqual(ChafaRenderer.detectGraphics(environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]), .kitty)
        XCTAssertNil(ChafaRenderer.detectGraphics(environment: ["TERM": "vt100"]))
    }
}
