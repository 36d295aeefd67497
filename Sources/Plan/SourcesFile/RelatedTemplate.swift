/// A named link of an item beside its detail, such as its comments:
/// `comments:/posts/{id}/comments` in the sources file's `related` list.
package struct RelatedTemplate: Equatable, Sendable, CustomStringConvertible {
    /// What the view calls it: letters, digits, `-` and `_`.
    package var name: String
    package var template: DetailTemplate

    package init(name: String, template: DetailTemplate) {
        self.name = name
        self.template = template
    }

    /// `NAME:TEMPLATE`, as the sources file writes it.
    package var description: String { "\(name):\(template)" }

    /// Parses `NAME:TEMPLATE`; the name ends at the first `:`. A bare URL (`https://…`) would
    /// read as a name and a `//…` template, so a template starting with `//` is refused as
    /// unnamed: nobody means a scheme-relative URL there.
    package static func parse(_ text: String) -> Result<RelatedTemplate, TemplateProblem> {
        let text = text.trimmingCharacters(in: " \t")
        guard let colon = text.firstIndex(of: ":") else { return .failure(.unnamedRelated(text)) }
        let name = text[..<colon].trimmingCharacters(in: " \t")
        let rest = text[text.index(after: colon)...].trimmingCharacters(in: " \t")
        guard !name.isEmpty, !rest.hasPrefix("//"),
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            return .failure(.unnamedRelated(text))
        }
        return DetailTemplate.parse(rest).map { RelatedTemplate(name: name, template: $0) }
    }
}
