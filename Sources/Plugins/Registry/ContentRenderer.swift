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
    /// For a list whose items carry their own words (a feed's entries): item `index` as a
    /// page of its own, with no request, as a reader shows an entry before its web page; nil
    /// (the default) for items that are only a row.
    func entry(_ model: Model, at index: Int) -> AnyContent?
    /// Whether its lists' items carry their own words (`entry` gives them): a feed's entries,
    /// whose read state a reader keeps. False, the default, for lists of rows.
    var itemsHaveEntries: Bool { get }
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
    /// Said under an item shown whole because it opens no detail (no URL among its fields and
    /// no `--detail` template), in place of the hint to give one; nil (the default) keeps the
    /// hint, which suits an API's records. A feed's entry with no link is whole as it is.
    var noDetailNote: String? { get }
    /// Whether the model goes out as the server sent it where the context `writesData`, with
    /// no word on the view it would have had: JSON shown in a view chosen from its shape
    /// (written as JSON), bytes (written as they came). False, the default, for content
    /// whose text is what it is (a page, a feed, a text file).
    func goesOutAsData(_ model: Model) -> Bool
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
    public func entry(_ model: Model, at index: Int) -> AnyContent? { nil }
    public var itemsHaveEntries: Bool { false }
    public func emptyState(_ model: Model) -> String? { nil }
    public func renderItems(_ model: Model, context: RenderContext) -> RenderedItems? { nil }

    /// For a list: where each item shown starts in `render`'s text (see `renderItems`).
    public func itemLines(_ model: Model, context: RenderContext) -> [Int]? { renderItems(model, context: context)?.itemLines }
    public func itemFields(_ model: Model, at index: Int) -> [String: String]? { nil }
    public var noDetailNote: String? { nil }
    public func goesOutAsData(_ model: Model) -> Bool { false }
}
