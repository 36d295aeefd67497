public import Loader

/// Any JSON document, when no more specific plugin takes it: indented, coloured on a terminal
/// as jq colours it, wrapped to the width. `--output json` passes it through, re-indented.
public struct JSONPlugin: ContentPlugin {
    public let name = "json"
    public let mediaTypes = ["application/json"]
    public let summary = "any JSON document: indented, coloured like jq, long lists cut at --max-items"
    public let takes = "any other JSON"

    public init() {}

    /// Whatever says it is JSON, or says nothing and starts like JSON. A body that does not
    /// parse fails here, the last JSON view, with where it broke.
    public func offer(_ body: ResponseBody) -> Offer<JSONDocument> {
        guard JSONBody.mayBeJSON(body.bytes, response: body.info) else { return .declined }
        switch JSONBody.parsedDocument(body) {
        case .success(let document):
            let kind = document.isSequence ? "JSON Lines" : document.json.kind
            return .taken(JSONDocument(document.json, choice: "shown as JSON (\(kind); no plugin named for it)", isSequence: document.isSequence))
        case .failure(let failure): return .failed(failure)
        }
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> JSONDocument {
        let document = try JSONBody.document(body, response: response)
        return JSONDocument(document.json, isSequence: document.isSequence)
    }

    public func notes(_ model: JSONDocument) -> [String] { model.choice.map { [$0] } ?? [] }

    /// Pages of an array are appended; other documents do not page.
    public func merge(_ existing: JSONDocument, _ next: JSONDocument) -> JSONDocument? {
        guard case .array(let first) = existing.value, case .array(let second) = next.value else { return nil }
        return JSONDocument(.array(first + second), choice: existing.choice)
    }

    public func itemCount(_ model: JSONDocument) -> Int? {
        if case .array(let items) = model.value { items.count } else { nil }
    }

    /// JSON as the server sent it: data on a pipe (see `RenderContext.writesData`).
    public func goesOutAsData(_ model: JSONDocument) -> Bool { true }

    public func render(_ model: JSONDocument, context: RenderContext) -> String {
        if context.compactsJSON || context.writesData { return jsonText(model, context: context) }
        var view = JSONView(context: context)
        return view.render(model.value)
    }

    public func write(_ model: JSONDocument, context: RenderContext, to sink: RenderSink) {
        if context.compactsJSON || context.writesData { return sink.write(jsonText(model, context: context)) }
        var view = JSONView(context: context)
        view.write(model.value, to: sink)
    }

    /// `-c` in the text output, and data on a pipe: the document as `--output json` writes it
    /// (as `jq -c` does with `--compact-output`), coloured as jq colours it where styling is
    /// allowed; whole, since a list cut at `--max-items` would be no JSON. Safe for a terminal
    /// as `JSONWriter` writes it.
    private func jsonText(_ model: JSONDocument, context: RenderContext) -> String {
        let text = renderJSON(model, context: context) + "\n"
        return context.allowsStyling ? JSONColorizer.colored(text) : text
    }

    /// For a top-level array: each element's first line in `render`'s text, which comes with them from one render, after the
    /// opening `[`; elements past `maxItems` are not shown. nil for any other document.
    public func renderItems(_ model: JSONDocument, context: RenderContext) -> RenderedItems? {
        guard case .array = model.value, !context.writesData else { return nil }
        return ItemLineRecorder.record { recorder in
            var view = JSONView(context: context)
            view.recorder = recorder
            view.write(model.value, to: recorder.sink)
        }
    }

    /// For a top-level array: the element's top-level scalar fields, none when it is not an
    /// object. nil for any other document.
    public func itemFields(_ model: JSONDocument, at index: Int) -> [String: String]? {
        guard case .array(let items) = model.value else { return nil }
        return items.itemFields(at: index)
    }

    public func renderJSON(_ model: JSONDocument, context: RenderContext) -> String {
        let writer = JSONWriter(context: context)
        if model.isSequence, case .array(let values) = model.value { return writer.write(lines: values) }
        return writer.write(model.value)
    }

    public func writeJSON(_ model: JSONDocument, context: RenderContext, to sink: RenderSink) {
        guard !model.isSequence else { return sink.write(renderJSON(model, context: context)) }
        JSONWriter(context: context).write(model.value, to: sink)
    }

    /// An object's worth of keys and values.
    public func skeleton(context: RenderContext) -> String {
        "{\n" + (0..<6).map { row in
            Skeleton.bars([Skeleton.fraction(row, from: 0.3, to: 0.7)], indent: 2, context: context)
        }.joined() + "}\n"
    }
}
