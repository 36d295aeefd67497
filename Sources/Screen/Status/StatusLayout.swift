import TerminalText

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
    ///
    /// `floor`: every form worth no more than it is given up from the start, as another line
    /// beside this one had to (see `floor(of:width:separator:)`), so that lines laid out
    /// together say each part in the same form, and keep their columns.
    package static func fit(_ parts: [StatusPart], width: Int, separator: String = " · ", floor: Int = .min) -> String {
        laidOut(parts, width: width, separator: separator, floor: floor).line
    }

    /// The worth of the most useful form `fit` gives up to lay `parts` out at `width`:
    /// `.min` when they fit as they are. Cuts of last resort are not counted.
    package static func floor(of parts: [StatusPart], width: Int, separator: String = " · ") -> Int {
        laidOut(parts, width: width, separator: separator, floor: .min).gaveUp
    }

    private static func laidOut(_ parts: [StatusPart], width: Int, separator: String, floor: Int) -> (line: String, gaveUp: Int) {
        guard width > 0 else { return ("", .min) }
        var layout = Layout(parts: parts.filter { !$0.forms.isEmpty }, separator: separator)
        for index in layout.parts.indices {
            while let priority = layout.nextStep(index), priority <= floor, priority < .max { layout.step(index) }
        }
        var gaveUp = Int.min
        while layout.width > width, let part = layout.leastValuableStep() {
            if let priority = layout.nextStep(part), priority < .max { gaveUp = max(gaveUp, priority) }
            layout.step(part)
        }
        let line = layout.text(width: width)
        return (TerminalText.truncated(line, toWidth: width), gaveUp)
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
    /// 0 columns), with no space left before it. A cut inside a word goes back to the word's
    /// start (`gave up…`, not `gave up aft…`), unless that would give up half of what fits.
    static func cut(_ text: String, toWidth columns: Int) -> String {
        let cut = TerminalText.truncated(text, toWidth: columns)
        guard cut != text else { return cut }
        var kept = cut.dropLast()
        let next = text.dropFirst(kept.count).first
        if let next, let last = kept.last, !next.isWhitespace, !last.isWhitespace,
           let space = kept.lastIndex(where: \.isWhitespace), kept.distance(from: kept.startIndex, to: space) >= kept.count / 2 {
            kept = kept[..<space]
        }
        // Nor an aside left open (`(gave up after 3…`): it goes whole, when that leaves half.
        if let open = kept.lastIndex(of: "("), !kept[open...].contains(")"), kept.distance(from: kept.startIndex, to: open) >= kept.count / 2 {
            kept = kept[..<open]
        }
        // Nor a dangling opening or joining mark before the ellipsis: `(`, `—`, `,`.
        while let last = kept.last, last.isWhitespace || "([{—–-,;:".contains(last) { kept.removeLast() }
        return kept + "…"
    }
}
