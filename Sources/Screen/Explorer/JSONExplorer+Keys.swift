/// The explorer's keys, as jless and vim have them. What it leaves (Esc, q, /, :, |, r…)
/// it says so, for the screen model to take.
extension JSONExplorer {
    /// What a key came to.
    package enum Outcome: Equatable {
        /// Done here: the rows changed, or nothing needed to.
        case handled
        /// Not the explorer's key.
        case notHandled
        /// `yy`, `yp`: this text to the clipboard.
        case copy(String)
        /// `yu`: the URL of what is explored to the clipboard, as `y` copies it elsewhere.
        case copyURL
        /// Something to tell the user, in the footer.
        case note(String)
    }

    /// Takes `key` with `height` rows on screen.
    package mutating func handle(_ key: Key, height: Int) -> Outcome {
        if let prefix = pendingPrefix {
            pendingPrefix = nil
            return prefix == "y" ? copy(key) : fold(key)
        }
        switch key {
        case .left, .character("h"): collapse()
        case .right, .character("l"): expand()
        case .enter: toggle()
        case .character("y"), .character("z"):
            if case .character(let prefix) = key { pendingPrefix = prefix }
        case .up, .character("k"): moveCursor(toRow: cursor - 1)
        case .down, .character("j"): moveCursor(toRow: cursor + 1)
        case .pageUp, .character("b"), .control("b"): page(by: -(height - 1))
        case .pageDown, .character(" "), .character("f"), .control("f"): page(by: height - 1)
        case .control("u"): page(by: -(height / 2))
        case .control("d"): page(by: height / 2)
        case .home, .character("g"): moveCursor(toRow: 0)
        case .end, .character("G"): moveCursor(toRow: rows.count - 1)
        case .character("n"), .character("N"), .control("n"), .control("p"):
            guard search != nil else { return .note("no search to step through; / starts one") }
            if !stepSearch(forward: key == .character("n") || key == .control("n")) { return .note("no match") }
        case .mouse(let mouse) where mouse.action != .click:
            page(by: mouse.action == .wheelDown ? 3 : -3)
        default:
            return .notHandled
        }
        follow(height: height)
        return .handled
    }

    /// Moves the cursor and the screen by `rows`, as less pages.
    private mutating func page(by rows: Int) {
        scroll = max(scroll + rows, 0)
        moveCursor(toRow: cursor + rows)
    }

    /// The key after `y`: `y` the value as JSON, `p` its jq path, `u` the URL.
    private mutating func copy(_ key: Key) -> Outcome {
        switch key {
        case .character("y"): .copy(JSONText.indented(outline.value(of: cursorNode).value))
        case .character("p"): .copy(cursorPath.jq)
        case .character("u"): .copyURL
        default: .note("y copies: yy the value, yp its path, yu the URL")
        }
    }

    /// The key after `z`: `M` folds all, `R` opens all, `1`…`9` opens that many levels, `a`
    /// folds or opens the container under the cursor.
    private mutating func fold(_ key: Key) -> Outcome {
        switch key {
        case .character("M"): open(toDepth: 1)
        case .character("R"): open(toDepth: nil)
        case .character("a"): toggle()
        case .character(let digit) where ("1"..."9").contains(digit):
            open(toDepth: digit.wholeNumberValue ?? 1)
        default:
            return .note("z folds: zM all, zR none, z1–z9 that many levels open, za this one")
        }
        return .handled
    }

    /// What the footer says while a key waits for the next.
    package var prefixFooter: String? {
        switch pendingPrefix {
        case "y": "y…  y the value · p its path · u the URL"
        case "z": "z…  M fold all · R open all · 1–9 open that many levels · a this one"
        default: nil
        }
    }
}
