extension SearchMatches {
    /// `line` with each span of `matches` (display columns, left to right) in reverse video,
    /// and `current` in black on yellow, so that the one the view moved to stands out from the
    /// others. Without styling, `line` as it is: the footer says the count.
    ///
    /// The line's own styling stays as it was outside the spans. Inside one, it is held back,
    /// so that a match reads the same in a coloured or already reversed line: a span in a
    /// styled line starts by resetting (`ESC[0;7m`), and after it ends the line's SGR
    /// sequences since its last reset are sent again, those held back included.
    package static func highlight(_ line: String, matches: [Range<Int>], current: Range<Int>?, allowsStyling: Bool) -> String {
        guard allowsStyling, !matches.isEmpty || current != nil else { return line }
        var out = ""
        var state = SGRState()
        var span: Span?
        var column = 0
        var next = 0
        for piece in StyledLine.pieces(line) {
            switch piece {
            case .escape(let text, let sgr):
                if let sgr { state.apply(text, parameters: sgr) }
                // Held back inside a span: sent again when it ends, as part of the state.
                if span == nil || sgr == nil { out += text }
            case .text(let text):
                for character in text {
                    while next < matches.count, matches[next].upperBound <= column { next += 1 }
                    let here: Span? = if current?.contains(column) == true {
                        .current
                    } else if next < matches.count, matches[next].contains(column) {
                        .match
                    } else {
                        nil
                    }
                    if here != span {
                        if let span { out += span.end + state.replay }
                        if let here { out += here.start(resetting: !state.isEmpty) }
                        span = here
                    }
                    out.append(character)
                    column += StyledLine.width(of: character)
                }
            }
        }
        if let span { out += span.end + state.replay }
        return out
    }

    /// How a span of the line is shown.
    private enum Span {
        case match, current

        /// The sequence that starts it; `resetting` first, when the line has styling of its own.
        package func start(resetting: Bool) -> String {
            let parameters = switch self {
            case .match: "7"
            case .current: "30;43"
            }
            return "\u{1B}[" + (resetting ? "0;" : "") + parameters + "m"
        }

        package var end: String {
            switch self {
            case .match: "\u{1B}[27m"
            case .current: "\u{1B}[39;49m"
            }
        }
    }

    /// The SGR sequences in effect on the line so far: those since its last reset, in order.
    /// Sent again in order, they give the same rendition, whatever came before.
    private struct SGRState {
        private var sequences: [Substring] = []

        package var isEmpty: Bool { sequences.isEmpty }

        package mutating func apply(_ sequence: Substring, parameters: Substring) {
            // `ESC[m` and `ESC[0m` reset everything; `ESC[0;1m` resets, then sets bold.
            if parameters.isEmpty || parameters == "0" {
                sequences = []
                return
            }
            if parameters.hasPrefix("0;") { sequences = [] }
            sequences.append(sequence)
        }

        package var replay: String { sequences.joined() }
    }
}
