/// Read state, as newsboat keeps it: an item opened is read, across runs (the history keeps
/// the marks, `ScreenCommand.markRead`). A list whose items carry their own words (a feed)
/// marks its unread items `•` and its status line says `3 unread`; `m` marks the selected
/// item read or unread, `M` every item read.
extension ScreenModel {
    /// How many of source `index`'s items are unread; nil where read state is not shown (no
    /// history, or a list of rows rather than entries).
    package func unreadCount(of index: Int) -> Int? {
        // The marks the list shows, counted: worked out once per change (`markUnread`), not
        // over every item for every frame's status line.
        guard perSource[index].reads != nil, perSource[index].isReading, perSource[index].pane.keys != nil else { return nil }
        return perSource[index].pane.unread.count
    }

    /// Whether `key` names its item across runs (its id), rather than its place (`#3`), which
    /// no read mark can be kept by.
    static func names(_ key: String) -> Bool { !key.hasPrefix("#") }

    /// The history's read marks for source `index` came.
    mutating func takeReadState(_ keys: Set<String>, of index: Int) {
        perSource[index].reads = keys
        markUnread(in: index)
    }

    /// Marks what source `index`'s list shows unread, as things stand.
    mutating func markUnread(in index: Int) {
        guard lists.indices.contains(index) else { return }
        guard let read = perSource[index].reads, perSource[index].isReading, let keys = perSource[index].pane.keys else {
            perSource[index].pane.unread = []
            return
        }
        perSource[index].pane.unread = Set(keys.indices.filter { Self.names(keys[$0]) && !read.contains(keys[$0]) })
    }

    /// The item at `item` of source `index`'s list was opened: it is read, from now on.
    mutating func opened(_ item: Int, of index: Int) -> [ScreenCommand] {
        guard perSource[index].reads != nil, perSource[index].isReading, let keys = perSource[index].pane.keys, keys.indices.contains(item),
              Self.names(keys[item]) else { return [] }
        return setRead([keys[item]], of: index, read: true)
    }

    /// `m`: the selected item (or the entry on screen) read or unread, the other of what it is.
    mutating func toggleRead(now: ContinuousClock.Instant) -> [ScreenCommand] {
        let index = entry?.source ?? focus
        let onListOrEntry = switch topPlace { case nil, .entry?: true; default: false }
        guard onListOrEntry, perSource[index].reads != nil, perSource[index].isReading else {
            note(readMarksMissing(index) ?? "m marks a list's item; Esc back to the list first", about: shownName, now: now)
            return []
        }
        let selected = perSource[index].pane.cursor.selection.flatMap { item in perSource[index].pane.keys.flatMap { $0.indices.contains(item) ? $0[item] : nil } }
        guard let key = entry.map(\.key) ?? selected else {
            note("no item selected to mark", about: sources[index].name, now: now)
            return []
        }
        guard Self.names(key) else {
            note("this item has no id to keep a read mark by", about: sources[index].name, now: now)
            return []
        }
        let read = !(perSource[index].reads?.contains(key) ?? false)
        note(read ? "marked read" : "marked unread", about: sources[index].name, now: now)
        return setRead([key], of: index, read: read)
    }

    /// `M`: every item of the focused list read.
    mutating func markAllRead(now: ContinuousClock.Instant) -> [ScreenCommand] {
        guard topPlace == nil, perSource[focus].reads != nil, perSource[focus].isReading, let keys = perSource[focus].pane.keys else {
            note(readMarksMissing(focus) ?? "M marks a list's items; Esc back to the list first", about: shownName, now: now)
            return []
        }
        let unread = keys.filter { Self.names($0) && !(perSource[focus].reads?.contains($0) ?? false) }
        note("marked \(unread.count) read", about: sources[focus].name, now: now)
        return setRead(unread, of: focus, read: true)
    }

    /// Why source `index` keeps no read marks, if it keeps none.
    private func readMarksMissing(_ index: Int) -> String? {
        if perSource[index].reads == nil { return "read marks are kept in the history, which this run does not keep (--no-history)" }
        if !perSource[index].isReading { return "read marks are a feed's: these items are rows, not entries to read" }
        return nil
    }

    private mutating func setRead(_ keys: [String], of index: Int, read: Bool) -> [ScreenCommand] {
        guard !keys.isEmpty, perSource[index].reads != nil else { return [] }
        if read { perSource[index].reads!.formUnion(keys) } else { perSource[index].reads!.subtract(keys) }
        markUnread(in: index)
        return [.markRead(index, keys: keys, read: read)]
    }
}
