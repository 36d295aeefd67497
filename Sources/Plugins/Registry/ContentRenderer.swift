public import Loader

/// The rendering half of a content plugin: it turns a decoded model into terminal text or
/// JSON. Every string that came from the network must be made safe on its way out.
public protocol ContentRenderer {
    associatedtype Model

    /// Renders the model as lines of text.
    func render(_ model: Model, context: RenderContext) -> String
    /// The model as JSON for scripts and jq: what the server sent where the model keeps it,
    /// keys sorted when the context says so.
    func renderJSON(_ model: Model, context: RenderContext) -> String
    /// A dimmed skeleton of what `render` will draw, shown on a terminal while the content
    /// loads (SwiftUI's redacted placeholder). Empty for none, the default.
    func skeleton(context: RenderContext) -> String
    /// The URLs a page's text numbers (`[L1]` is the first), to open by their number; none
    /// (the default) for content that numbers no links.
    func links(_ model: Model) -> [String]
    /// Writes what `render` gives into `sink`, as it goes. A renderer of big models writes
    /// here and builds `render` on it; the default writes `render`'s text whole.
    func write(_ model: Model, context: RenderContext, to sink: RenderSink)
    /// Writes what `renderJSON` gives into `sink`, as it goes; the default writes it whole.
    func writeJSON(_ model: Model, context: RenderContext, to sink: RenderSink)
    /// The state line that stands in for a model with nothing to show (`no content (204)`),
    /// said on stderr or in the view's place; nil (the default) leaves the front end to say
    /// `no <plugin>` when the text comes out empty.
    func emptyState(_ model: Model) -> String?
    /// For a list: what `render(model, context:)` gives, and the index of each item's first
    /// line in it, in item order, one entry per item shown (items cut by the context's
    /// `maxItems` are not listed), from one render. nil for content that is not a list of items.
    func renderItems(_ model: Model, context: RenderContext) -> RenderedItems?
    /// For a list: the item's fields as text, for detail URL templates: each top-level scalar member
    /// (string as is, number as its literal, true/false; null and nested values left out), keyed by
    /// the member's name as the server sent it. nil when the content is not a list or `index` is out of range.
    func itemFields(_ model: Model, at index: Int) -> [String: String]?
}

extension ContentRenderer {
    public func skeleton(context: RenderContext) -> String { "" }
    public func write(_ model: Model, context: RenderContext, to sink: RenderSink) {
        sink.write(render(model, context: context))
    }
    public func writeJSON(_ model: Model, context: RenderContext, to sink: RenderSink) {
        sink.write(renderJSON(model, context: context))
    }
    public func links(_ model: Model) -> [String] { [] }
    public func emptyState(_ model: Model) -> String? { nil }
    public func renderItems(_ model: Model, context: RenderContext) -> RenderedItems? { nil }

    /// For a list: where each item shown starts in `render`'s text (see `renderItems`).
    public func itemLines(_ model: Model, context: RenderContext) -> [Int]? { renderItems(model, context: context)?.itemLines }
    public func itemFields(_ model: Model, at index: Int) -> [String: String]? { nil }
}

/// A list as rendered for browsing: the text `render` gives, and the line each item starts on.
public struct RenderedItems: Equatable, Sendable {
    public var text: String
    public var itemLines: [Int]
    /// The line the last item ends on (what follows belongs to no item); nil for the end of
    /// the text.
    public var end: Int?

    public init(text: String, itemLines: [Int], end: Int? = nil) {
        self.text = text
        self.itemLines = itemLines
        self.end = end
    }
}

/// A plugin that decodes and renders one model in one type, as the built-ins do.
public protocol ContentPlugin: ContentDecoder, ContentRenderer {}

/// A renderer with its model type erased: it renders the `AnyContent` its decoder made.
public struct AnyContentRenderer {
    private let renderer: (Any, RenderContext) -> String
    private let jsonRenderer: (Any, RenderContext) -> String
    private let skeletonRenderer: (RenderContext) -> String
    private let linker: (Any) -> [String]
    private let writer: (Any, RenderContext, RenderSink) -> Void
    private let jsonWriter: (Any, RenderContext, RenderSink) -> Void
    private let emptyStater: (Any) -> String?
    private let itemRenderer: (Any, RenderContext) -> RenderedItems?
    private let itemFielder: (Any, Int) -> [String: String]?

    public init<Renderer: ContentRenderer>(_ renderer: Renderer) {
        self.renderer = { renderer.render(Self.model($0), context: $1) }
        jsonRenderer = { renderer.renderJSON(Self.model($0), context: $1) }
        skeletonRenderer = { renderer.skeleton(context: $0) }
        linker = { renderer.links(Self.model($0)) }
        writer = { renderer.write(Self.model($0), context: $1, to: $2) }
        jsonWriter = { renderer.writeJSON(Self.model($0), context: $1, to: $2) }
        emptyStater = { renderer.emptyState(Self.model($0)) }
        itemRenderer = { renderer.renderItems(Self.model($0), context: $1) }
        itemFielder = { renderer.itemFields(Self.model($0), at: $1) }
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

    /// The table pairs each renderer with the decoder of its model, by name: any other model
    /// here is a broken table, not bad input.
    private static func model<Model>(_ model: Any) -> Model {
        guard let model = model as? Model else { preconditionFailure("a renderer was given another plugin's model") }
        return model
    }
}
