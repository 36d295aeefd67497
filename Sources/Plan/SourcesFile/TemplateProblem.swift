internal import Loader

/// What is wrong with a detail template, or why it cannot make a URL for an item. Said after
/// the place it was found: `--detail: …`, `sources.conf:4: detail: …`, or beside the item.
package enum TemplateProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// How a brace is out of place.
    package enum Brace: Equatable, Sendable {
        /// A `{` never closed.
        case unclosed
        /// A `}` with no `{` before it.
        case unopened
        /// A `{` inside a name.
        case nested
    }

    /// The template is empty, or blanks only.
    case empty
    /// A brace out of place, at this 1-based column of the template.
    case unbalancedBrace(template: String, column: Int, Brace)
    /// `{}`: a hole with no name.
    case emptyName(template: String)
    /// A name with a character other than letters, digits, `_`, `-` and `.`: `name` is the
    /// name up to and with that character.
    case badName(template: String, name: String)
    /// A `%` not followed by two hex digits, at this 1-based column.
    case badPercent(template: String, column: Int)
    /// The text makes no URL, whatever the fields hold.
    case notAReference(template: String)
    /// A related template with no name, or a badly spelt one, before its `:`.
    case unnamedRelated(String)
    /// The item has no field of this name; `fields` are the names it has, sorted.
    case missingField(name: String, fields: [String])
    /// The item's field is `.` or `..`, which would be a path step of its own and lead out of
    /// the path the template set.
    case dotSegment(name: String, value: String)
    /// The filled template cannot be resolved against the source's URL: that URL is not an
    /// absolute one (standard input has none).
    case unresolvable(reference: String, base: String)

    /// The most field names a missing-field message lists: an item may have hundreds.
    package static let listedFields = 12

    package var description: String {
        switch self {
        case .empty:
            return "the template is empty; give a URL or a path such as /posts/{id}"
        case .unbalancedBrace(let template, let column, .unclosed):
            return "\(quoted(template)): the { at column \(column) is never closed"
        case .unbalancedBrace(let template, let column, .unopened):
            return "\(quoted(template)): the } at column \(column) closes no {; write %7D for a literal }"
        case .unbalancedBrace(let template, let column, .nested):
            return "\(quoted(template)): the { at column \(column) is inside a {name}"
        case .emptyName(let template):
            return "\(quoted(template)): {} names no field; write {id}, say"
        case .badName(let template, let name):
            return "\(quoted(template)): \"{\(name)\" is not a field name; use letters, digits, _ - and . only"
        case .badPercent(let template, let column):
            return "\(quoted(template)): the % at column \(column) is not followed by two hex digits; write %25 for a literal %"
        case .notAReference(let template):
            return "\(quoted(template)) is not a URL or a path"
        case .unnamedRelated(let text):
            return "\(quoted(text)) does not start with a name; write NAME:TEMPLATE, the name in letters, digits, - and _, such as comments:/posts/{id}/comments"
        case .missingField(let name, let fields):
            guard !fields.isEmpty else { return "the item has no \(quoted(name)) field; it has no fields" }
            let listed = fields.prefix(Self.listedFields).joined(separator: ", ")
            return "the item has no \(quoted(name)) field; its fields: \(listed)\(fields.count > Self.listedFields ? ", …" : "")"
        case .dotSegment(let name, let value):
            return "the item's \(quoted(name)) field is \(quoted(value)), which would step out of the path the template sets"
        case .unresolvable(let reference, let base):
            return "cannot resolve \(quoted(reference)) against \(quoted(base)), which is not an absolute URL"
        }
    }

    private func quoted(_ text: String) -> String { "\"\(text)\"" }
}
