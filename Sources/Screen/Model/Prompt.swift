/// The one line the user types into, at the foot of the view: a search after `/`, a link's
/// number, a line or path to go to after `:`, a jq filter after `|`. One at a time, so one
/// value: what it is for, what is typed so far, and the earlier lines ↑ brings back.
package struct Prompt: Equatable {
    package enum Kind: Equatable {
        /// `/`: searched as it is typed.
        case search
        /// A link's number (`12` for `[L12]`), typed on a page.
        case link
        /// `:` (or digits before `g` on a list): an item or line to go to.
        case jump
        /// `:` on JSON explored: a jq path (`.users[3].address`) or a line to go to.
        case path
        /// `|`: a jq program to filter what is explored through.
        case filter
    }

    package var kind: Kind
    package var text: String
    /// Lines typed before, the newest first, that ↑ and ↓ walk (a filter's).
    package var past: [String]
    /// Which of `past` is shown, and what was typed before ↑ took its place.
    private var recalled: (index: Int, typed: String)?

    package init(_ kind: Kind, _ text: String = "", past: [String] = []) {
        self.kind = kind
        self.text = text
        self.past = past
    }

    package static func == (lhs: Prompt, rhs: Prompt) -> Bool {
        lhs.kind == rhs.kind && lhs.text == rhs.text && lhs.past == rhs.past && lhs.recalled?.index == rhs.recalled?.index
    }

    /// Whether every character is the prompt's to keep (a query, a path, a program).
    private var takesAnyCharacter: Bool { kind == .search || kind == .path || kind == .filter }

    /// What a key does to the prompt.
    package enum Edit: Equatable {
        /// The text changed (or the key was ignored): the prompt stays.
        case typed
        /// Enter (or `g` after a number): done, with this text.
        case submitted(String)
        /// `g` after a link's number: go to that line instead, as less does.
        case submittedAsLine(String)
        /// Esc, Backspace past its start, or a key it does not take: gone.
        case cancelled
    }

    /// Takes `key`: characters add to it (digits only, for a number), Backspace takes one back.
    package mutating func edit(_ key: Key) -> Edit {
        switch (kind, key) {
        case (_, .enter):
            return .submitted(text)
        case (.jump, .character("g")), (.jump, .character("G")):
            return .submitted(text)
        case (.link, .character("g")), (.link, .character("G")):
            return .submittedAsLine(text)
        case (_, .escape):
            return .cancelled
        case (.link, .backspace):
            // A link's number always has its first digit: Backspace past it drops it.
            text.removeLast()
            return text.isEmpty ? .cancelled : .typed
        case (_, .backspace):
            if text.isEmpty { return .cancelled }
            text.removeLast()
            return .typed
        case (.filter, .up), (.filter, .down):
            recall(older: key == .up)
            return .typed
        case (_, .character(let character)) where takesAnyCharacter:
            text.append(character)
            return .typed
        case (_, .character(let digit)) where digit.isASCII && digit.isNumber:
            if text.count < (kind == .link ? 6 : 9) { text.append(digit) }
            return .typed
        case (.search, _), (.path, _), (.filter, _):
            return .typed
        default:
            return .cancelled
        }
    }

    /// ↑ (`older`) and ↓: the next older or newer of the earlier lines in place of what is
    /// typed, and past the newest, what was typed again, as a shell's history does.
    private mutating func recall(older: Bool) {
        let index = (recalled?.index ?? -1) + (older ? 1 : -1)
        if index < 0 {
            if let recalled { text = recalled.typed }
            recalled = nil
        } else if index < past.count {
            recalled = (index, recalled?.typed ?? text)
            text = past[index]
        }
    }
}
