/// The full-screen view's keys: what moves the view is done here; what loads comes back as a
/// command for the session.
extension ScreenModel {
    mutating func press(_ key: Key, now: ContinuousClock.Instant) -> [ScreenCommand] {
        if let helpScroll {
            // Keys that scroll scroll it, when it is taller than the screen; any other key
            // closes it, and does nothing else.
            let room = max(ScreenKeys.helpLines(width: columns).count - contentRows, 0)
            switch key {
            case .mouse(let mouse) where mouse.action != .click:
                self.helpScroll = mouse.action == .wheelDown ? min(helpScroll + Self.wheelLines, room) : max(helpScroll - Self.wheelLines, 0)
            case .down, .character("j"), .pageDown, .character(" "), .character("f"):
                self.helpScroll = min(helpScroll + (key == .down || key == .character("j") ? 1 : contentRows - 1), room)
            case .up, .character("k"), .pageUp, .character("b"):
                self.helpScroll = max(helpScroll - (key == .up || key == .character("k") ? 1 : contentRows - 1), 0)
            default:
                self.helpScroll = nil
            }
            return []
        }
        if searchInput != nil { return typeSearch(key) }
        if linkInput != nil { return typeLinkNumber(key, now: now) }
        if jumpInput != nil { return typeJump(key, now: now) }
        if case .mouse(let mouse) = key {
            notice = nil
            return click(mouse, now: now)
        }
        // A notice is about the key before: the next one takes it away.
        notice = nil
        if showingLog {
            if let commands = pressInLog(key) { return commands }
            // Under the log, only what acts on the run, not on the view it hides.
            let runKeys: [Key] = [.character("q"), .character("Q"), .character("?"), .character("r"), .character("p")]
            guard runKeys.contains(key) else { return [] }
        }
        let rows = contentRows
        let before = pane.cursor.selection
        switch key {
        case .character("q"), .character("Q"):
            return [.quit]
        case .control("z"):
            // As less: the terminal given back, and the screen again after `fg`.
            return [.suspend]
        case .character(":"):
            jumpInput = ""
        case .character("m"):
            return toggleRead(now: now)
        case .character("M"):
            return markAllRead(now: now)
        case .character("?"):
            helpScroll = 0
        case .character("L"):
            showingLog = true
        case .character("o"), .character("y"):
            return [.handOff(key == .character("o") ? .open : .copy, linkTarget)]
        case .character("/"):
            searchInput = ""
        case .character("n"), .character("N"), .control("n"), .control("p"):
            // As less and vim: n and N step through the search's matches.
            guard pane.search != nil else {
                note("no search to step through; / starts one", about: shownName, now: now)
                break
            }
            changePane { $0.stepSearch(forward: key == .character("n") || key == .control("n"), rows: rows) }
            return selectionMoved(from: before)
        case .escape, .backspace, .left, .character("h"):
            lastClick = nil
            if !records.isEmpty {
                records.removeLast()
                return []
            }
            if detail != nil || entry != nil { return goBack() }
            if linkCursor != nil {
                linkCursor = nil
            } else if pane.search != nil {
                changePane { $0.find(nil, rows: rows) }
            }
        case .enter, .right:
            if let linkCursor, records.isEmpty, shownLinks.indices.contains(linkCursor), relatedFocus == nil {
                return follow(shownLinks[linkCursor])
            }
            if entry != nil, records.isEmpty { return openEntryPage(now: now) }
            return open(now: now)
        case .character("r"):
            guard detail == nil else { return [.reloadDetail] }
            return [.reload(focus)]
        case .character(">"):
            guard detail == nil, records.isEmpty, entry == nil else { break }
            return [.loadMore(focus)]
        case .character("["), .character("]"):
            guard detail == nil, records.isEmpty, entry == nil else { break }
            return step(back: key == .character("["), now: now)
        case .character("p"):
            guard reloadsOnInterval else { break }
            return [.togglePause]
        case .tab, .backTab:
            guard records.isEmpty else { return [] }
            if let open = detail {
                // Before the detail's first render, where its parts stand is not known yet.
                guard detailRendered != nil else { return [] }
                if !open.facts.related.isEmpty {
                    moveDetailFocus(forward: key == .tab, now: now)
                } else if shownLinks.isEmpty {
                    note("this detail has no related lists or links", about: open.facts.main.name, now: now)
                } else {
                    moveLinkCursor(forward: key == .tab, now: now)
                }
                return []
            }
            // On a page, Tab moves between its links, as in lynx; on a list (or a page with
            // several sources beside it), between the sources.
            if entry != nil || (sources.count == 1 && !pane.hasItems) {
                moveLinkCursor(forward: key == .tab, now: now)
                return []
            }
            return setFocus((focus + (key == .tab ? 1 : sources.count - 1)) % sources.count)
        case .character(let digit) where digit.isASCII && digit.isNumber && (detail != nil || entry != nil || !shownLinks.isEmpty):
            // On a page, digits are a link's number, as in lynx (one still loading too: its
            // links are not known yet, and a number typed then must not mean something else);
            // Tab still switches sources.
            linkInput = String(digit)
        case .character(let digit) where digit.isASCII && digit.isNumber && sources.count == 1:
            // With one source, a number before g goes to that item, as less goes to a line.
            jumpInput = String(digit)
        case .character(let digit) where digit.isASCII && digit.isNumber && digit != "0":
            // 1…9 pick the source with that number on its status line.
            if let index = digit.wholeNumberValue.map({ $0 - 1 }), index < sources.count { return setFocus(index) }
        case .up, .character("k"), .down, .character("j"), .pageUp, .character("b"), .control("b"), .pageDown,
             .character(" "), .character("f"), .control("f"), .control("d"), .control("u"),
             .home, .character("g"), .end, .character("G"):
            // As less: Space, f and Ctrl-F a screen down, b and Ctrl-B up, Ctrl-D and Ctrl-U half.
            changePane { pane in
                let layout = pane.layout(rows: rows)
                switch key {
                case .up, .character("k"): pane.cursor.move(by: -1, in: layout)
                case .down, .character("j"): pane.cursor.move(by: 1, in: layout)
                case .pageUp, .character("b"), .control("b"): pane.cursor.page(by: -1, in: layout)
                case .pageDown, .character(" "), .character("f"), .control("f"): pane.cursor.page(by: 1, in: layout)
                case .control("d"): pane.cursor.page(by: 1, in: layout, half: true)
                case .control("u"): pane.cursor.page(by: -1, in: layout, half: true)
                case .home, .character("g"): pane.cursor.jump(toEnd: false, in: layout)
                default: pane.cursor.jump(toEnd: true, in: layout)
                }
            }
            return selectionMoved(from: before)
        default:
            break
        }
        return []
    }

