internal import Loader

/// What the terminal is offered, decided from the environment like chafa does.
struct ImageOutput: Equatable {
    var format: ImageFormat
    var colors: ColorDepth
    /// Wrap graphics escapes in tmux's DCS passthrough, so they reach the outer terminal.
    var tmuxPassthrough: Bool

    /// nil means "print the metadata line": stdout is not a terminal and no format was forced.
    static func choose(for context: RenderContext, detectedGraphics: ImageFormat?) -> ImageOutput? {
        let forced = context.imageFormat
        guard context.isTerminal || forced != nil else { return nil }
        let environment = context.environment
        let inTmux = !(environment["TMUX"] ?? "").isEmpty
        // Inside tmux only a forced format is sent through: passthrough is off by default there
        // (allow-passthrough), and the outer terminal is unknown.
        let format = forced ?? (inTmux ? .symbols : detectedGraphics ?? .symbols)
        return ImageOutput(format: format, colors: colorDepth(environment, color: context.color),
                           tmuxPassthrough: inTmux && format != .symbols)
    }

    static func colorDepth(_ environment: [String: String], color: ColorChoice = .auto) -> ColorDepth {
        if color.refusesColor(environment: environment) { return .none }
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.contains("256color") { return .indexed256 }
        if term == "dumb" { return .none }
        return .indexed16
    }
}
