import LoadCore

/// Whose URL `o` and `y` take.
package enum LinkTarget: Equatable {
    /// The item with these fields in source `index`'s list: its detail's URL.
    case item(Int, fields: [String: String])
    /// The detail on screen.
    case detail
    /// Source `index` itself, when what it shows is no list.
    case source(Int)
    /// An item shown whole, over source `index`'s list (or the detail open on it): its url,
    /// link or href field.
    case record(Int, fields: [String: String])

    /// `link` as a browser's URL parser takes it (WHATWG): the spaces and controls around it
    /// gone, its tabs and line breaks removed, and every other control, space or invisible
    /// direction mark percent-encoded, so that what goes to `$BROWSER`, xdg-open or the
    /// clipboard is one inert line, whatever the server wrote.
    package static func cleaned(_ link: String) -> String {
        var scalars = Substring(link).unicodeScalars
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        var out = ""
        for scalar in scalars where scalar != "\t" && scalar != "\n" && scalar != "\r" {
            guard needsEncoding(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 { out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
        }
        return out
    }

    /// C0 and C1 controls, space, DEL, and the marks that turn text's direction unseen.
    private static func needsEncoding(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0...0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Why `link`, this target's URL, is not handed to the browser or the clipboard; nil when
    /// it may be. What an item, a record or a detail names came from a server: a web address
    /// only, never a `file:` or another scheme's handler. Nor, whatever it is, a word that the
    /// browser would take for an option. A source's own URL is the user's to open.
    package func refusal(of link: String) -> String? {
        var isSourceItself: Bool {
            if case .source = self { return true }
            return false
        }
        let web = URLScheme.isWeb(link)
        guard link.hasPrefix("-") || (!web && !isSourceItself) else { return nil }
        return "not handed to the browser: \(URLCredentials.masked(link)) is not an http or https URL"
    }
}
