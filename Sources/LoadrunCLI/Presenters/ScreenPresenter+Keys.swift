import Loader
import Screen

/// The full-screen view's keys: what moves the view is done here, the rest goes back to the
/// session as an intent.
extension ScreenPresenter {
    func intent(for key: Key) -> Intent? {
        defer { refresh() }
        if showingHelp {
            // Any key closes the help, and does nothing else.
            showingHelp = false
            return nil
        }
        if searchInput != nil { return typeSearch(key) }
        // A notice is about the key before: the next one takes it away.
        notice = nil
        let rows = contentRows
        selectionBefore = pane.cursor.selection
        switch key {
        case .character("q"), .character("Q"):
            return .quit
        case .character("?"):
            showingHelp = true
        case .character("/"):
            searchInput = ""
        case .control("n"):
            pane.stepSearch(forward: true, rows: rows)
            return selectionMoved()
        case .control("p"):
            pane.stepSearch(forward: false, rows: rows)
            return selectionMoved()
        case .escape, .backspace, .left:
            if detail != nil { return back() }
            if pane.search != nil { pane.find(nil, rows: rows) }
        case .enter, .right:
            return open()
        case .character("r"):
            let shown = detail?.page.main ?? sources[focus]
            if detail == nil { lists[focus].clearMarks() }
            return .reload(shown)
        case .character("n"):
            guard detail == nil else { break }
            return .loadMore(sources[focus])
        case .character("["), .character("]"):
            guard detail == nil else { break }
            step(back: key == .character("["))
        case .character("p"), .character(" "):
            guard session.reloadsOnInterval else { break }
            return .pause(!session.isPaused)
        case .tab:
            setFocus((focus + 1) % sources.count)
        case .backTab:
            setFocus((focus + sources.count - 1) % sources.count)
        case .character(let digit) where digit.isASCII && digit.isNumber && digit != "0":
            // 1…9 pick the source with that number on its status line.
            if let index = digit.wholeNumberValue.map({ $0 - 1 }), index < sources.count { setFocus(index) }
        case .up, .character("k"):
            pane.cursor.move(by: -1, in: pane.layout(rows: rows))
            return selectionMoved()
        case .down, .character("j"):
            pane.cursor.move(by: 1, in: pane.layout(rows: rows))
            return selectionMoved()
        case .pageUp, .character("b"):
            pane.cursor.page(by: -1, in: pane.layout(rows: rows))
            return selectionMoved()
        case .pageDown:
            pane.cursor.page(by: 1, in: pane.layout(rows: rows))
            return selectionMoved()
        case .home, .character("g"):
            pane.cursor.jump(toEnd: false, in: pane.layout(rows: rows))
            return selectionMoved()
        case .end, .character("G"):
            pane.cursor.jump(toEnd: true, in: pane.layout(rows: rows))
            return selectionMoved()
        default:
            break
        }
        return nil
    }

    /// A key while the search is typed: letters add to it, Enter keeps it, Esc drops it.
    private func typeSearch(_ key: Key) -> Intent? {
        guard var query = searchInput else { return nil }
        switch key {
        case .enter:
            searchInput = nil
            pane.find(query, rows: contentRows)
            return selectionMoved()
        case .escape:
            searchInput = nil
        case .backspace:
            if query.isEmpty { searchInput = nil } else { query.removeLast(); searchInput = query }
        case .character(let character):
            query.append(character)
            searchInput = query
        default:
            break
        }
        typedMatchCount = query.isEmpty ? 0 : SearchMatches(query: query, lines: pane.lines).matches.count
        return nil
    }

    /// Enter: the selected item's detail, with the fields of the version on screen.
    private func open() -> Intent? {
        if let detail {
            note("a detail opens nothing further; Esc goes back to the list", about: detail.page.main)
            return nil
        }
        let origin = sources[focus]
        guard pane.hasItems, let selected = pane.cursor.selection, let content = shownContent(of: origin),
              let fields = session.plugins.itemFields(of: content, at: selected) else {
            note(pane.hasItems ? "nothing selected to open" : "nothing to open here: this content is not a list", about: origin)
            return nil
        }
        prefetchTimer?.cancel()
        return .open(origin, fields: fields)
    }

    /// Esc: back to the list as it was; the session cancels what of the detail still loads.
    private func back() -> Intent? {
        detail = nil
        return .back
    }

    /// The selection may have moved: a prefetch under way for the last item is cancelled, and
    /// one for the new item starts once the selection has rested there.
    private func selectionMoved() -> Intent? {
        guard pane.cursor.selection != selectionBefore else { return nil }
        prefetchTimer?.cancel()
        prefetchTimer = nil
        guard detail == nil, pane.hasItems, let selected = pane.cursor.selection else { return .cancelPrefetch }
        let source = sources[focus]
        prefetchTimer = session.loop.schedule(after: Self.prefetchDelay) { [weak self] in
            guard let self, let session, session.ending == nil, detail == nil, let content = shownContent(of: source),
                  lists[source.index].cursor.selection == selected,
                  let fields = session.plugins.itemFields(of: content, at: selected) else { return }
            prefetchTimer = nil
            session.perform(.prefetch(source, fields: fields))
        }
        return .cancelPrefetch
    }

    /// The content the pane of `source` shows: the version looked at, or the latest.
    func shownContent(of source: SessionSource) -> AnyContent? {
        if source.isDetail { return source.loader.state.content }
        return histories[source.index].current?.version ?? source.shown?.content ?? source.loader.state.content
    }

    /// `[` and `]`: an earlier or later version of the focused source.
    private func step(back: Bool) {
        let moved = back ? histories[focus].stepBack() : histories[focus].stepForward()
        if moved {
            showList(of: sources[focus], marking: true)
        } else {
            note(back ? "no earlier version kept" : "this is the newest version", about: sources[focus])
        }
    }

    /// Shows source `index`'s list as it was left.
    private func setFocus(_ index: Int) {
        guard index != focus, detail == nil else { return }
        prefetchTimer?.cancel()
        prefetchTimer = nil
        lists[focus].clearMarks()
        focus = index
    }
}
