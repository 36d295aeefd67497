internal import CGLib

/// Finding the next page of a list: from `Link: <…>; rel="next"` headers (RFC 8288), or by
/// counting up a query parameter (`--page-param page` turns `?page=1` into `?page=2`).
public enum Pagination {
    /// How pages are numbered in the URL, when the server sends no Link header.
    public struct PageParameter: Sendable, Equatable {
        /// The page number's query parameter, such as `page`.
        public var name: String
        /// The page size's parameter and value, such as `per_page=10`, sent with every page.
        public var perPage: (name: String, size: Int)?

        public init(name: String, perPage: (name: String, size: Int)? = nil) {
            self.name = name
            self.perPage = perPage
        }

        public static func == (lhs: PageParameter, rhs: PageParameter) -> Bool {
            lhs.name == rhs.name && lhs.perPage?.name == rhs.perPage?.name && lhs.perPage?.size == rhs.perPage?.size
        }
    }

    /// The targets of `Link` header values with relation `rel`, resolved against `base`.
    public static func links(_ headerValues: [String], rel: String, base: String) -> [String] {
        headerValues.flatMap(parseLinks).filter { $0.relations.contains(rel.lowercased()) }.compactMap { URLParts.resolve($0.target, against: base) }
    }

    /// The next page's URL from the response's `Link` headers.
    public static func next(from headers: HTTPHeaders, base: String) -> String? {
        let values = headers.filter { HTTPHeaders.sameName($0.name, "link") }.map(\.value)
        return links(values, rel: "next", base: base).first
    }

    /// Where a numbered list ends, when the server says: a count of items, or the last page.
    public enum End: Equatable, Sendable {
        /// `X-Total-Count`: items in the whole list.
        case items(Int)
        /// The page number of `Link: <…>; rel="last"`.
        case page(Int)
    }

    /// The end the response declares: `X-Total-Count` (json-server, many REST APIs), or the
    /// page number in a `rel="last"` link.
    public static func end(from headers: HTTPHeaders, base: String, parameter: PageParameter) -> End? {
        if let total = headers["X-Total-Count"].flatMap({ Int($0.trimmingCharacters(in: " \t")) }), total >= 0 {
            return .items(total)
        }
        let values = headers.filter { HTTPHeaders.sameName($0.name, "link") }.map(\.value)
        // A last link that numbers its pages otherwise says nothing about this numbering.
        guard let last = links(values, rel: "last", base: base).first,
              let number = statedPageNumber(of: last, parameter: parameter) else { return nil }
        return .page(number)
    }

    /// `url` with its page parameter set to `number` (and the page size, when there is one).
    public static func url(_ url: String, page number: Int, parameter: PageParameter) -> String {
        let (head, fragment) = split(url, at: "#")
        let (path, query) = split(head, at: "?")
        var pairs = (query ?? "").split(separator: "&").map(String.init).filter { pair in
            let key = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? pair
            return key != parameter.name && key != parameter.perPage?.name
        }
        pairs.append("\(parameter.name)=\(number)")
        if let perPage = parameter.perPage { pairs.append("\(perPage.name)=\(perPage.size)") }
        return path + "?" + pairs.joined(separator: "&") + (fragment.map { "#" + $0 } ?? "")
    }

    /// The page number `url` asks for under `parameter`; 1 when it names none.
    public static func pageNumber(of url: String, parameter: PageParameter) -> Int {
        statedPageNumber(of: url, parameter: parameter) ?? 1
    }

    /// The page number `url` names under `parameter`, or nil when it names none.
    static func statedPageNumber(of url: String, parameter: PageParameter) -> Int? {
        let query = split(split(url, at: "#").0, at: "?").1 ?? ""
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == parameter.name, let number = Int(parts[1]) { return number }
        }
        return nil
    }

    // MARK: RFC 8288

    private struct Link {
        var target: String
        var relations: [String]
    }

    /// Parses `<a>; rel="next", <b>; rel="prev last"`: commas inside `<…>` or quotes do not split.
    private static func parseLinks(_ value: String) -> [Link] {
        var links: [Link] = []
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            // Parameters run to the next comma outside quotes.
            var parameters = ""
            var inQuotes = false
            var index = rest.startIndex
            while index < rest.endIndex {
                let character = rest[index]
                if character == "\"" { inQuotes.toggle() }
                if character == "," && !inQuotes { break }
                parameters.append(character)
                index = rest.index(after: index)
            }
            rest = index < rest.endIndex ? rest[rest.index(after: index)...] : rest[rest.endIndex...]
            var relations: [String] = []
            for parameter in parameters.split(separator: ";") {
                let parts = parameter.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: " \t").lowercased() == "rel" else { continue }
                let value = parts[1].trimmingCharacters(in: " \t\"")
                relations = value.lowercased().split(separator: " ").map(String.init)
            }
            links.append(Link(target: target, relations: relations))
        }
        return links
    }

    private static func split(_ text: String, at separator: Character) -> (String, String?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }
}
