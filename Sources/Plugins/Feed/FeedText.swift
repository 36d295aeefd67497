/// How a feed's text becomes plain text: Atom's text constructs (`text`, `html`, `xhtml`, and
/// Atom 0.3's escaped and base64 modes), and RSS's titles and descriptions, which may hold
/// escaped markup. Markup is read by the HTML view's rules, never shown as tags or entities.
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
        let mode = element.attribute("mode")?.lowercased()
        let escaped = mode == "escaped"
        // Atom 1.0 says the same with a media type that is neither text nor XML (RFC 4287, 4.1.3.3).
        let binaryType = type.utf8.contains(UInt8(ascii: "/")) && !type.hasPrefix("text/") && !type.hasSuffix("xml")
        if mode == "base64" || binaryType {
            // Atom 0.3's third mode, or a binary type: the bytes in base64, of the type it names.
            let text = base64Decoded(element.text).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let isHTML = type == "html" || type == "text/html" || type == "application/xhtml+xml"
            return Construct(plain: isHTML ? plain(text, looksLikeMarkup: true, base: element) : nonEmpty(Whitespace.collapsed(text)),
                             raw: isHTML ? nonEmpty(text) : nil, isHTML: isHTML)
        }
        if type == "xhtml" || type == "application/xhtml+xml" {
            // The markup is the element's own children (a div): their text is the text.
            return Construct(plain: nonEmpty(Whitespace.collapsed(element.text(skipping: HTMLReader.hiddenElements))), raw: nil, isHTML: false)
        }
        if type == "html" || type == "text/html" || escaped {
            let text = element.text
            return Construct(plain: plain(text, looksLikeMarkup: true, base: element), raw: nonEmpty(text), isHTML: true)
        }
        return Construct(plain: nonEmpty(element.collapsedText), raw: nil, isHTML: false)
    }

    /// `text` as plain text: read as HTML when it may be markup and holds a tag or a
    /// reference, else its spaces collapsed; nil when nothing is left.
    static func plain(_ text: String, looksLikeMarkup: Bool, base: XMLElement) -> String? {
        guard looksLikeMarkup, text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else {
            return nonEmpty(Whitespace.collapsed(text))
        }
        return nonEmpty(HTMLReader.plainText(ofFragment: text, base: base.resolve(".") ?? ""))
    }

    /// The bytes that base64 `text` encodes, spaces and line breaks skipped; nil when it is
    /// not base64.
    static func base64Decoded(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in text.utf8 {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="), 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
            accumulator = (accumulator << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return bytes
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