    /// Whose URL `o` and `y` take: the record or the detail on screen, the selected item, or
    /// the source.
    private var linkTarget: LinkTarget {
        if let record = records.last { return .record(focus, fields: record.fields) }
        if detail != nil { return .detail }
        if let entry { return .item(entry.source, fields: entry.fields) }
        if pane.hasItems, let selected = pane.cursor.selection, let content = shownContent(of: focus),
           let fields = renderer.itemFields(of: content, at: selected) {
            return .item(focus, fields: fields)
        }
        return .source(focus)
    }

    /// The name of what is on screen, for a note: the detail's or the focused source's.
    var shownName: String { detail?.facts.main.name ?? sources[focus].name }

    /// Changes the pane on screen: the record's on top, the detail's, or the focused list's.
    mutating func changePane(_ change: (inout Pane) -> Void) {
        if !records.isEmpty {
            change(&records[records.count - 1].pane)
        } else if detail != nil {
            change(&detail!.pane)
        } else if entry != nil {
            change(&entry!.pane)
        } else {
            change(&lists[focus])
        }
    }

    /// A key while the search is typed: letters add to it, Enter keeps it, Esc drops it. The
    /// pane searches as the query changes, so that a frame only reads the count.
    private mutating func typeSearch(_ key: Key) -> [ScreenCommand] {
        guard var query = searchInput else { return [] }
        switch key {
        case .enter:
            searchInput = nil
            let before = pane.cursor.selection
            let rows = contentRows
            changePane { $0.find(query, rows: rows) }
            return selectionMoved(from: before)
        case .escape:
            searchInput = nil
        case .backspace:
            if query.isEmpty { searchInput = nil } else { query.removeLast(); searchInput = query }
        case .character(let character):
            query.append(character)
            searchInput = query
        default:
            return []
        }
        let typed = searchInput
        changePane { $0.type(typed) }
        // A huge list is searched on a slice at a time, each after the keys waiting then.
        return pane.searchGoesOn ? [.continueSearch] : []
    }

