/// The pane's `/` search: typed a key at a time over its lines' index, a slice at a time over
/// a huge list, kept with Enter and stepped through with `n` and `N`.
extension Pane {
    /// The same searches over the lines now shown, the confirmed one from where its current
    /// match was; the one being typed goes on a slice at a time.
    mutating func refreshSearch() {
        if let typing { type(typing.query, narrowing: false) }
        guard let previous = search else { return }
        var matches = completeSearch(previous.query)
        if let current = previous.current { matches.moveToFirst(atOrAfter: previous.line(ofMatch: current)) }
        search = matches
    }

    /// How many lines a slice of the search indexes, and how many indexed lines it searches:
    /// each some milliseconds, so that keys and signals get through between slices.
    package static let indexSlice = 20_000
    package static let searchSlice = 250_000

    /// Whether the search being typed has lines left to search (`searchOn()`).
    package var searchGoesOn: Bool { typing.map { !$0.isComplete(over: lines) } ?? false }

    /// A slice more of the search being typed: lines indexed, then searched.
    package mutating func searchOn() {
        guard var typing else { return }
        let lines = lines
        var index = self.index ?? SearchIndex()
        self.index = nil
        // The lines searched catch up with those indexed before more are indexed.
        if typing.searchedLines >= index.lineCount { index.extend(with: lines, upTo: min(index.lineCount + Self.indexSlice, lines.count)) }
        typing.search(lines, index: index, upTo: typing.searchedLines + Self.searchSlice)
        self.index = index
        self.typing = typing
    }

    /// The matches of `query` in every line, searched at once.
    private mutating func completeSearch(_ query: String) -> SearchMatches {
        let lines = lines
        if index == nil || index!.lineCount < lines.count {
            var index = self.index ?? SearchIndex()
            self.index = nil
            index.extend(with: lines, upTo: lines.count)
            self.index = index
        }
        var matches = SearchMatches(query: query, lines: lines, index: index!)
        matches.search(lines, index: index!, upTo: lines.count)
        return matches
    }

    /// A key of the search being typed: the matches of `query` (nil or empty ends it), its
    /// first slice searched. A query that extends the one before searches again only the lines
    /// that one matched; any other (a letter taken back, a paste in the middle) searches every
    /// line again.
    package mutating func type(_ query: String?) {
        guard let query, !query.isEmpty else {
            typing = nil
            return
        }
        type(query, narrowing: true)
    }

    private mutating func type(_ query: String, narrowing: Bool) {
        if index == nil { index = SearchIndex() }
        typing = SearchMatches(query: query, lines: lines, index: index!, narrowing: narrowing ? typing : nil)
        searchOn()
    }

    /// Searches the pane for `query` (nil or empty ends the search), moving to the first match
    /// at or below the top of the screen.
    package mutating func find(_ query: String?, rows: Int) {
        defer { typing = nil }
        guard let query, !query.isEmpty else {
            search = nil
            return
        }
        // Typed key by key, it was searched as it grew; what is left of it is searched now.
        if typing?.query == query { while searchGoesOn { searchOn() } }
        var matches = typing?.query == query ? typing! : completeSearch(query)
        matches.moveToFirst(atOrAfter: cursor.scroll)
        search = matches
        revealCurrentMatch(rows: rows)
    }

    /// `n` and `N` (or Ctrl-N and Ctrl-P): the next or previous match, shown.
    package mutating func stepSearch(forward: Bool, rows: Int) {
        guard var matches = search else { return }
        if forward { matches.next() } else { matches.previous() }
        search = matches
        revealCurrentMatch(rows: rows)
    }

    private mutating func revealCurrentMatch(rows: Int) {
        guard let matches = search, let current = matches.current else { return }
        cursor.reveal(line: matches.line(ofMatch: current), in: layout(rows: rows))
    }
}
