public import Loader
internal import TerminalText

/// A JSON array of objects that are not posts (users, todos, comments, any API's list), shown
/// as a table: scalar fields as aligned columns, nested objects flattened one level.
public struct TablePlugin: ContentPlugin {
    public let name = "table"
    public let mediaTypes = ["application/json"]
    public let summary = "a JSON array of objects: one row each, fields as columns that fit the width"
    static let expected = "a JSON array of objects"
    public let takes = "other JSON arrays of objects"

    public init() {}

    /// A JSON array whose every item is an object.
    public func offer(_ body: ResponseBody) -> Offer<Table> {
        guard JSONBody.mayBeJSON(body.bytes, response: body.info), case .success(let document) = JSONBody.parsedDocument(body),
              let rows = Self.rows(of: document.json), !rows.isEmpty else { return .declined }
        let kind = document.isSequence ? "JSON Lines of \(rows.count) objects" : document.json.kind
        return .taken(Table(rows: rows, choice: "shown as a table (\(kind); no plugin named for it)", isSequence: document.isSequence))
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> Table {
        let document = try JSONBody.document(body, response: response, expected: Self.expected)
        guard let rows = Self.rows(of: document.json) else { throw DecodeFailure("is \(document.json.kind), not \(Self.expected)") }
        return Table(rows: rows, isSequence: document.isSequence)
    }

    private static func rows(of json: JSON) -> [JSON]? {
        guard case .array(let items) = json,
              items.allSatisfy({ if case .object = $0 { true } else { false } }) else { return nil }
        return items
    }

    public func notes(_ model: Table) -> [String] { model.choice.map { [$0] } ?? [] }

    public func merge(_ existing: Table, _ next: Table) -> Table? {
        Table(rows: existing.rows + next.rows, choice: existing.choice)
    }

    public func itemCount(_ model: Table) -> Int? { model.rows.count }

    /// JSON as the server sent it: data on a pipe (see `RenderContext.writesData`).
    public func goesOutAsData(_ model: Table) -> Bool { true }

    public func render(_ model: Table, context: RenderContext) -> String {
        RenderSink.collect { write(model, context: context, to: $0) }
    }

    public func write(_ model: Table, context: RenderContext, to sink: RenderSink) {
        if context.writesData {
            writeJSON(model, context: context, to: sink)
            return sink.write("\n")
        }
        TableLayout(rows: model.rows, context: context).write(to: sink)
    }

    /// Each row's line, after the header, in `render`'s text, which comes with them from one render; rows past `maxItems` are
    /// not shown, and a table with no columns shows none.
    public func renderItems(_ model: Table, context: RenderContext) -> RenderedItems? {
        guard !context.writesData else { return nil }
        return ItemLineRecorder.record { TableLayout(rows: model.rows, context: context).write(to: $0.sink, recorder: $0) }
    }

    /// The row's top-level scalar fields; a nested object's fields, which the table shows as
    /// `parent.child` columns, are left out.
    public func itemFields(_ model: Table, at index: Int) -> [String: String]? {
        model.rows.itemFields(at: index)
    }

    public func renderJSON(_ model: Table, context: RenderContext) -> String {
        let writer = JSONWriter(context: context)
        return model.isSequence ? writer.write(lines: model.rows) : writer.write(.array(model.rows))
    }

    public func writeJSON(_ model: Table, context: RenderContext, to sink: RenderSink) {
        guard !model.isSequence else { return sink.write(renderJSON(model, context: context)) }
        JSONWriter(context: context).write(.array(model.rows), to: sink)
    }

    /// A header and a few rows of cells.
    public func skeleton(context: RenderContext) -> String {
        let cells = [0.08, 0.25, 0.2, 0.3]
        return (0..<6).map { row in
            cells.map { TextStyle.dim.apply(String(repeating: "▒", count: max(2, Int(Double(context.width) * $0 * (row == 0 ? 0.7 : 1)))), in: context) }
                .joined(separator: "  ") + "\n"
        }.joined()
    }
}