    /// Enter: the selected item's detail, with the fields of the version on screen; in a
    /// detail, the selected item of its related list in focus, or of its own list (a link
    /// that opened one), shown whole.
    mutating func open(now: ContinuousClock.Instant) -> [ScreenCommand] {
        if !records.isEmpty { return [] }
        if let detail {
            // The selected item of the list in focus: a related list's, else the detail's own.
            let list = relatedFocus.map { detail.facts.related.indices.contains($0) ? detail.facts.related[$0] : nil } ?? detail.facts.main
            guard pane.hasItems, let list, let selected = pane.cursor.selection, let content = list.state.content,
                  let fields = renderer.itemFields(of: content, at: selected) else {
                let advice = !detail.facts.related.isEmpty ? "Tab moves to its related lists; Enter shows the selected item whole"
                    : shownLinks.isEmpty ? "nothing to open on this page" : "type a link's number, or Tab to it, then Enter"
                note(advice, about: detail.facts.main.name, now: now)
                return []
            }
            let title = detail.facts.main.name + (relatedFocus == nil ? "" : " › " + list.name)
            showRecord(title: title + Self.label(fields), fields: fields)
            return []
        }
        guard pane.hasItems, let selected = pane.cursor.selection, let content = shownContent(of: focus),
              let fields = renderer.itemFields(of: content, at: selected) else {
            note(pane.hasItems ? "nothing selected to open" : "nothing to open here: this content is not a list",
                 about: sources[focus].name, now: now)
            return []
        }
        let stop: [ScreenCommand] = pendingPrefetch != nil ? [.stopPrefetchTimer] : []
        pendingPrefetch = nil
        // Opened is read, whether its own words show or its detail loads; a new way starts.
        trail = []
        let read = opened(selected, of: focus)
        if let shown = openEntry(at: selected, of: content, fields: fields) { return stop + read + shown }
        return stop + read + [.open(focus, fields: fields)]
    }

    /// The selection may have moved: a prefetch under way for the last item is cancelled, and
    /// one for the new item starts once the selection has rested there.
    mutating func selectionMoved(from before: Int?) -> [ScreenCommand] {
        guard pane.cursor.selection != before else { return [] }
        var commands: [ScreenCommand] = pendingPrefetch != nil ? [.stopPrefetchTimer] : []
        pendingPrefetch = nil
        commands.append(.cancelPrefetch)
        guard detail == nil, pane.hasItems, let selected = pane.cursor.selection else { return commands }
        pendingPrefetch = (focus, selected)
        return commands + [.startPrefetchTimer(Self.prefetchDelay)]
    }

    /// `[` and `]`: an earlier or later version of the focused source; past the oldest this
    /// run kept, the first `[` asks for those of earlier runs.
    private mutating func step(back: Bool, now: ContinuousClock.Instant) -> [ScreenCommand] {
        let moved = back ? histories[focus].stepBack() : histories[focus].stepForward()
        if moved {
            showList(of: focus, marking: true)
        } else if back, !histories[focus].askedForEarlier, histories[focus].count > 0 {
            histories[focus].askedForEarlier = true
            return [.loadEarlierVersions(focus)]
        } else {
            note(back ? "no earlier version kept" : "this is the newest version", about: sources[focus].name, now: now)
        }
        return []
    }

    /// Shows source `index`'s list as it was left.
    private mutating func setFocus(_ index: Int) -> [ScreenCommand] {
        guard index != focus, detail == nil, records.isEmpty, entry == nil else { return [] }
        lastClick = nil
        let stop: [ScreenCommand] = pendingPrefetch != nil ? [.stopPrefetchTimer] : []
        pendingPrefetch = nil
        lists[focus].clearMarks()
        focus = index
        return stop
    }
}
