public import Loader

/// One entry of the plugin table: a decoder and the renderer of its model, under one name.
public struct Plugin {
    public let decoder: AnyContentDecoder
    public let renderer: AnyContentRenderer

    public init<Decoder: ContentDecoder, Renderer: ContentRenderer>(decoder: Decoder, renderer: Renderer)
    where Decoder.Model == Renderer.Model {
        self.decoder = AnyContentDecoder(decoder)
        self.renderer = AnyContentRenderer(renderer)
    }

    /// A plugin from a decoder and a renderer already erased: one of the decoders a run made
    /// for its sources (a jq program's), with the renderer of what they make.
    public init(decoder: AnyContentDecoder, renderer: AnyContentRenderer) {
        self.decoder = decoder
        self.renderer = renderer
    }

    /// A plugin that is its own decoder and renderer.
    public init<Both: ContentPlugin>(_ plugin: Both) {
        self.init(decoder: plugin, renderer: plugin)
    }

    /// A plugin that is its own decoder and renderer, and taps bodies as they arrive.
    public init<Both: ContentPlugin & BodyTappingDecoder>(_ plugin: Both) {
        self.init(decoder: AnyContentDecoder(plugin), renderer: AnyContentRenderer(plugin))
    }

    public var name: String { decoder.name }
    public var mediaTypes: [String] { decoder.mediaTypes }
    public var summary: String { decoder.summary }
    public var takes: String { decoder.takes }
}
