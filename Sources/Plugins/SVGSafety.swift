internal import Loader

/// What an SVG may not do here, checked before librsvg sees it: reach for other files (an
/// `href` that is not a fragment or `data:`, an XInclude) or declare entities, which nest into
/// a billion laughs.
enum SVGSafety {
    static func check(_ body: [UInt8]) throws(DecodeFailure) {
        let text = String(decoding: body, as: UTF8.self)
        let lowered = text.lowercased()
        if lowered.contains("<!entity") {
            throw DecodeFailure("is an SVG that declares XML entities, which loadrun does not expand",
                                suggestion: "entities can nest into a memory bomb; use an SVG without a DOCTYPE")
        }
        if lowered.contains("<xi:include") || lowered.contains("xmlns:xi=") {
            throw DecodeFailure("is an SVG that includes other files (XInclude)", suggestion: "loadrun draws self-contained SVGs only")
        }
        for reference in references(in: text) where !(reference.hasPrefix("#") || reference.lowercased().hasPrefix("data:")) {
            throw DecodeFailure("is an SVG that refers to another file (\(UntrustedText.forTerminalLine(String(reference.prefix(80)))))",
                                suggestion: "loadrun draws self-contained SVGs only")
        }
    }

    /// The values of `href` and `xlink:href` attributes, and of `url(…)` in styles.
    private static func references(in text: String) -> [Substring] {
        var found: [Substring] = []
        var rest = text[...]
        while let range = rest.firstRange(of: "href") {
            rest = rest[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let value = rest.dropFirst().prefix { $0 != quote }
            found.append(value.drop { $0 == " " })
            rest = rest.dropFirst(value.count + 1)
        }
        rest = text[...]
        while let range = rest.firstRange(of: "url(") {
            let value = rest[range.upperBound...].prefix { $0 != ")" }
            found.append(value.drop { $0 == " " || $0 == "\"" || $0 == "'" })
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// Whether a body with no image type is an SVG: XML whose first element is `<svg`.
    static func looksLikeSVG(_ body: [UInt8]) -> Bool {
        let head = String(decoding: body.prefix(512), as: UTF8.self).lowercased()
        return head.contains("<svg")
    }
}
