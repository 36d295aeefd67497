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

/// Lays status parts out on one line of a given width: the richest forms that fit, with the
/// least useful words shortened or dropped first.
package enum StatusLayout {
    /// `parts` joined by `separator` (or a part's own), at most `width` columns wide when the
    /// parts that must stay allow it; past that, the line is cut at `width` as a last resort.
    ///
    /// While the line is too wide, the form with the lowest priority anywhere on it gives way
    /// (on a tie, the later part's): to the next shorter form; or, for the last form, the part
    /// goes if it may be dropped, or if it may be cut, it is cut to fit, at first not under its
    /// minimum, then, with the priority of a last resort, under it. A part that is cut takes
    /// all the room the others leave.
    ///
    /// A form given up is not taken back when a later step leaves room for it: a less useful
    /// word would then stand where a more useful one went, and a line would change back and
    /// forth as the terminal narrows.
    package static func fit(_ parts: [StatusPart], width: Int, separator: String = " · ") -> String {
        guard width > 0 else { return "" }
        var layout = Layout(parts: parts.filter { !$0.forms.isEmpty }, separator: separator)
        while layout.width > width, let part = layout.leastValuableStep() { layout.step(part) }
        let line = layout.text(width: width)
        return TerminalText.displayWidth(line) > width ? TerminalText.truncated(line, toWidth: width) : line
    }

    /// The parts with the form each takes now.
    private struct Layout {
        package let parts: [StatusPart]
        /// The columns of each part's forms, and of what goes before it.
        package let formWidths: [[Int]]
        package let separatorWidths: [Int]
        package let separator: String
        /// The form index of each part; `forms.count` when the part is dropped.
        package var chosen: [Int]
        /// The fewest columns each part that is cut to fit takes; nil while it is whole.
        package var floors: [Int?]

        package init(parts: [StatusPart], separator: String) {
            self.parts = parts
            self.separator = separator
            formWidths = parts.map { $0.forms.map { TerminalText.displayWidth($0.text) } }
            separatorWidths = parts.map { TerminalText.displayWidth($0.separator ?? separator) }
            chosen = Array(repeating: 0, count: parts.count)
            floors = Array(repeating: nil, count: parts.count)
        }

        /// The priority of the part's next step down, nil when it has none.
        package func nextStep(_ index: Int) -> Int? {
            let part = parts[index]
            guard chosen[index] < part.forms.count else { return nil }
            let priority = part.forms[chosen[index]].priority
            guard chosen[index] == part.forms.count - 1 else { return priority }
            switch part.last {
            case .dropped: return priority
            case .kept: return nil
            case .cut:
                guard let floor = floors[index] else { return priority }
                return floor > 1 ? .max : nil
            }
        }

        /// The part whose next step down gives up the least.
        package func leastValuableStep() -> Int? {
            var best: (part: Int, priority: Int)?
            for index in parts.indices {
                guard let priority = nextStep(index) else { continue }
                if best.map({ priority <= $0.priority }) ?? true { best = (index, priority) }
            }
            return best?.part
        }

        package mutating func step(_ index: Int) {
            let part = parts[index]
            guard chosen[index] == part.forms.count - 1, case .cut(let minimum) = part.last else {
                chosen[index] += 1
                return
            }
            floors[index] = floors[index] == nil ? min(minimum, formWidths[index][chosen[index]]) : 1
        }

        /// Columns part `index` takes as laid out so far; nil when it is dropped.
        package func columns(_ index: Int) -> Int? {
            if let floor = floors[index] { return floor }
            return chosen[index] < parts[index].forms.count ? formWidths[index][chosen[index]] : nil
        }

        package var width: Int {
            var total = 0
            var first = true
            for index in parts.indices {
                guard let columns = columns(index) else { continue }
                total += columns + (first ? 0 : separatorWidths[index])
                first = false
            }
            return total
        }

        /// The line, the parts that are cut taking the room left, the most valuable first.
        package func text(width: Int) -> String {
            var texts = parts.indices.map { index in columns(index).map { _ in parts[index].forms[chosen[index]].text } }
            var used = self.width
            let cut = parts.indices.filter { floors[$0] != nil }
                .sorted { (parts[$0].forms[chosen[$0]].priority, $0) > (parts[$1].forms[chosen[$1]].priority, $1) }
            for index in cut {
                guard let text = texts[index], let floor = floors[index] else { continue }
                let room = max(width - used + floor, floor)
                let fitted = StatusLayout.cut(text, toWidth: room)
                texts[index] = fitted
                used += TerminalText.displayWidth(fitted) - floor
            }
            var line = ""
            var first = true
            for (index, text) in texts.enumerated() {
                guard let text else { continue }
                if !first { line += parts[index].separator ?? separator }
                line += text
                first = false
            }
            return line
        }
    }

    /// `text` cut to `columns` with `…`, which says that something was cut (and stays even at
    /// 0 columns), with no space left before it.
    private static func cut(_ text: String, toWidth columns: Int) -> String {
        let cut = TerminalText.truncated(text, toWidth: columns)
        guard cut != text else { return cut }
        var kept = cut.dropLast()
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + "…"
    }
}
