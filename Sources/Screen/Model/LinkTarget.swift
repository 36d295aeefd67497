import Loader

/// Whose URL `o` and `y` take.
package enum LinkTarget: Equatable {
    /// The item with these fields in source `index`'s list: its detail's URL.
    case item(Int, fields: [String: String])
    /// The detail on screen.
    case detail
    /// Source `index` itself, when what it shows is no list.
    case source(Int)
    /// An item shown whole: its url, link or href field.
    case record([String: String])

    /// Why `link`, this target's URL, is not handed to the browser or the clipboard; nil when
    /// it may be. What an item, a record or a detail names came from a server: a web address
    /// only, never a `file:` or another scheme's handler. Nor, whatever it is, a word that the
    /// browser would take for an option. A source's own URL is the user's to open.
    package func refusal(of link: String) -> String? {
        var isSourceItself: Bool {
            if case .source = self { return true }
            return false
        }
        let web = URLParts.isWeb(link)
        guard link.hasPrefix("-") || (!web && !isSourceItself) else { return nil }
        return "not handed to the browser: \(URLCredentials.masked(link)) is not an http or https URL"
    }
}
