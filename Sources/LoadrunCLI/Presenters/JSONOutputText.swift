import Plugins
import TerminalText

/// JSON on its way to stdout, a piece at a time: every scalar that could drive a terminal
/// escaped (`UntrustedText.forJSON`), then coloured as jq colours it when the render context
/// allows styling (`--color`: a terminal by default, or `always`).
struct JSONOutputText {
    private var colorizer: JSONColorizer?

    init(context: RenderContext) {
        colorizer = context.allowsStyling ? JSONColorizer() : nil
    }

    /// The next piece, safe, and coloured if need be.
    mutating func next(_ piece: String) -> String {
        let safe = UntrustedText.forJSON(piece)
        return colorizer?.color(safe) ?? safe
    }
}
