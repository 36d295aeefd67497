import TerminalText

/// The keys of the full-screen view, as the footer offers them where the user is and as `?`
/// lists them all. Pure: it only makes text.
package enum ScreenKeys {
    /// Where the user is, as far as which keys apply.
    package struct Place: Equatable {
        /// On an item's detail rather than a list.
        package var inDetail = false
        /// On a feed entry's own words, whose page Enter opens.
        package var inEntry = false
        /// On a list whose read state shows, so that `m` and `M` mark it.
        package var tracksReading = false
        /// The content is a list whose items can be selected and opened.
        package var hasItems = false
        /// `>` would load another page.
        package var canLoadMore = false
        /// More than one source to switch between.
        package var manySources = false
        /// Earlier versions to step through.
        package var hasHistory = false
        /// Reloads come on an interval, so they can be paused.
        package var reloadsOnInterval = false
        package var isPaused = false
        /// A search is on, so `n` and `N` move between its matches.
        package var searching = false
        /// The detail or the source failed, so `r` retries.
        package var failed = false
        /// Something was said while the screen is up, so `L` shows it.
        package var hasLog = false
        /// A detail with related lists, which Tab moves into.
        package var hasRelated = false
        /// A page with numbered links, which typing a number opens.
        package var hasLinks = false
        /// JSON explored: its keys fold, copy and filter.
        package var exploring = false

        package init(inDetail: Bool = false, inEntry: Bool = false, tracksReading: Bool = false, hasItems: Bool = false, canLoadMore: Bool = false, manySources: Bool = false, hasHistory: Bool = false, reloadsOnInterval: Bool = false, isPaused: Bool = false, searching: Bool = false, failed: Bool = false, hasLog: Bool = false,
                    hasRelated: Bool = false, hasLinks: Bool = false) {
            self.inDetail = inDetail
            self.inEntry = inEntry
            self.tracksReading = tracksReading
            self.hasItems = hasItems
            self.canLoadMore = canLoadMore
            self.manySources = manySources
            self.hasHistory = hasHistory
            self.reloadsOnInterval = reloadsOnInterval
            self.isPaused = isPaused
            self.searching = searching
            self.failed = failed
            self.hasLog = hasLog
            self.hasRelated = hasRelated
            self.hasLinks = hasLinks
        }
    }

    /// The footer's keys, most useful first: the screen cuts the rest at its width.
    package static func footer(_ place: Place) -> String {
        var keys: [String] = []
        if place.exploring {
            if place.inDetail { keys.append("Esc back") }
            keys += ["←→ fold", "y copy", "| filter", ": path"]
            if place.searching { keys.append("n N next/prev match") }
            keys.append(place.failed ? "r retry" : "r reload")
            if place.hasHistory { keys.append("[ ] history") }
            if place.reloadsOnInterval { keys.append(place.isPaused ? "p resume" : "p pause") }
            return (keys + ["/ search", "? help", "q quit"]).joined(separator: " · ")
        }
        if place.inDetail {
            keys.append("Esc back")
            if place.inEntry { keys.append("Enter open the page") }
            if place.hasRelated {
                keys.append(place.hasItems ? "Enter show whole · Tab next list" : "Tab related lists")
            } else if place.hasItems {
                keys.append("↑↓ select · Enter show whole")
            }
        } else if place.hasItems {
            keys.append("↑↓ select · Enter open")
        }
        if place.hasLinks { keys.append("12 Enter open link L12 · Tab links") }
        if place.tracksReading { keys.append("m read/unread · M all read") }
        if place.searching { keys.append("n N next/prev match") }
        keys.append(place.failed ? "r retry" : "r reload")
        if place.canLoadMore && !place.inDetail { keys.append("> next page") }
        if place.manySources && !place.inDetail { keys.append("Tab or 1–9 switch") }
        if place.hasHistory && !place.inDetail { keys.append("[ ] history") }
        if place.reloadsOnInterval { keys.append(place.isPaused ? "p resume" : "p pause") }
        keys += ["/ search", "? help", "q quit"]
        if place.hasLog { keys.insert("L log", at: keys.count - 2) }
        return keys.joined(separator: " · ")
    }

    /// Every key, for the help overlay: a line each, the key then what it does.
    package static let help: [(keys: String, does: String)] = [
        ("↑ ↓  j k", "move the selection on a list; scroll elsewhere"),
        ("PgDn  Space  f  Ctrl-F", "a screen down"),
        ("PgUp  b  Ctrl-B", "a screen up"),
        ("Ctrl-D  Ctrl-U", "half a screen down or up"),
        ("Home End  g G", "go to the top or the bottom"),
        (":12 Enter  12g", "go to item 12 of a list, or line 12 of a page (12g with one source, as less)"),
        ("Enter  →", "open the selected item's detail; a feed's entry shows its own words first, and Enter again opens its page"),
        ("Esc  Backspace  h  ←", "back to where you were: the page a link was followed from, scrolled as left, else up one level"),
        ("r", "reload now, or retry what failed"),
        (">", "load the next page of a list"),
        ("Tab  Shift-Tab  1–9", "switch between sources; in a detail, between it and its related lists"),
        ("[  ]", "step back and forward through earlier versions (watch)"),
        ("p", "pause or resume reloading (watch)"),
        ("/", "search the content shown; Enter keeps the search, Esc drops it"),
        ("n  N", "next and previous match (also Ctrl-N, Ctrl-P)"),
        ("12 Enter", "on a page, open link [L12] as a detail, as lynx does"),
        ("Tab  Shift-Tab", "on a page, move to the next or previous link; Enter opens it"),
        ("m", "mark the selected entry read or unread (kept in the history, across runs)"),
        ("M", "mark every entry of the list read"),
        ("o", "open the selected item's or the page's URL in the browser ($BROWSER, or xdg-open)"),
        ("y", "copy that URL to the clipboard, through the terminal (OSC 52)"),
        ("← →  h l", "on JSON explored: fold the value under the cursor (on a folded or plain one, go to its parent), or open it"),
        ("Enter  za", "on JSON explored: fold or open the value under the cursor"),
        ("zM  zR  z1–z9", "on JSON explored: fold all, open all, open that many levels"),
        ("yy  yp  yu", "on JSON explored: copy the value as JSON, its jq path, or the URL (OSC 52)"),
        (":.users[3]", "on JSON explored: go to that path, opening what it must; :12 to line 12"),
        ("|", "on JSON: a jq filter over the content, its result explored and made anew on every reload; ↑↓ earlier filters; Esc drops it"),
        ("L", "the log: -v's trace and the warnings said while the screen is up"),
        ("?", "this help; ↑↓ scroll it, any other key closes it"),
        ("Ctrl-Z", "suspend to the shell, as less does; fg brings the screen back"),
        ("q  Ctrl-C", "quit; Ctrl-C first cancels loads in flight"),
    ]

    /// The marks of what changed in a list since the content before, as the gutter shows them.
    package static let marks: [(sign: String, means: String)] = [
        ("+", "added (reverse video)"),
        ("~", "changed (underlined)"),
        ("-", "removed (struck through); the marks stay until the next change"),
        ("•", "unread: an entry never opened (beside the selection mark)"),
        ("▌", "on JSON explored: the cursor; the marks above show what changed since the version before"),
    ]

    /// The help overlay's lines at `width` columns, keys in a column, what each does wrapped
    /// beside them, then the marks.
    package static func helpLines(width: Int = .max) -> [String] {
        let column = (help.map { $0.keys.count }.max() ?? 0) + 4
        let room = max(width - column, 20)
        var lines = ["Keys", ""]
        for entry in help {
            let lead = "  " + entry.keys + String(repeating: " ", count: column - entry.keys.count - 2)
            let hanging = String(repeating: " ", count: column)
            for (line, text) in TerminalText.wrap(entry.does, width: room).enumerated() { lines.append((line == 0 ? lead : hanging) + text) }
        }
        lines += ["", "Marks in a list"]
        lines += marks.map { "  " + $0.sign + "  " + $0.means }
        return lines + ["", "Press any key to close this help."]
    }
}
