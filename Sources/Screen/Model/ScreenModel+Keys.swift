/// The full-screen view's keys: what moves the view is done here; what loads comes back as a
/// command for the session.
extension ScreenModel {
    mutating func press(_ key: Key, now: ContinuousClock.Instant) -> [ScreenCommand] {
        if prompt != nil { return typeInPrompt(key, now: now) }
        // What lies over the view takes the keys first.
        switch routes.last {
        case .help(var help)?:
            let stays = help.update(key, rows: contentRows, columns: columns)
            routes.removeLast()
            if stays { routes.append(.help(help)) }
            return []
        case .log(var log)?:
            if case .mouse(let mouse) = key, mouse.action == .click { return [] }
            let outcome = log.update(key, lineCount: self.log.count, rows: contentRows)
            routes.removeLast()
            if outcome != .closed { routes.append(.log(log)) }
            notice = nil
            // Under the log, only what acts on the run, not on the view it hides.
            let runKeys: [Key] = [.character("q"), .character("Q"), .character("?"), .character("r"), .character("p")]
            guard outcome == .notMine, runKeys.contains(key) else { return [] }
        default:
            break
        }
        if case .mouse(let mouse) = key {
            notice = nil
            return click(mouse, now: now)
        }
        // A notice is about the key before: the next one takes it away.
        notice = nil
        // JSON explored takes its keys first (h and ← fold there), then the place's.
        if let explored = pressOnExplorer(key, now: now) { return explored }
        let own: [ScreenCommand]?
        switch topPlace {
        case .record?: own = pressOnRecord(key)
        case .explorer?: own = pressOnExplorerRoute(key)
        case .detail(let detail)?: own = pressOnDetail(key, detail, now: now)
        case .entry?: own = pressOnEntry(key, now: now)
        case .help?, .log?, nil: own = pressOnList(key, now: now)
        }
        if let own { return own }
        return pressAnywhere(key, now: now)
    }

    /// The keys that do the same wherever the user is.
    private mutating func pressAnywhere(_ key: Key, now: ContinuousClock.Instant) -> [ScreenCommand] {
        let rows = contentRows
        let before = pane.cursor.selection
        switch key {
        case .character("q"), .character("Q"):
            return [.quit]
        case .control("z"):
            // As less: the terminal given back, and the screen again after `fg`.
            return [.suspend]
        case .character(":"):
            prompt = Prompt(.jump)
        case .character("?"):
            routes.append(.help(HelpRoute()))
        case .character("L"):
            routes.append(.log(LogRoute()))
        case .character("o"), .character("y"):
            return [.handOff(key == .character("o") ? .open : .copy, linkTarget)]
        case .character("/"):
            prompt = Prompt(.search)
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
            if pane.linkCursor != nil {
                changePane { $0.linkCursor = nil }
            } else if pane.search != nil {
                changePane { $0.find(nil, rows: rows) }
            }
        case .character("m"):
            return toggleRead(now: now)
        case .character("M"):
            return markAllRead(now: now)
        case .character("p"):
            guard reloadsOnInterval else { break }
            return [.togglePause]
        default:
            var moved = false
            changePane { moved = $0.move(for: key, rows: rows) }
            if moved { return selectionMoved(from: before) }
        }
        return []
    }
}
