internal import Loader

/// Where an item of a list leads: a URL template such as `/posts/{id}` or
/// `https://api.example.com/users/{userId}?expand={kind}`, each `{name}` filled with the
/// item's field of that name, and the result resolved against the source's URL.
///
/// It comes from the user (`--detail`, or `detail=` in the sources file), never from the
/// network; only the values filled in do, and those are percent-encoded so that they can
/// neither end a path segment nor change the scheme or host. A `{` or `}` meant literally is
/// written `%7B` or `%7D`.
package struct DetailTemplate: Equatable, Sendable, CustomStringConvertible {
    /// One piece of a template, in order.
    package enum Part: Equatable, Sendable {
        /// Text kept as written.
        case text(String)
        /// A hole for the item's field of this name.
        case field(String)
    }

    /// The template as written, without blanks at either end: what `loadrun sources` shows.
    package let text: String
    package let parts: [Part]

    package var description: String { text }

    /// The names of the fields the template fills, in order, each once.
    package var fieldNames: [String] {
        var seen: Set<String> = []
        return parts.compactMap { part in
            guard case .field(let name) = part, seen.insert(name).inserted else { return nil }
            return name
        }
    }

    /// Parses `text`. Refused: a template with no text at all, a `{` that is never closed, a
    /// `}` that closes nothing, an empty or badly spelt name (letters, digits, `_`, `-` and
    /// `.` only), a `%` that is not followed by two hex digits, and text that is no URL
    /// reference. Each is found now, when the template is read, not when an item is opened.
    package static func parse(_ text: String) -> Result<DetailTemplate, TemplateProblem> {
        let text = text.trimmingCharacters(in: " \t")
        guard !text.isEmpty else { return .failure(.empty) }
        var parts: [Part] = []
        var literal = ""
        // The name being read, and the column of its `{`, while inside braces.
        var name: String?
        var openedAt = 0
        for (offset, character) in text.enumerated() {
            let column = offset + 1
            switch (character, name) {
            case ("{", nil):
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                name = ""
                openedAt = column
            case ("{", _?):
                return .failure(.unbalancedBrace(template: text, column: column, .nested))
            case ("}", nil):
                return .failure(.unbalancedBrace(template: text, column: column, .unopened))
            case ("}", let field?):
                guard !field.isEmpty else { return .failure(.emptyName(template: text)) }
                parts.append(.field(field))
                name = nil
            case (_, let field?):
                guard isNameCharacter(character) else { return .failure(.badName(template: text, name: field + String(character))) }
                name = field + String(character)
            case (_, nil):
                literal.append(character)
            }
        }
        if name != nil { return .failure(.unbalancedBrace(template: text, column: openedAt, .unclosed)) }
        if !literal.isEmpty { parts.append(.text(literal)) }
        let template = DetailTemplate(text: text, parts: parts)
        if let column = template.badPercentColumn { return .failure(.badPercent(template: text, column: column)) }
        // Filled with a plain value and resolved against any URL, the text must make a URL:
        // what GLib would refuse when an item is opened is refused now, while the user is
        // looking at the template.
        guard URLParts.resolve(template.filled(template.plainFields), against: "http://example.invalid/a/b") != nil else {
            return .failure(.notAReference(template: text))
        }
        return .success(template)
    }

    /// The URL of the item whose fields are `fields`: each `{name}` filled with the field's
    /// value, percent-encoded, then resolved against `base` (the source's URL) as a relative
    /// reference is (RFC 3986 §5): an absolute template stays as it is, `/posts/3` replaces
    /// the path, `3` is relative to the base's directory, and `?x=1` replaces the query.
    ///
    /// Fails naming the field the item lacks, or a value that would make a path step of its
    /// own (`.` or `..`, which resolution would follow out of the path the template set), or
    /// when `base` is no URL to resolve against (standard input, say).
    package func url(fields: [String: String], base: String) -> Result<String, TemplateProblem> {
        if let missing = fieldNames.first(where: { fields[$0] == nil }) {
            return .failure(.missingField(name: missing, fields: fields.keys.sorted()))
        }
        let reference = filled(fields)
        // GLib decodes %2E before it removes dot segments, as browsers do: no encoding keeps a
        // value of ".." from climbing, so one that would is refused. Counted against the
        // template filled with plain values, since its own text may climb (`../users/{id}`).
        if Self.dotSegments(in: reference) > Self.dotSegments(in: filled(plainFields)),
           let name = fieldNames.first(where: { fields[$0] == "." || fields[$0] == ".." }) {
            return .failure(.dotSegment(name: name, value: fields[name] ?? ""))
        }
        // An absolute reference needs no base: it is resolved against itself, only to be
        // normalised as a relative one is.
        let against = URLParts.scheme(of: reference) == nil ? base : reference
        guard let resolved = URLParts.resolve(reference, against: against) else {
            return .failure(.unresolvable(reference: reference, base: base))
        }
        return .success(resolved)
    }

    /// The fallback when a source has no template: the name of the first of `url`, `link` and
    /// `href` whose value is an absolute http(s) URL; nil when none is.
    package static func linkField(in fields: [String: String]) -> String? {
        linkFieldNames.first { name in
            guard let value = fields[name] else { return false }
            return URLParts.isWeb(value) && URLParts(value) != nil
        }
    }

    /// The URL `linkField(in:)` names: where an item leads when its source has no template.
    package static func link(in fields: [String: String]) -> String? {
        linkField(in: fields).flatMap { fields[$0] }
    }

    /// The fields that may hold an item's own URL, in the order they are looked at.
    package static let linkFieldNames = ["url", "link", "href"]

    /// Whether `character` may be part of a field's name: a JSON member name as people write
    /// them, dots included so that a flattened `user.id` can be named.
    package static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-" || character == "."
    }

    /// Every field the template names, holding a value that changes nothing about the URL's
    /// shape.
    private var plainFields: [String: String] {
        Dictionary(fieldNames.map { ($0, "1") }, uniquingKeysWith: { first, _ in first })
    }

    /// How many steps of the path of `reference` are `.` or `..`, spelt plainly or encoded.
    package static func dotSegments(in reference: String) -> Int {
        let path = reference.prefix { $0 != "?" && $0 != "#" }
        return path.split(separator: "/", omittingEmptySubsequences: false).count { segment in
            let step = segment.replacing("%2E", with: ".").replacing("%2e", with: ".")
            return step == "." || step == ".."
        }
    }

    /// The template with every hole filled from `fields` (a missing one left empty).
    private func filled(_ fields: [String: String]) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .field(let name): Self.encoded(fields[name] ?? "")
            }
        }.joined()
    }

    /// The 1-based column of the first `%` not followed by two hex digits; nil when there is
    /// none. A name cannot hold a `%`, so only the text parts can.
    private var badPercentColumn: Int? {
        let characters = Array(text)
        for (index, character) in characters.enumerated() where character == "%" {
            let next = characters.dropFirst(index + 1).prefix(2)
            if next.count < 2 || !next.allSatisfy(\.isHexDigit) { return index + 1 }
        }
        return nil
    }

    /// `value` percent-encoded for a path segment or a query value: every UTF-8 byte but
    /// RFC 3986's unreserved characters (letters, digits, `-`, `.`, `_`, `~`) becomes `%XX`.
    package static func encoded(_ value: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            let unreserved = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") || byte == UInt8(ascii: ".")
            if unreserved {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
