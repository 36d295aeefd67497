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
        guard reads[index] != nil, readingLists.contains(index), lists[index].keys != nil else { return nil }
        return lists[index].unread.count
    }

    /// Whether `key` names its item across runs (its id), rather than its place (`#3`), which
    /// no read mark can be kept by.
    static func names(_ key: String) -> Bool { !key.hasPrefix("#") }

    /// The history's read marks for source `index` came.
    mutating func takeReadState(_ keys: Set<String>, of index: Int) {
        reads[index] = keys
        markUnread(in: index)
    }

    /// Marks what source `index`'s list shows unread, as things stand.
    mutating func markUnread(in index: Int) {
        guard lists.indices.contains(index) else { return }
        guard let read = reads[index], readingLists.contains(index), let keys = lists[index].keys else {
            lists[index].unread = []
            return
        }
        lists[index].unread = Set(keys.indices.filter { Self.names(keys[$0]) && !read.contains(keys[$0]) })
    }

    /// The item at `item` of source `index`'s list was opened: it is read, from now on.
    mutating func opened(_ item: Int, of index: Int) -> [ScreenCommand] {
        guard reads[index] != nil, readingLists.contains(index), let keys = lists[index].keys, keys.indices.contains(item),
              Self.names(keys[item]) else { return [] }
        return setRead([keys[item]], of: index, read: true)
    }

    /// `m`: the selected item (or the entry on screen) read or unread, the other of what it is.
    mutating func toggleRead(now: ContinuousClock.Instant) -> [ScreenCommand] {
        let index = entry?.source ?? focus
        guard detail == nil, records.isEmpty, reads[index] != nil, readingLists.contains(index) else {
            note(readMarksMissing(index) ?? "m marks a list's item; Esc back to the list first", about: shownName, now: now)
            return []
        }
        let selected = lists[index].cursor.selection.flatMap { item in lists[index].keys.flatMap { $0.indices.contains(item) ? $0[item] : nil } }
        guard let key = entry.map(\.key) ?? selected else {
            note("no item selected to mark", about: sources[index].name, now: now)
            return []
        }
        guard Self.names(key) else {
            note("this item has no id to keep a read mark by", about: sources[index].name, now: now)
            return []
        }
        let read = !(reads[index]?.contains(key) ?? false)
        note(read ? "marked read" : "marked unread", about: sources[index].name, now: now)
        return setRead([key], of: index, read: read)
    }

    /// `M`: every item of the focused list read.
    mutating func markAllRead(now: ContinuousClock.Instant) -> [ScreenCommand] {
        guard entry == nil, detail == nil, records.isEmpty, reads[focus] != nil, readingLists.contains(focus), let keys = lists[focus].keys else {
            note(readMarksMissing(focus) ?? "M marks a list's items; Esc back to the list first", about: shownName, now: now)
            return []
        }
        let unread = keys.filter { Self.names($0) && !(reads[focus]?.contains($0) ?? false) }
        note("marked \(unread.count) read", about: sources[focus].name, now: now)
        return setRead(unread, of: focus, read: true)
    }

    /// Why source `index` keeps no read marks, if it keeps none.
    private func readMarksMissing(_ index: Int) -> String? {
        if reads[index] == nil { return "read marks are kept in the history, which this run does not keep (--no-history)" }
        if !readingLists.contains(index) { return "read marks are a feed's: these items are rows, not entries to read" }
        return nil
    }

    private mutating func setRead(_ keys: [String], of index: Int, read: Bool) -> [ScreenCommand] {
        guard !keys.isEmpty, reads[index] != nil else { return [] }
        if read { reads[index]!.formUnion(keys) } else { reads[index]!.subtract(keys) }
        markUnread(in: index)
        return [.markRead(index, keys: keys, read: read)]
    }
}
