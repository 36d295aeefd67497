import LoadCore

/// Searching keys and values, going to a path or a line.
enum JSONSearch {
    /// Past this many matches, the count says `1000+`: counting costs a walk of the document.
    static let countLimit = 1000

    /// Where `query` is in `text`, ignoring case unless the query has an uppercase letter
    /// (smart case, as the lists' search and less).
    static func range(of query: String, in text: String) -> Range<String.Index>? {
        let sensitive = query.contains(where: \.isUppercase)
        let needle = Array(query)
        guard !needle.isEmpty else { return nil }
        var start = text.startIndex
        while start < text.endIndex {
            var at = start
            var matched = 0
            while matched < needle.count, at < text.endIndex,
                  sensitive ? text[at] == needle[matched] : text[at].lowercased() == needle[matched].lowercased() {
                at = text.index(after: at)
                matched += 1
            }
            if matched == needle.count { return start..<at }
            start = text.index(after: start)
        }
        return nil
    }

    /// Whether `query` is in `text`, by the same rule.
    static func matches(_ query: String, _ text: String) -> Bool {
        query.contains(where: \.isUppercase) ? text.contains(query) : text.lowercased().contains(query)
    }
}

extension JSONExplorer {
    /// `/query`: the next value whose key or scalar has `query` in it, after the cursor (round
    /// past the end), its containers opened; false when none has. The count is kept for the footer.
    @discardableResult
    package mutating func find(_ query: String, forward: Bool = true) -> Bool {
        guard !query.isEmpty else {
            search = nil
            return false
        }
        let from = cursorNode
        var first: Int?
        var last: Int?
        var before: Int?
        var after: Int?
        var count = 0
        visit(outline.document, key: nil, node: 0) { node, key, value in
            let hit = key.map { JSONSearch.matches(query, $0) } == true
                || value.isScalarValue && JSONSearch.matches(query, value.scalarText ?? "")
            guard hit else { return }
            count += 1
            if first == nil { first = node }
            last = node
            if node < from { before = node }
            if node > from, after == nil { after = node }
        }
        search = (query, count > JSONSearch.countLimit ? nil : count)
        guard let target = forward ? (after ?? first) : (before ?? last) else { return false }
        reveal(target)
        return true
    }

    /// `n` and `N`: the next or the previous match of the search kept.
    @discardableResult
    package mutating func stepSearch(forward: Bool) -> Bool {
        guard let query = search?.query else { return false }
        return find(query, forward: forward)
    }

    /// Visits every value in document order, with its node, its key in an object, and itself.
    private func visit(_ value: JSON, key: String?, node: Int, _ body: (Int, String?, JSON) -> Void) {
        var next = node
        func walk(_ value: JSON, key: String?) {
            body(next, key, value)
            next += 1
            switch value {
            case .array(let items): for item in items { walk(item, key: nil) }
            case .object(let members): for member in members { walk(member.value, key: member.key) }
            default: break
            }
        }
        walk(value, key: key)
    }

    /// `:.users[3].address`: the cursor on that value, its containers opened; false when the
    /// document has no value there.
    @discardableResult
    package mutating func jump(to path: JSONPath) -> Bool {
        guard let node = outline.node(at: path) else { return false }
        reveal(node)
        return true
    }

    /// `:12`: line 12 of the rows at the top of the screen, as less goes, the cursor on it.
    package mutating func go(toLine line: Int) {
        moveCursor(toRow: line - 1)
        scroll = cursor
    }
}

extension JSON {
    var isScalarValue: Bool { isScalar }
}
