/// What `/` found in the content shown: how many matches, on which lines, and which one is
/// current; their display columns are found again for the lines drawn. `n` and `N` (or
/// Ctrl-N and Ctrl-P) move between them, wrapping at either end.
///
/// Matching is on the text a terminal shows, its styling escapes left out; it ignores case
/// unless the query has an uppercase letter (smart case, as in less and vim). Matches on a
/// line do not overlap: the search goes on after each one.
package struct SearchMatches: Equatable {
    /// A match: its line, from 0, and the display columns it covers on that line.
    package struct Match: Equatable {
        package var line: Int
        package var columns: Range<Int>
    }

    package let query: String
    /// Whether case counts: the query has an uppercase letter.
    package let caseSensitive: Bool
    /// The lines with a match, in order, and how many matches come before each: a match's
    /// columns are found again from its line's text when it is drawn, so that a search that
    /// matches millions of times holds two numbers per line, not a range per match.
    private var matchedLines: [Int] = []
    private var matchesBefore: [Int] = []
    /// How many matches there are in the lines searched so far.
    package private(set) var count = 0
    /// The lines searched so far: those before this one. A huge list is searched a slice at a
    /// time (`search(upTo:)`), its matches in the order of the text as they come.
    package private(set) var searchedLines = 0
    /// The index of the current match, from 0 to `count`; nil until one is moved to.
    package private(set) var current: Int?
    /// The query's characters as compared, and its bytes as the index holds them.
    private let needle: [String]
    private let folded: [UInt8]

    /// Finds `query` in `lines`, content lines that may carry SGR styling: an index of them
    /// made for this search alone, every line searched.
    package init(query: String, lines: [String]) {
        let index = SearchIndex(lines: lines)
        self.init(query: query, lines: lines, index: index)
        search(lines, index: index, upTo: lines.count)
    }

    /// A search for `query` in `lines`, indexed (so far) as `index`, that has searched no line
    /// yet, unless `previous` is a search in the same lines for a query that `query` extends:
    /// then the lines it searched are searched again only where it matched (a line holds
    /// `query` only where it holds every prefix of it), and the search goes on from there.
    package init(query: String, lines: [String], index: SearchIndex, narrowing previous: SearchMatches? = nil) {
        self.query = query
        let caseSensitive = query.contains { $0.isUppercase }
        self.caseSensitive = caseSensitive
        needle = query.map { Self.fold($0, caseSensitive: caseSensitive) }
        // What the index holds: the needle folded whatever the case, so that it finds every
        // line a case-sensitive needle matches too.
        folded = Array(query.map { Self.fold($0, caseSensitive: false) }.joined().utf8)
        guard !needle.isEmpty, !folded.contains(0x0A) else {
            // Nothing to find: a line never holds a line feed.
            searchedLines = lines.count
            return
        }
        if let previous, !previous.query.isEmpty, query.hasPrefix(previous.query), previous.searchedLines <= index.lineCount {
            for line in previous.matchedLines { search(line, in: lines, index: index) }
            searchedLines = previous.searchedLines
        }
    }

    /// Whether every line is searched.
    package func isComplete(over lines: [String]) -> Bool { searchedLines >= lines.count }

    /// Searches on, from the first line not searched to `end` or the end of what `index` holds.
    package mutating func search(_ lines: [String], index: SearchIndex, upTo end: Int) {
        let end = min(end, index.lineCount, lines.count)
        guard searchedLines < end else { return }
        for line in searchedLines..<end { search(line, in: lines, index: index) }
        searchedLines = end
    }

    /// Counts the matches on line `line`, and keeps it if it has any.
    private mutating func search(_ line: Int, in lines: [String], index: SearchIndex) {
        let found: Int
        if index.simple[line] {
            found = caseSensitive ? Self.countCaseSensitive(needle, in: lines[line]) : index.count(folded, inLine: line)
        } else {
            // The index says where a match may be; the line's characters say whether it is one.
            found = index.count(folded, inLine: line) == 0 ? 0 : Self.find(needle, in: lines[line], caseSensitive: caseSensitive).count
        }
        guard found > 0 else { return }
        matchedLines.append(line)
        matchesBefore.append(count)
        count += found
    }

    /// Non-overlapping matches of `needle` (characters as they are) in a simple line, case
    /// counting: in its visible bytes, not the index's folded ones.
    private static func countCaseSensitive(_ needle: [String], in line: String) -> Int {
        var bytes: [UInt8] = []
        var memo = ScalarMemo()
        SearchIndex.appendSimple(line, to: &bytes, folding: false, memo: &memo)
        let needleBytes = Array(needle.joined().utf8)
        return bytes.withUnsafeBufferPointer { SearchIndex.count(needleBytes, in: $0) }
    }

    /// The line of match `match`, from 0 to `count`.
    package func line(ofMatch match: Int) -> Int {
        matchedLines[slot(ofMatch: match)]
    }

    /// The current match, if any, found again in `lines`, the lines searched.
    package func currentMatch(in lines: [String]) -> Match? {
        guard let current else { return nil }
        let slot = slot(ofMatch: current)
        let line = matchedLines[slot]
        let columns = columns(in: lines[line])
        let nth = current - matchesBefore[slot]
        return columns.indices.contains(nth) ? Match(line: line, columns: columns[nth]) : nil
    }

    /// Every match, found again in `lines`: for a test, or a few lines.
    package func matches(in lines: [String]) -> [Match] {
        matchedLines.flatMap { line in columns(in: lines[line]).map { Match(line: line, columns: $0) } }
    }

    /// Whether line `line` holds a match.
    package func hasMatch(onLine line: Int) -> Bool {
        let slot = firstSlot(onOrAfter: line)
        return slot < matchedLines.count && matchedLines[slot] == line
    }

    /// The columns of the matches in `text`, one line of those searched, left to right: what
    /// `highlight` takes.
    package func columns(in text: String) -> [Range<Int>] {
        needle.isEmpty ? [] : Self.find(needle, in: text, caseSensitive: caseSensitive)
    }

    /// Moves to the next match, from the last back to the first; from none, to the first.
    package mutating func next() {
        guard count > 0 else { return }
        current = current.map { ($0 + 1) % count } ?? 0
    }

    /// Moves to the match before, from the first back to the last; from none, to the last.
    package mutating func previous() {
        guard count > 0 else { return }
        current = ((current ?? 0) + count - 1) % count
    }

    /// Moves to the first match on `line` or below it, the top of the view, as less does;
    /// when there is none below, wraps to the first match of all.
    package mutating func moveToFirst(atOrAfter line: Int) {
        guard count > 0 else { return }
        let slot = firstSlot(onOrAfter: line)
        current = slot < matchedLines.count ? matchesBefore[slot] : 0
    }

    /// The slot in `matchedLines` of the first line at `line` or after, by binary search.
    private func firstSlot(onOrAfter line: Int) -> Int {
        var low = 0
        var high = matchedLines.count
        while low < high {
            let middle = (low + high) / 2
            if matchedLines[middle] < line { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The slot in `matchedLines` of the line that holds match `match`, by binary search.
    private func slot(ofMatch match: Int) -> Int {
        var low = 0
        var high = matchesBefore.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if matchesBefore[middle] <= match { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// A character as compared: as it is when case counts, else lowercased.
    static func fold(_ character: Character, caseSensitive: Bool) -> String {
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
