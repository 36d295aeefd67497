/// The one line the user types into, at the foot of the view: a search after `/`, a link's
/// number, a line or path to go to after `:`. One at a time, so one value: what it is for,
/// and what is typed so far.
package struct Prompt: Equatable {
    package enum Kind: Equatable {
        /// `/`: searched as it is typed.
        case search
        /// A link's number (`12` for `[L12]`), typed on a page.
        case link
        /// `:` (or digits before `g` on a list): an item or line to go to.
        case jump
    }

    package var kind: Kind
    package var text: String

    package init(_ kind: Kind, _ text: String = "") {
        self.kind = kind
        self.text = text
    }

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
        case (.search, .character(let character)):
            text.append(character)
            return .typed
        case (_, .character(let digit)) where digit.isASCII && digit.isNumber:
            if text.count < (kind == .link ? 6 : 9) { text.append(digit) }
            return .typed
        case (.search, _):
            return .typed
        default:
            return .cancelled
        }
    }
}
