/// How a feed's text becomes plain text: Atom's text constructs (`text`, `html`, `xhtml`, and
/// Atom 0.3's escaped mode), and RSS's titles and descriptions, which may hold escaped markup.
/// Markup is read by the HTML view's rules, never shown as tags or entities.
enum FeedText {
    /// An Atom text construct: its plain text, the markup as it came when it is HTML, and
    /// whether it is.
    struct Construct {
        var plain: String?
        var raw: String?
        var isHTML: Bool
    }

    static func construct(_ element: XMLElement) -> Construct {
        let type = (element.attribute("type") ?? "text").lowercased()
        let escaped = element.attribute("mode")?.lowercased() == "escaped"
        if type == "xhtml" || type == "application/xhtml+xml" {
            // The markup is the element's own children (a div): their text is the text.
            return Construct(plain: nonEmpty(Whitespace.collapsed(element.text)), raw: nil, isHTML: false)
        }
        let text = element.text
        if type == "html" || type == "text/html" || escaped {
            return Construct(plain: plain(text, looksLikeMarkup: true, base: element), raw: nonEmpty(text), isHTML: true)
        }
        return Construct(plain: nonEmpty(Whitespace.collapsed(text)), raw: nil, isHTML: false)
    }

    /// `text` as plain text: read as HTML when it may be markup and holds a tag or a
    /// reference, else its spaces collapsed; nil when nothing is left.
    static func plain(_ text: String, looksLikeMarkup: Bool, base: XMLElement) -> String? {
        guard looksLikeMarkup, text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else {
            return nonEmpty(Whitespace.collapsed(text))
        }
        return nonEmpty(HTMLReader.plainText(ofFragment: text, base: base.resolve(".") ?? ""))
    }

    /// RSS's `author` is an address, often with the name after it: `ana@example.com (Ana)`.
    static func person(_ text: String) -> String {
        let collapsed = Whitespace.collapsed(text)
        if let open = collapsed.firstIndex(of: "("), collapsed.hasSuffix(")") {
            let name = collapsed[collapsed.index(after: open)..<collapsed.index(before: collapsed.endIndex)]
            if !name.isEmpty { return String(name) }
        }
        return collapsed
    }

    /// `text`, or nil when there is none or it is empty.
    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
