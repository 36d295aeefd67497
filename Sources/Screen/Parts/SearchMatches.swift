/// What `/` found in the content shown: every match, in display columns, and which one is
/// current. `n` and `N` (or Ctrl-N and Ctrl-P) move between them, wrapping at either end.
///
/// Matching is on the text a terminal shows, its styling escapes left out; it ignores case
/// unless the query has an uppercase letter (smart case, as in less and vim). Matches on a
/// line do not overlap: the search goes on after each one.
package struct SearchMatches {
    /// A match: its line, from 0, and the display columns it covers on that line.
    package struct Match: Equatable {
        package var line: Int
        package var columns: Range<Int>
    }

    package let query: String
    /// Whether case counts: the query has an uppercase letter.
    package let caseSensitive: Bool
    /// All matches, in the order of the text.
    package let matches: [Match]
    /// The index in `matches` of the current one; nil until one is moved to.
    package private(set) var current: Int?

    /// Finds `query` in `lines`, content lines that may carry SGR styling.
    package init(query: String, lines: [String]) {
        self.query = query
        let caseSensitive = query.contains { $0.isUppercase }
        self.caseSensitive = caseSensitive
        let needle = query.map { Self.fold($0, caseSensitive: caseSensitive) }
        var matches: [Match] = []
        if !needle.isEmpty {
            for (index, line) in lines.enumerated() {
                for columns in Self.find(needle, in: line, caseSensitive: caseSensitive) {
                    matches.append(Match(line: index, columns: columns))
                }
            }
        }
        self.matches = matches
    }

    /// The current match, if any.
    package var currentMatch: Match? { current.map { matches[$0] } }

    /// Moves to the next match, from the last back to the first; from none, to the first.
    package mutating func next() {
        guard !matches.isEmpty else { return }
        current = current.map { ($0 + 1) % matches.count } ?? 0
    }

    /// Moves to the match before, from the first back to the last; from none, to the last.
    package mutating func previous() {
        guard !matches.isEmpty else { return }
        current = ((current ?? 0) + matches.count - 1) % matches.count
    }

    /// Moves to the first match on `line` or below it, the top of the view, as less does;
    /// when there is none below, wraps to the first match of all.
    package mutating func moveToFirst(atOrAfter line: Int) {
        guard !matches.isEmpty else { return }
        current = firstIndex(onOrAfter: line) ?? 0
    }

    /// The columns of the matches on `line`, left to right: what `highlight` takes.
    package func columns(onLine line: Int) -> [Range<Int>] {
        guard var index = firstIndex(onOrAfter: line) else { return [] }
        var columns: [Range<Int>] = []
        while index < matches.count, matches[index].line == line {
            columns.append(matches[index].columns)
            index += 1
        }
        return columns
    }

    /// The index of the first match on `line` or after, by binary search: the view asks for
    /// each line it draws.
    private func firstIndex(onOrAfter line: Int) -> Int? {
        var low = 0
        var high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if matches[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return low < matches.count ? low : nil
    }

    /// A character as compared: as it is when case counts, else lowercased.
    private static func fold(_ character: Character, caseSensitive: Bool) -> String {
        guard !caseSensitive else { return String(character) }
        if let ascii = character.asciiValue {
            // Most text is ASCII: no Unicode case tables for it.
            return String(Unicode.Scalar((0x41...0x5A).contains(ascii) ? ascii + 0x20 : ascii))
        }
        return character.lowercased()
    }

    /// The column ranges where `needle` (folded characters) shows in `line`, left to right.
    private static func find(_ needle: [String], in line: String, caseSensitive: Bool) -> [Range<Int>] {
        let cells = StyledLine.cells(line)
        guard cells.count >= needle.count else { return [] }
        let folded = cells.map { fold($0.character, caseSensitive: caseSensitive) }
        var found: [Range<Int>] = []
        var start = 0
        while start + needle.count <= cells.count {
            if folded[start] == needle[0], (1..<needle.count).allSatisfy({ folded[start + $0] == needle[$0] }) {
                let last = cells[start + needle.count - 1]
                found.append(cells[start].column..<(last.column + last.width))
                start += needle.count
            } else {
                start += 1
            }
        }
        return found
    }
}
