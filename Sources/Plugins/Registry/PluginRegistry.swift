public import Loader

/// The plugin table: one entry per plugin, in the order they are offered a response, injected
/// where it is used, never a global. Loads see only its decoders; presenters find a content's
/// renderer here by the name of the plugin that decoded it.
public struct PluginRegistry {
    public private(set) var plugins: [Plugin] {
        didSet {
            decoders = plugins.map(\.decoder)
            acceptHeader = decoders.acceptHeader
        }
    }
    /// Every decoder, in order: what a source that picks by response is offered. Kept, not
    /// mapped on each ask: every one of a run's 10,000 sources asks.
    public private(set) var decoders: [AnyContentDecoder]

    public init(_ plugins: [Plugin] = []) {
        self.plugins = plugins
        decoders = plugins.map(\.decoder)
        acceptHeader = decoders.acceptHeader
    }

    /// The `Accept` header for a request that any of these plugins may decode. Kept, as
    /// `decoders` is: worked out anew, it was 18 K instructions for each source.
    public private(set) var acceptHeader: String

    public mutating func register(_ plugin: Plugin) {
        plugins.removeAll { $0.name == plugin.name }
        plugins.append(plugin)
    }

    public var names: [String] { plugins.map(\.name) }

    /// The plugin called `name`, or an error that lists the ones there are.
    public func plugin(named name: String) throws(UnknownPlugin) -> Plugin {
        guard let plugin = plugins.first(where: { $0.name == name }) else {
            throw UnknownPlugin(name: name, known: names)
        }
        return plugin
    }

    /// The first plugin that takes this response, and what its one decode gave.
    public func choose(for body: [UInt8], response: ResponseInfo) -> (decoder: AnyContentDecoder, decoded: Result<AnyContent, DecodeFailure>)? {
        decoders.choose(for: body, response: response)
    }

    /// The name of the first plugin that takes this response.
    public func plugin(for body: [UInt8], response: ResponseInfo) -> String? {
        choose(for: body, response: response)?.decoder.name
    }

    /// The decoder a success with no body goes to before any other, whatever plugin the source
    /// names: nothing is there for that plugin to decode, so it is the empty state, not an error.
    public var emptyBodyDecoder: AnyContentDecoder? {
        plugins.first { $0.name == NoContentPlugin.pluginName }?.decoder
    }

    // MARK: Rendering what a decoder made

    /// The renderer of `content`'s model: the one paired with the decoder that made it.
    public func renderer(for content: AnyContent) -> AnyContentRenderer {
        guard let plugin = plugins.first(where: { $0.name == content.pluginName }) else {
            preconditionFailure("content from \(content.pluginName), a plugin not in the table")
        }
        return plugin.renderer
    }

    public func render(_ content: AnyContent, context: RenderContext) -> String {
        renderer(for: content).render(content, context: context)
    }

    /// The content as JSON, without a trailing newline.
    public func renderJSON(_ content: AnyContent, context: RenderContext) -> String {
        renderer(for: content).renderJSON(content, context: context)
    }

    /// Writes the content's text into `sink` as it is made: a one-shot run's stdout.
    public func write(_ content: AnyContent, context: RenderContext, to sink: RenderSink) {
        renderer(for: content).write(content, context: context, to: sink)
    }

    /// Writes the content as JSON into `sink` as it is made, without a trailing newline.
    public func writeJSON(_ content: AnyContent, context: RenderContext, to sink: RenderSink) {
        renderer(for: content).writeJSON(content, context: context, to: sink)
    }

    /// Whether `content` is JSON shown in a view chosen from its shape (see `ContentRenderer.goesOutAsData`).
    public func goesOutAsData(_ content: AnyContent) -> Bool {
        renderer(for: content).goesOutAsData(content)
    }

    /// The state line that stands in for `content` when it has nothing to show (`no content
    /// (204)`), when its renderer has one of its own.
    public func emptyState(of content: AnyContent) -> String? {
        renderer(for: content).emptyState(content)
    }

    /// What is said under an item of `content` that opens no detail, when its renderer says
    /// more fitting than the hint to give `--detail` (see `ContentRenderer.noDetailNote`).
    public func noDetailNote(of content: AnyContent) -> String? {
        renderer(for: content).noDetailNote
    }

    /// For a list: the text of `render(content, context:)` and where each item shown starts in
    /// it, for browse mode's selection, from one render; nil for content that is not a list.
    public func renderItems(of content: AnyContent, context: RenderContext) -> RenderedItems? {
        renderer(for: content).renderItems(content, context: context)
    }

    /// For a list: where each item shown starts among the lines of `render(content, context:)`.
    public func itemLines(of content: AnyContent, context: RenderContext) -> [Int]? {
        renderItems(of: content, context: context)?.itemLines
    }

    /// For a list: item `index`'s top-level scalar fields as text, to fill a detail URL
    /// template such as `/posts/{id}`; nil for content that is not a list, or an index out of range.
    public func itemFields(of content: AnyContent, at index: Int) -> [String: String]? {
        renderer(for: content).itemFields(content, at: index)
    }

    /// The URLs `content`'s text numbers (`[L1]` is the first), to open by their number.
    public func links(of content: AnyContent) -> [String] {
        renderer(for: content).links(content)
    }

    /// Whether `content`'s items carry their own words (a feed's entries), without making one.
    public func hasEntries(_ content: AnyContent) -> Bool {
        renderer(for: content).itemsHaveEntries
    }

    /// Item `index` of `content` as a page of its own words, when its items carry them (a
    /// feed's entries); nil otherwise.
    public func entry(of content: AnyContent, at index: Int) -> AnyContent? {
        renderer(for: content).entry(content, at: index)
    }

    /// The skeleton to show while a source loads: its plugin's, or none while the plugin is
    /// still unknown.
    public func skeleton(for selection: PluginSelection, context: RenderContext) -> String {
        guard case .fixed(let decoder) = selection, let plugin = plugins.first(where: { $0.name == decoder.name }) else { return "" }
        return plugin.renderer.skeleton(context: context)
    }
}
