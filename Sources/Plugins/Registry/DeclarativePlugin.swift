#if canImport(Glibc)
import Glibc
#endif
public import Loader
internal import TerminalText

/// A plugin declared in a key file instead of compiled Swift:
///
///     [Plugin]
///     MediaTypes=application/json
///     URLs=/todos*
///     Title=title
///     Template={id}. {title} (done: {completed})
///     Summary=todos from a JSON API
///
/// `URLs` are glob patterns on the URL's path: the plugin takes a response only there, or
/// where a source names it; without `URLs` it is explicit only. `Items` is a JSON pointer to
/// the list (empty, the default, for the whole document); `Title` and `Body` name fields of
/// each item; `Template` is a line with `{field}` placeholders.
public struct DeclarativePlugin: ContentPlugin {
    public let name: String
    public let mediaTypes: [String]
    public let summary: String
    /// Glob patterns on the URL path that this plugin takes; empty for explicit only.
    public let urlPatterns: [String]
    let itemsPointer: String
    let titleField: String
    let bodyField: String?
    let template: String?

    /// What an item shows for a field it lacks.
    static let missingField = "∅"

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
        let patterns = keyFile.list(group, "URLs") ?? []
        if let bad = patterns.first(where: { !$0.hasPrefix("/") && !$0.hasPrefix("*") }) {
            throw KeyFileError(line: keyFile.line(ofKey: "URLs", inGroup: group),
                               message: "URLs=\(bad) is not a path pattern; write one such as /todos*")
        }
        if let template, template.filter({ $0 == "{" }).count != template.filter({ $0 == "}" }).count {
            throw KeyFileError(line: keyFile.line(ofKey: "Template", inGroup: group), message: "Template has unbalanced { }")
        }
        if let template, case let count = Self.placeholders(in: template).count, count > Self.maxPlaceholders {
            throw KeyFileError(line: keyFile.line(ofKey: "Template", inGroup: group),
                               message: "Template names \(count) fields, more than the \(Self.maxPlaceholders) a line may show")
        }
        self.name = name
        self.mediaTypes = mediaTypes.map { $0.lowercased() }
        self.itemsPointer = items
        self.titleField = try required("Title")
        self.bodyField = keyFile.string(group, "Body")
        self.template = template
        self.urlPatterns = patterns
        self.summary = keyFile.string(group, "Summary") ?? "items at \(items.isEmpty ? "the top level" : items), shown by \(template ?? "{\(titleField)}")"
    }

    /// What it takes when nobody named a plugin, for listings.
    public var takes: String {
        urlPatterns.isEmpty ? "explicit only" : "\(mediaTypes.joined(separator: ", ")) at \(urlPatterns.joined(separator: ", "))"
    }

    /// Whether `url`'s path matches one of `URLs`.
    func claims(_ url: String) -> Bool {
        guard let path = URLParts(url)?.path else { return false }
        return urlPatterns.contains { fnmatch($0, path, 0) == 0 }
    }

    /// Takes a response only at its own URLs, with its media type (or none); there, a body
    /// that is not its list fails with this plugin's name, never another's.
    public func offer(_ body: ResponseBody) -> Offer<DeclaredItems> {
        guard claims(body.info.url) else { return .declined }
        if let type = body.info.mediaType, !MediaType.matches(type, anyOf: mediaTypes) { return .declined }
        switch JSONBody.parsed(body) {
        case .success(let json):
            do { return .taken(try items(in: json)) } catch { return .failed(error) }
        case .failure(let failure):
            return .failed(failure)
        }
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> DeclaredItems {
        try items(in: JSONBody.parse(body, response: response, expected: "JSON for the \(name) plugin"))
    }

    private func items(in document: JSON) throws(DecodeFailure) -> DeclaredItems {
        let place = itemsPointer.isEmpty ? "the top level" : itemsPointer
        guard let found = document.resolve(pointer: itemsPointer) else {
            throw DecodeFailure("has nothing at \(place)", suggestion: "check Items= in the \(name) plugin")
        }
        guard case .array(let items) = found else {
            throw DecodeFailure("has no list at \(place)", suggestion: "check Items= in the \(name) plugin")
        }
        if let template {
            for (index, item) in items.enumerated() {
                let size = Self.filledSize(template, from: item)
                // Under the floor, no need to measure the item.
                guard size > Self.expansionLimit(forItemOf: 0) else { continue }
                let limit = Self.expansionLimit(forItemOf: JSONWriter(sortsKeys: false).write(item).utf8.count)
                guard size <= limit else {
                    throw DecodeFailure("makes item \(index + 1) \(ByteCount.format(size)) long through the \(name) plugin's Template, "
                                        + "over its limit of \(ByteCount.format(limit)) (64 times the item, at most 1 MiB)",
                                        suggestion: "the \(name) plugin's Template repeats a field too often; fix its file")
                }
            }
        }
        return DeclaredItems(items: items, missing: firstMissingField(in: items))
    }

    /// The most fields one Template line may name.
    static let maxPlaceholders = 256

    /// How long one item's expansion may be: 64 times the item's own text, at least 64 KiB
    /// and at most 1 MiB. A template that repeats `{body}` 170,000 times asked for 2 GiB.
    static func expansionLimit(forItemOf bytes: Int) -> Int {
        min(1 << 20, max(64 << 10, bytes.multipliedReportingOverflow(by: 64).overflow ? Int.max : bytes * 64))
    }

    /// The length, in UTF-8 bytes, of `fill(template, from: item)`, without building it.
    static func filledSize(_ template: String, from item: JSON) -> Int {
        var size = 0
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            size += rest[..<open].utf8.count
            size += (item[String(rest[rest.index(after: open)..<close])].map(Self.text) ?? Self.missingField).utf8.count
            rest = rest[rest.index(after: close)...]
        }
        return size + rest.utf8.count
    }

    /// The first field the template (or Title/Body) asks for that an item lacks.
    private func firstMissingField(in items: [JSON]) -> (field: String, item: Int)? {
        let fields = template.map(Self.placeholders) ?? [titleField] + (bodyField.map { [$0] } ?? [])
        for (index, item) in items.enumerated() {
            if let field = fields.first(where: { item[$0] == nil }) { return (field, index) }
        }
        return nil
    }

    public func notes(_ model: DeclaredItems) -> [String] {
        guard let missing = model.missing else { return [] }
        return ["the \(name) plugin shows \"\(missing.field)\" as \(Self.missingField): item \(missing.item + 1) has no such field"]
    }

    public func render(_ model: DeclaredItems, context: RenderContext) -> String {
        RenderSink.collect { write(model, context: context, to: $0) }
    }

    /// Writes what `render` gives into `sink`, an item at a time.
    public func write(_ model: DeclaredItems, context: RenderContext, to sink: RenderSink) {
        write(model, context: context, to: sink, recorder: nil)
    }

    /// Each item's first line in `render`'s text, which comes with them from one render: an item takes as many lines as its
    /// template, or its title and body line, wrap to.
    public func renderItems(_ model: DeclaredItems, context: RenderContext) -> RenderedItems? {
        ItemLineRecorder.record { write(model, context: context, to: $0.sink, recorder: $0) }
    }

    /// The item's top-level scalar fields, whatever the template shows of them.
    public func itemFields(_ model: DeclaredItems, at index: Int) -> [String: String]? {
        model.items.itemFields(at: index)
    }

    /// Each item by the template, or as its title and its body's first non-blank line, noting
    /// where each starts in `recorder` when given (`sink` is then the recorder's own); past
    /// `maxItems`, a line that says how many were left out.
    private func write(_ model: DeclaredItems, context: RenderContext, to sink: RenderSink, recorder: ItemLineRecorder?) {
        let cut = ListCut(count: model.items.count, context: context)
        defer {
            recorder?.markEnd()
            if let note = cut.note("item", context: context) { sink.writeLine(note) }
        }
        for item in model.items.prefix(cut.shown) {
            if context.shouldStop() || sink.isStopped { break }
            recorder?.markItem()
            if let template {
                for wrapped in context.wrapField(fill(template, from: item), width: context.width) { sink.writeLine(wrapped) }
                continue
            }
            for line in context.wrapField(Self.text(item[titleField]), width: context.width) {
                sink.writeLine(TextStyle.bold.apply(line, in: context))
            }
            if let bodyField, let body = item[bodyField].map(Self.text),
               let first = body.split(separator: "\n").first(where: { !$0.allSatisfy(\.isWhitespace) }) {
                for line in context.wrapField(String(first), width: context.width - 2) { sink.writeLine("  " + line) }
            }
        }
    }

    /// Five items' worth of lines.
    public func skeleton(context: RenderContext) -> String {
        Skeleton.bars((0..<5).map { Skeleton.fraction($0, from: 0.3, to: 0.8) }, context: context)
    }

    /// Pages of a list are appended.
    public func merge(_ existing: DeclaredItems, _ next: DeclaredItems) -> DeclaredItems? {
        DeclaredItems(items: existing.items + next.items, missing: existing.missing ?? next.missing)
    }

    public func itemCount(_ model: DeclaredItems) -> Int? { model.items.count }

    public func renderJSON(_ model: DeclaredItems, context: RenderContext) -> String {
        JSONWriter(context: context).write(.array(model.items))
    }

    /// `template` with each `{field}` replaced by the item's value, or `∅` for one it lacks.
    private func fill(_ template: String, from item: JSON) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            out += item[String(rest[rest.index(after: open)..<close])].map(Self.text) ?? Self.missingField
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The fields a template names, in order.
    static func placeholders(in template: String) -> [String] {
        var fields: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            fields.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return fields
    }

    /// A value as one piece of text: scalars as they are, lists joined, objects elided.
    static func text(_ value: JSON?) -> String {
        switch value {
        case nil: return missingField
        case .array(let items)?: return items.map { text($0) }.joined(separator: ", ")
        case .object?: return "{…}"
        case let scalar?: return scalar.scalarText ?? ""
        }
    }
}
