/// The keys each place takes itself, before those that do the same everywhere: an item shown
/// whole, a detail, a feed entry, and the focused source's list.
extension ScreenModel {
    /// A key on an item shown whole: Esc goes back to what it was shown over.
    mutating func pressOnRecord(_ key: Key) -> [ScreenCommand]? {
        switch key {
        case .escape, .backspace, .left, .character("h"):
            lastClick = nil
            routes.removeLast()
            return []
        case .enter, .right, .tab, .backTab, .character(">"), .character("["), .character("]"):
            return []
        case .character("r"):
            return detail == nil ? [.reload(focus)] : [.reloadDetail]
        case .character(let digit) where digit.isASCII && digit.isNumber:
            // Over a page, digits still start its link's number, as they do on it.
            if detail != nil || entry != nil { prompt = Prompt(.link, String(digit)) }
            return []
        default:
            return nil
        }
    }

    /// A key on a detail: Enter shows the selected item whole, Tab goes round its related
    /// lists (or its links), digits are a link's number, Esc goes back.
    mutating func pressOnDetail(_ key: Key, _ open: DetailRoute, now: ContinuousClock.Instant) -> [ScreenCommand]? {
        switch key {
        case .escape, .backspace, .left, .character("h"):
            lastClick = nil
            return goBack()
        case .enter, .right:
            if let link = open.pane.linkCursor, shownLinks.indices.contains(link), open.relatedFocus == nil {
                return follow(shownLinks[link])
            }
            return self.open(now: now)
        case .character("r"):
            return [.reloadDetail]
        case .character(">"), .character("["), .character("]"):
            return []
        case .tab, .backTab:
            // Before the detail's first render, where its parts stand is not known yet.
            guard open.rendered != nil else { return [] }
            if !open.facts.related.isEmpty {
                let rows = contentRows
                var said: String?
                changeDetail { said = $0.moveFocus(forward: key == .tab, rows: rows) }
                if let said { note(said, about: open.facts.main.name, now: now) }
            } else if shownLinks.isEmpty {
                note("this detail has no related lists or links", about: open.facts.main.name, now: now)
            } else {
                moveLinkCursor(forward: key == .tab, now: now)
            }
            return []
        case .character(let digit) where digit.isASCII && digit.isNumber:
            // On a page, digits are a link's number, as in lynx (one still loading too: its
            // links are not known yet, and a number typed then must not mean something else).
            prompt = Prompt(.link, String(digit))
            return []
        default:
            return nil
        }
    }

    /// A key on a feed entry's own words: Enter opens its page (or the link Tab is on), Tab
    /// moves between its links, digits are a link's number, Esc goes back to the list.
    mutating func pressOnEntry(_ key: Key, now: ContinuousClock.Instant) -> [ScreenCommand]? {
        switch key {
        case .escape, .backspace, .left, .character("h"):
            lastClick = nil
            return goBack()
        case .enter, .right:
            if let link = pane.linkCursor, shownLinks.indices.contains(link) { return follow(shownLinks[link]) }
            return openEntryPage(now: now)
        case .character(">"), .character("["), .character("]"):
            return []
        case .character("r"):
            return [.reload(focus)]
        case .tab, .backTab:
            moveLinkCursor(forward: key == .tab, now: now)
            return []
        case .character(let digit) where digit.isASCII && digit.isNumber:
            prompt = Prompt(.link, String(digit))
            return []
        default:
            return nil
        }
    }

    /// A key on the focused source's list (or page): Enter opens the selected item, Tab
    /// switches sources (or moves between a page's links), digits pick a source, go to an
    /// item or are a link's number; `>` the next page, `[` and `]` its versions.
    mutating func pressOnList(_ key: Key, now: ContinuousClock.Instant) -> [ScreenCommand]? {
        switch key {
        case .enter, .right:
            if let link = pane.linkCursor, shownLinks.indices.contains(link) { return follow(shownLinks[link]) }
            return open(now: now)
        case .character("r"):
            return [.reload(focus)]
        case .character(">"):
            return [.loadMore(focus)]
        case .character("["), .character("]"):
            return step(back: key == .character("["), now: now)
        case .tab, .backTab:
            // On a page, Tab moves between its links, as in lynx; on a list (or a page with
            // several sources beside it), between the sources.
            if sources.count == 1 && !pane.hasItems {
                moveLinkCursor(forward: key == .tab, now: now)
                return []
            }
            return setFocus((focus + (key == .tab ? 1 : sources.count - 1)) % sources.count)
        case .character(let digit) where digit.isASCII && digit.isNumber && !shownLinks.isEmpty:
            prompt = Prompt(.link, String(digit))
            return []
        case .character(let digit) where digit.isASCII && digit.isNumber && sources.count == 1:
            // With one source, a number before g goes to that item, as less goes to a line.
            prompt = Prompt(.jump, String(digit))
            return []
        case .character(let digit) where digit.isASCII && digit.isNumber && digit != "0":
            // 1…9 pick the source with that number on its status line.
            if let index = digit.wholeNumberValue.map({ $0 - 1 }), index < sources.count { return setFocus(index) }
            return []
        default:
            return nil
        }
    }
}
