/// The prompt at the foot of the view: a search, a link's number or a line to go to, typed
/// a key at a time and carried out on Enter.
extension ScreenModel {
    /// A key while the prompt is up.
    mutating func typeInPrompt(_ key: Key, now: ContinuousClock.Instant) -> [ScreenCommand] {
        guard var typed = prompt else { return [] }
        let edit = typed.edit(key)
        prompt = edit == .typed ? typed : nil
        switch typed.kind {
        case .search where explorer != nil: return explorerSearchTyped(edit, now: now)
        case .search: return searchTyped(edit, typed.text)
        case .link: return linkTyped(edit, typed.text, now: now)
        case .jump: return jumpTyped(edit, typed.text, now: now)
        case .path: return pathTyped(edit, now: now)
        case .filter:
            guard case .submitted(let program) = edit else { return [] }
            return submitFilter(program, now: now)
        }
    }

    /// `:` on JSON explored: a jq path goes to its value, opening what it must; a number to
    /// that line.
    private mutating func pathTyped(_ edit: Prompt.Edit, now: ContinuousClock.Instant) -> [ScreenCommand] {
        guard case .submitted(let text) = edit else { return [] }
        let typed = text.trimmingCharacters(in: " \t")
        if let line = Int(typed), line > 0 {
            changeExplorer { $0.go(toLine: line) }
            return []
        }
        guard let path = JSONPath.parse(typed) else {
            note("not a path: type one as jq writes it (.users[3].address) or a line number", about: shownName, now: now)
            return []
        }
        var found = false
        let rows = contentRows
        changeExplorer {
            found = $0.jump(to: path)
            $0.follow(height: rows)
        }
        if !found { note("no value at \(path.jq)", about: shownName, now: now) }
        return []
    }

    /// `/` on JSON explored: Enter searches keys and values, the cursor on the first match
    /// after it.
    private mutating func explorerSearchTyped(_ edit: Prompt.Edit, now: ContinuousClock.Instant) -> [ScreenCommand] {
        guard case .submitted(let query) = edit else { return [] }
        var found = true
        let rows = contentRows
        changeExplorer {
            found = query.isEmpty ? true : $0.find(query)
            if query.isEmpty { $0.search = nil }
            $0.follow(height: rows)
        }
        if !found { note("no match for \(query)", about: shownName, now: now) }
        return []
    }

    /// The search: the pane searches as the query changes, so that a frame only reads the
    /// count; Enter keeps it, Esc drops it.
    private mutating func searchTyped(_ edit: Prompt.Edit, _ query: String) -> [ScreenCommand] {
        if case .submitted = edit {
            let before = pane.cursor.selection
            let rows = contentRows
            changePane { $0.find(query, rows: rows) }
            return selectionMoved(from: before)
        }
        let typing = prompt?.text
        changePane { $0.type(typing) }
        // A huge list is searched on a slice at a time, each after the keys waiting then.
        return pane.searchGoesOn ? [.continueSearch] : []
    }

    /// A link's number: Enter opens it, `g` goes to that line instead (as less).
    private mutating func linkTyped(_ edit: Prompt.Edit, _ number: String, now: ContinuousClock.Instant) -> [ScreenCommand] {
        switch edit {
        case .submittedAsLine(let number):
            return jump(to: Int(number) ?? 1, now: now)
        case .submitted(let number):
            let links = shownLinks
            guard let index = Int(number), links.indices.contains(index - 1) else {
                note("no link L\(number): this page has \(links.count)", about: shownName, now: now)
                return []
            }
            return follow(links[index - 1])
        case .typed, .cancelled:
            return []
        }
    }

    /// A line or item to go to: Enter or `g` goes.
    private mutating func jumpTyped(_ edit: Prompt.Edit, _ number: String, now: ContinuousClock.Instant) -> [ScreenCommand] {
        guard case .submitted(let number) = edit else { return [] }
        if explorer != nil { return pathTyped(edit, now: now) }
        guard let target = Int(number), target > 0 else {
            note("type a number to go to: :12 Enter", about: shownName, now: now)
            return []
        }
        return jump(to: target, now: now)
    }
}
