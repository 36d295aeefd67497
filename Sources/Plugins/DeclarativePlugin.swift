public import Loader

/// A plugin declared in a key file instead of compiled Swift:
///
///     [Plugin]
///     MediaTypes=application/json
///     Items=/todos
///     Title=title
///     Body=completed
///     Template={id}. {title} ({completed})
///     Summary=todos from a JSON API
///
/// `Items` is a JSON pointer to the list (empty for the whole document); `Title` and `Body` name
/// fields of each item; `Template` is a line with `{field}` placeholders.
public struct DeclarativePlugin: ContentPlugin {
    public let name: String
    public let mediaTypes: [String]
    public let summary: String
    let itemsPointer: String
    let titleField: String
    let bodyField: String?
    let template: String?

    /// The plugin `keyFile` declares, named `name`; errors name the line at fault.
    public init(name: String, keyFile: KeyFile) throws(KeyFileError) {
        let group = "Plugin"
        guard keyFile.hasGroup(group) else { throw KeyFileError(line: 1, message: "no [Plugin] group") }
        func required(_ key: String) throws(KeyFileError) -> String {
            guard let value = keyFile.string(group, key), !value.isEmpty else {
                throw KeyFileError(line: keyFile.line(ofGroup: group), message: "[Plugin] has no \(key)=")
            }
            return value
        }
        let mediaTypes = keyFile.list(group, "MediaTypes") ?? []
        guard !mediaTypes.isEmpty else {
            throw KeyFileError(line: keyFile.line(ofKey: "MediaTypes", inGroup: group) ?? keyFile.line(ofGroup: group),
                               message: "[Plugin] has no MediaTypes=, such as application/json")
        }
        if let bad = mediaTypes.first(where: { !$0.contains("/") }) {
            throw KeyFileError(line: keyFile.line(ofKey: "MediaTypes", inGroup: group), message: "\"\(bad)\" is not a media type")
        }
        let items = keyFile.string(group, "Items") ?? ""
        guard items.isEmpty || items.hasPrefix("/") else {
            throw KeyFileError(line: keyFile.line(ofKey: "Items", inGroup: group),
                               message: "Items=\(items) is not a JSON pointer; write /path/to/list, or leave it empty for the whole document")
        }
        let template = keyFile.string(group, "Template")
        if let template, template.filter({ $0 == "{" }).count != template.filter({ $0 == "}" }).count {
            throw KeyFileError(line: keyFile.line(ofKey: "Template", inGroup: group), message: "Template has unbalanced { }")
        }
        self.name = name
        self.mediaTypes = mediaTypes.map { $0.lowercased() }
        self.itemsPointer = items
        self.titleField = try required("Title")
        self.bodyField = keyFile.string(group, "Body")
        self.template = template
        self.summary = keyFile.string(group, "Summary") ?? "items at \(items.isEmpty ? "the top level" : items), shown by \(template ?? "{\(titleField)}")"
    }

    /// Its media type, and a list at `Items` whose first entry has the title field.
    public func accepts(_ body: [UInt8], response: ResponseInfo) -> Bool {
        if case .taken = offer(body, response: response) { true } else { false }
    }

    /// Takes only what decodes into a list whose first entry has the title field, so that a
    /// declared plugin never takes over unrelated responses; decodes the body once for that.
    public func offer(_ body: [UInt8], response: ResponseInfo) -> Offer<[JSONValue]> {
        guard let mediaType = response.mediaType, MediaType.matches(mediaType, anyOf: mediaTypes),
              let items = try? decode(body, response: response) else { return .declined }
        guard case .object(let first)? = items.first else { return items.isEmpty ? .taken(items) : .declined }
        return first[titleField] != nil ? .taken(items) : .declined
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> [JSONValue] {
        let document = try JSONBody.decode(JSONValue.self, from: body, response: response, expected: "JSON for the \(name) plugin")
        let place = itemsPointer.isEmpty ? "the top level" : itemsPointer
        guard let found = document.resolve(pointer: itemsPointer) else {
            throw DecodeFailure("has nothing at \(place)", suggestion: "check Items= in the \(name) plugin")
        }
        guard case .array(let items) = found else {
            throw DecodeFailure("has no list at \(place)", suggestion: "check Items= in the \(name) plugin")
        }
        return items
    }

    public func render(_ items: [JSONValue], context: RenderContext) -> String {
        var out = ""
        for item in items {
            if context.shouldStop() { break }
            let fields: [String: JSONValue] = if case .object(let object) = item { object } else { [:] }
            if let template {
                for wrapped in TerminalText.wrapField(fill(template, from: fields), width: context.width) { out += wrapped + "\n" }
                continue
            }
            for line in TerminalText.wrapField(fields[titleField]?.text ?? "", width: context.width) { out += TextStyle.bold.apply(line, in: context) + "\n" }
            if let bodyField, let body = fields[bodyField]?.text,
               let first = body.split(separator: "\n").first(where: { !$0.allSatisfy(\.isWhitespace) }) {
                for line in TerminalText.wrapField(String(first), width: context.width - 2) { out += "  " + line + "\n" }
            }
        }
        return out
    }

    /// Five items' worth of lines.
    public func skeleton(context: RenderContext) -> String {
        Skeleton.bars((0..<5).map { Skeleton.fraction($0, from: 0.3, to: 0.8) }, context: context)
    }

    /// Pages of a list are appended.
    public func merge(_ existing: [JSONValue], _ next: [JSONValue]) -> [JSONValue]? { existing + next }

    public func itemCount(_ model: [JSONValue]) -> Int? { model.count }

    public func renderJSON(_ items: [JSONValue]) -> String {
        JSONBody.encode(items)
    }

    /// `template` with each `{field}` replaced by the item's value, or nothing.
    private func fill(_ template: String, from fields: [String: JSONValue]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            out += fields[key]?.text ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
