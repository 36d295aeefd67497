import TerminalText

/// One piece of a status line or banner (`last success 12:02:34`, `next in 3 s`), with the
/// shorter forms it may take when the line is too wide for the screen.
///
/// Each form carries a priority: how much it is worth keeping that form rather than the next
/// shorter one, or rather than nothing for the last form. `StatusLayout` gives up the lowest
/// first, so the least useful words go before the useful ones, whichever part they are in.
package struct StatusPart: Equatable, Sendable {
    /// One way to say the part, and what it is worth keeping it over the next one down.
    package struct Form: Equatable, Sendable {
        package var text: String
        package var priority: Int
    }

    /// What becomes of the part once its plainest form would have to give way too.
    package enum Last: Equatable, Sendable {
        /// It goes, like `no success yet`.
        case dropped
        /// Its plainest form stays at any width: a state, a countdown.
        case kept
        /// Its plainest form stays but is cut with `…` to the room left: first, at its
        /// priority, to no fewer than `minimum` columns; then, once every other part has given
        /// way, further. A source's name, a failure's reason.
        case cut(minimum: Int)
    }

    /// The forms, richest first.
    package var forms: [Form]
    package var last: Last
    /// What goes between this part and the one before it; nil for the line's own separator.
    package var separator: String?

    /// A part said in `forms`, richest first.
    package init(forms: [Form], last: Last = .dropped, separator: String? = nil) {
        self.forms = forms
        self.last = last
        self.separator = separator
    }

    /// A part said in `forms`, richest first, each with its priority: `("last success
    /// 12:02:34", 20), ("ok 12:02:34", 60)`.
    package init(_ forms: (text: String, priority: Int)..., last: Last = .dropped, separator: String? = nil) {
        self.init(forms: forms.map { Form(text: $0.text, priority: $0.priority) }, last: last, separator: separator)
    }

    /// A part that stays as it is at any width.
    package static func kept(_ text: String, separator: String? = nil) -> StatusPart {
        StatusPart((text, .max), last: .kept, separator: separator)
    }

    /// A part that stays but may be cut with `…`: at `priority`, to what room is left but not
    /// under `minimum` columns; under that only as a last resort. The default, `.max`, cuts
    /// it only once everything else has given way.
    package static func cut(_ text: String, priority: Int = .max, minimum: Int = 1, separator: String? = nil) -> StatusPart {
        StatusPart((text, priority), last: .cut(minimum: max(minimum, 1)), separator: separator)
    }
}
