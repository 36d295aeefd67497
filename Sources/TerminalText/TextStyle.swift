/// SGR styling, applied only when the context allows it.
public enum TextStyle {
    case bold, dim
    /// What arrived since the last reload (or matches a search): reverse video, which nests inside bold
    /// and dim because each style ends with its own reset, never `ESC[0m`.
    case highlight
    /// What changed in place since the last reload: underlined, which also nests.
    case changed
    /// What went away since the last reload: struck through, in red.
    case removed
    /// A failure banner: white on red.
    case alert

    /// `text` in this style when `styled`; as it is otherwise, or when empty.
    public func apply(_ text: String, styled: Bool) -> String {
        guard styled, !text.isEmpty else { return text }
        return escapes.start + text + escapes.end
    }

    /// The SGR sequences that start and end the style.
    package var escapes: (start: String, end: String) {
        switch self {
        case .bold: ("\u{1B}[1m", "\u{1B}[22m")
        case .dim: ("\u{1B}[2m", "\u{1B}[22m")
        case .highlight: ("\u{1B}[7m", "\u{1B}[27m")
        case .changed: ("\u{1B}[4m", "\u{1B}[24m")
        case .removed: ("\u{1B}[9;31m", "\u{1B}[29;39m")
        case .alert: ("\u{1B}[97;41m", "\u{1B}[39;49m")
        }
    }
}
