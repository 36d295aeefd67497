import Plugins

/// One piece of a status line or banner (`last success 12:02:34`, `next in 3 s`), with the
/// shorter forms it may take when the line is too wide for the screen.
///
/// Each form carries a priority: how much it is worth keeping that form rather than the next
/// shorter one, or rather than nothing for the last form. `StatusLayout` gives up the lowest
/// first, so the least useful words go before the useful ones, whichever part they are in.
struct StatusPart: Equatable, Sendable {
    /// One way to say the part, and what it is worth keeping it over the next one down.
    struct Form: Equatable, Sendable {
        var text: String
        var priority: Int
    }

    /// What becomes of the part once its plainest form would have to give way too.
    enum Last: Equatable, Sendable {
        /// It goes, like `no success yet`.
        case dropped
        /// Its plainest form stays at any width: a state, a countdown.
        case kept
        /// Its plainest form stays, cut with `…` to what room is left once every other part
        /// has given way: a source's name, a failure's reason.
        case cut
    }

    /// The forms, richest first.
    var forms: [Form]
    var last: Last
    /// What goes between this part and the one before it; nil for the line's own separator.
    var separator: String?

    /// A part said in `forms`, richest first.
    init(forms: [Form], last: Last = .dropped, separator: String? = nil) {
        self.forms = forms
        self.last = last
        self.separator = separator
    }

    /// A part said in `forms`, richest first, each with its priority: `("last success
    /// 12:02:34", 20), ("ok 12:02:34", 60)`.
    init(_ forms: (text: String, priority: Int)..., last: Last = .dropped, separator: String? = nil) {
        self.init(forms: forms.map { Form(text: $0.text, priority: $0.priority) }, last: last, separator: separator)
    }

    /// A part that stays as it is at any width.
    static func kept(_ text: String, separator: String? = nil) -> StatusPart {
        StatusPart((text, .max), last: .kept, separator: separator)
    }

    /// A part that stays, cut with `…` as a last resort; `priority` orders it among other such
    /// parts of the same line (the lowest is cut first).
    static func cut(_ text: String, priority: Int = .max, separator: String? = nil) -> StatusPart {
        StatusPart((text, priority), last: .cut, separator: separator)
    }
}

/// Lays status parts out on one line of a given width: the richest forms that fit, with the
/// least useful words shortened or dropped first.
enum StatusLayout {
    /// `parts` joined by `separator` (or a part's own), at most `width` columns wide when the
    /// parts that must stay allow it; past that, the line is cut at `width` as a last resort.
    ///
    /// The steps, each taken only while the line is too wide:
    /// 1. the form with the lowest priority, anywhere on the line, gives way to the next
    ///    shorter one (or goes, when it is the last of a part that may be dropped); on a tie,
    ///    the later part gives way first;
    /// 2. the parts that may be cut are, the lowest priority first.
    ///
    /// A form given up is not taken back when a later step leaves room for it: a less useful
    /// word would then stand where a more useful one went, and a line would change back and
    /// forth as the terminal narrows. Narrower never says more.
    static func fit(_ parts: [StatusPart], width: Int, separator: String = " · ") -> String {
        var layout = Layout(parts: parts.filter { !$0.forms.isEmpty }, separator: separator)
        while layout.width > width, let part = layout.leastValuableStep() { layout.chosen[part] += 1 }
        if layout.width > width { layout.cut(toFit: width) }
        guard width > 0 else { return "" }
        let line = layout.text
        return TerminalText.displayWidth(line) > width ? TerminalText.truncated(line, toWidth: max(width, 0)) : line
    }

    /// The parts with the form each takes now.
    private struct Layout {
        var parts: [StatusPart]
        let separator: String
        /// The form index of each part; `forms.count` when the part is dropped.
        var chosen: [Int]
        /// The text of a cut part, in place of its last form.
        var cuts: [Int: String] = [:]

        init(parts: [StatusPart], separator: String) {
            self.parts = parts
            self.separator = separator
            chosen = Array(repeating: 0, count: parts.count)
        }

        /// The part whose form on the line is worth the least and may still give way.
        func leastValuableStep() -> Int? {
            var best: (part: Int, priority: Int)?
            for (index, part) in parts.enumerated() where chosen[index] < part.forms.count {
                let lastForm = chosen[index] == part.forms.count - 1
                guard !lastForm || part.last == .dropped else { continue }
                let priority = part.forms[chosen[index]].priority
                if best.map({ priority <= $0.priority }) ?? true { best = (index, priority) }
            }
            return best?.part
        }

        /// Cuts the parts that may be cut, the lowest priority first, to what room is left.
        mutating func cut(toFit width: Int) {
            let cuttable = parts.indices.filter { parts[$0].last == .cut }
                .map { (index: $0, form: parts[$0].forms[parts[$0].forms.count - 1]) }
                .sorted { ($0.form.priority, -$0.index) < ($1.form.priority, -$1.index) }
            for (index, form) in cuttable where self.width > width {
                let own = TerminalText.displayWidth(text(of: index) ?? "")
                let room = width - (self.width - own)
                // `truncated` keeps at least the `…`, which says that something was cut.
                cuts[index] = TerminalText.truncated(form.text, toWidth: max(room, 1))
            }
        }

        func text(of index: Int) -> String? {
            if let cut = cuts[index] { return cut }
            let forms = parts[index].forms
            return chosen[index] < forms.count ? forms[chosen[index]].text : nil
        }

        var text: String {
            var line = ""
            var first = true
            for index in parts.indices {
                guard let text = text(of: index) else { continue }
                if !first { line += parts[index].separator ?? separator }
                line += text
                first = false
            }
            return line
        }

        var width: Int { TerminalText.displayWidth(text) }
    }
}
