internal import Loader
internal import TerminalText

/// What an SVG may not do here, checked before librsvg sees it: make the renderer fetch
/// another file, or declare entities, which nest into a billion laughs.
///
/// Only what librsvg loads counts: the `href` of `<image>`, `<use>` and `<feImage>`, CSS
/// `url(…)` and `@import`, and XInclude. A link (`<a xlink:href>`), a namespace, or RDF
/// metadata naming a licence URL is text to the renderer, and such an SVG is drawn.
enum SVGSafety {
    static func check(_ body: [UInt8]) throws(DecodeFailure) {
        let text = String(decoding: body, as: UTF8.self)
        let lowered = text.lowercased()
        if lowered.contains("<!entity") {
            throw DecodeFailure("is an SVG that declares XML entities, which loadrun does not expand",
                                suggestion: "entities can nest into a memory bomb; use an SVG without a DOCTYPE")
        }
        if lowered.contains("<xi:include") {
            throw DecodeFailure("is an SVG that includes other files (XInclude)", suggestion: "loadrun draws self-contained SVGs only")
        }
        for reference in loadedReferences(in: text) where !(reference.hasPrefix("#") || reference.lowercased().hasPrefix("data:")) {
            throw DecodeFailure("is an SVG that refers to another file (\(UntrustedText.forTerminalLine(String(reference.prefix(80)))))",
                                suggestion: "loadrun draws self-contained SVGs only")
        }
    }

    /// The elements whose `href` librsvg loads.
    private static let loadingElements: Set<String> = ["image", "use", "feimage"]

    /// The references librsvg would follow: `href`/`xlink:href` on the loading elements, and
    /// `url(…)` and `@import` anywhere (styles, attributes).
    private static func loadedReferences(in text: String) -> [Substring] {
        var found: [Substring] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            let tag = rest[rest.index(after: open)...].prefix { $0 != ">" }
            rest = rest[tag.endIndex...]
            let name = tag.prefix { !$0.isWhitespace && $0 != "/" }
            // A namespace prefix (`svg:image`) names the same element.
            let local = (name.split(separator: ":").last.map(String.init) ?? "").lowercased()
            guard loadingElements.contains(local) else { continue }
            found += hrefs(in: tag.dropFirst(name.count))
        }
        // CSS keywords are case-insensitive; these are the spellings found in the wild.
        for marker in ["url(", "URL(", "@import", "@IMPORT"] {
            rest = text[...]
            while let range = rest.firstRange(of: marker) {
                found.append(cssReference(after: rest[range.upperBound...]))
                rest = rest[range.upperBound...]
            }
        }
        return found
    }

    /// The reference that starts `text`, after `url(` or `@import`: quotes and blanks dropped.
    private static func cssReference(after text: Substring) -> Substring {
        let opening: Set<Character> = [" ", "\t", "\"", "'", "("]
        let closing: Set<Character> = [")", "\"", "'", ";", "\n", "\r"]
        return text.drop { opening.contains($0) }.prefix { !closing.contains($0) }
    }

    /// The values of `href` and `xlink:href` attributes in a tag's attribute text.
    private static func hrefs(in attributes: Substring) -> [Substring] {
        var found: [Substring] = []
        var rest = attributes
        while let range = rest.firstRange(of: "href") {
            rest = rest[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let value = rest.dropFirst().prefix { $0 != quote }
            found.append(value.drop { $0 == " " })
            rest = rest.dropFirst(value.count + 1)
        }
        return found
    }

    /// Whether a body with no image type is an SVG: XML whose first element is `<svg`.
    static func looksLikeSVG(_ body: [UInt8]) -> Bool {
        let head = String(decoding: body.prefix(512), as: UTF8.self).lowercased()
        return head.contains("<svg")
    }
}
