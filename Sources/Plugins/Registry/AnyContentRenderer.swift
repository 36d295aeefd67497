public import Loader

/// A renderer with its model type erased: it renders the `AnyContent` its decoder made.
public struct AnyContentRenderer {
    private let renderer: (Any, RenderContext) -> String
    private let jsonRenderer: (Any, RenderContext) -> String
    private let skeletonRenderer: (RenderContext) -> String
    private let linker: (Any) -> [String]
    private let entryMaker: (Any, Int) -> AnyContent?
    private let writer: (Any, RenderContext, RenderSink) -> Void
    private let jsonWriter: (Any, RenderContext, RenderSink) -> Void
    private let emptyStater: (Any) -> String?
    private let jsonData: (Any) -> Bool
    private let itemRenderer: (Any, RenderContext) -> RenderedItems?
    private let itemFielder: (Any, Int) -> [String: String]?
    /// See `ContentRenderer.noDetailNote`.
    public let noDetailNote: String?
    /// See `ContentRenderer.itemsHaveEntries`.
    public let itemsHaveEntries: Bool

    public init<Renderer: ContentRenderer>(_ renderer: Renderer) {
        self.renderer = { renderer.render(Self.model($0), context: $1) }
        jsonRenderer = { renderer.renderJSON(Self.model($0), context: $1) }
        skeletonRenderer = { renderer.skeleton(context: $0) }
        linker = { renderer.links(Self.model($0)) }
        entryMaker = { renderer.entry(Self.model($0), at: $1) }
        writer = { renderer.write(Self.model($0), context: $1, to: $2) }
        jsonWriter = { renderer.writeJSON(Self.model($0), context: $1, to: $2) }
        emptyStater = { renderer.emptyState(Self.model($0)) }
        jsonData = { renderer.goesOutAsData(Self.model($0)) }
        itemRenderer = { renderer.renderItems(Self.model($0), context: $1) }
        itemFielder = { renderer.itemFields(Self.model($0), at: $1) }
        noDetailNote = renderer.noDetailNote
        itemsHaveEntries = renderer.itemsHaveEntries
    }

    public func render(_ content: AnyContent, context: RenderContext) -> String { renderer(content.model, context) }

    /// The model as JSON, without a trailing newline.
    public func renderJSON(_ content: AnyContent, context: RenderContext) -> String { jsonRenderer(content.model, context) }

    /// Writes what `render` gives into `sink`, in pieces where the renderer makes them.
    public func write(_ content: AnyContent, context: RenderContext, to sink: RenderSink) {
        writer(content.model, context, sink)
    }

    /// Writes what `renderJSON` gives into `sink`, in pieces where the renderer makes them.
    public func writeJSON(_ content: AnyContent, context: RenderContext, to sink: RenderSink) {
        jsonWriter(content.model, context, sink)
    }

    /// The renderer's own state line for content with nothing to show, if it has one.
    public func emptyState(_ content: AnyContent) -> String? { emptyStater(content.model) }

    /// See `ContentRenderer.goesOutAsData`.
    public func goesOutAsData(_ content: AnyContent) -> Bool { jsonData(content.model) }

    /// For a list: `render`'s text and the line each item shown starts on, from one render;
    /// nil for content that is not a list.
    public func renderItems(_ content: AnyContent, context: RenderContext) -> RenderedItems? { itemRenderer(content.model, context) }

    /// For a list: item `index`'s top-level scalar fields as text; nil for content that is not a
    /// list, or an index out of its range.
    public func itemFields(_ content: AnyContent, at index: Int) -> [String: String]? { itemFielder(content.model, index) }

    /// The loading skeleton for `context`, or "" for none.
    public func skeleton(context: RenderContext) -> String { skeletonRenderer(context) }

    /// The URLs `content`'s text numbers (`[L1]` is the first); none for most content.
    public func links(_ content: AnyContent) -> [String] { linker(content.model) }

    /// Item `index` of a list whose items carry their own words, as a page (see
    /// `ContentRenderer.entry`); nil for other content.
    public func entry(_ content: AnyContent, at index: Int) -> AnyContent? { entryMaker(content.model, index) }

    /// The table pairs each renderer with the decoder of its model, by name: any other model
    /// here is a broken table, not bad input.
    private static func model<Model>(_ model: Any) -> Model {
        guard let model = model as? Model else { preconditionFailure("a renderer was given another plugin's model") }
        return model
    }
}
