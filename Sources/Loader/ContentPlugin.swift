/// What a renderer knows about where its text will go.
public struct RenderContext: Sendable, Equatable {
    /// A size in terminal cells.
    public struct CellSize: Sendable, Equatable {
        public var columns: Int
        public var rows: Int
        public init(columns: Int, rows: Int) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// Columns available for each line.
    public var width: Int
    /// Rows on the screen, when stdout is a terminal.
    public var height: Int?
    /// Whether styling escapes (bold, dim) may be used: a terminal that wants colour.
    public var allowsStyling: Bool
    /// Whether stdout is a terminal; off one, images print a metadata line instead.
    public var isTerminal: Bool
    /// The environment (TERM, COLORTERM, NO_COLOR, TMUX…), for detecting what the terminal can show.
    public var environment: [String: String]
    /// An image format the user forced (`symbols`, `sixel`, `kitty`, `iterm`), if any.
    public var imageFormat: String?
    /// The most cells an image may take; by default it fits the terminal.
    public var imageSize: CellSize?
    /// Watches for the signals that end a run, so a long render can stop early.
    public var interruption: InterruptProbe?

    public init(width: Int = 80, height: Int? = nil, allowsStyling: Bool = false, isTerminal: Bool = false,
                environment: [String: String] = [:], imageFormat: String? = nil, imageSize: CellSize? = nil,
                interruption: InterruptProbe? = nil) {
        self.width = max(width, 20)
        self.height = height
        self.allowsStyling = allowsStyling
        self.isTerminal = isTerminal
        self.environment = environment
        self.imageFormat = imageFormat
        self.imageSize = imageSize
        self.interruption = interruption
    }

    /// Whether a render should stop now, because a signal arrived that the run must handle.
    /// Renderers ask between items; what they return after a yes is thrown away.
    public func shouldStop() -> Bool {
        interruption?.check() ?? false
    }
}

/// Why a body could not be decoded, in a sentence that names what was expected.
public struct DecodeFailure: Error, Equatable, Sendable {
    public var reason: String
    public var suggestion: String?

    public init(_ reason: String, suggestion: String? = nil) {
        self.reason = reason
        self.suggestion = suggestion
    }
}

/// A content plugin: it turns a response body into a model and the model into terminal text.
///
/// Decoders must reject what does not parse: libsoup hands over truncated chunked bodies and
/// undecodable "gzip" as if they were fine.
public protocol ContentPlugin {
    associatedtype Model

    /// The name users type, as in `--source posts`.
    var name: String { get }
    /// The media types it accepts, such as `application/json` or `image/*`.
    var mediaTypes: [String] { get }
    /// What it shows, for listings.
    var summary: String { get }

    /// Whether this plugin should take a response when nobody named a plugin: posts and
    /// articles are both `application/json` and differ by shape. By default, whether the
    /// response's media type is one of `mediaTypes`.
    func accepts(_ body: [UInt8], response: ResponseInfo) -> Bool

    /// Offers the response when nobody named a plugin: the plugin declines it, or decodes it
    /// once, so that choosing a plugin never decodes a body twice. By default `accepts`
    /// decides, and a body it accepts but cannot decode is a failure.
    func offer(_ body: [UInt8], response: ResponseInfo) -> Offer<Model>

    func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> Model
    /// Renders the model as lines of text. Every string that came from the network must be
    /// sanitised on its way in here.
    func render(_ model: Model, context: RenderContext) -> String
    /// The model as JSON with stable (sorted) keys, for scripts and jq.
    func renderJSON(_ model: Model) -> String
    /// A dimmed skeleton of what `render` will draw, shown on a terminal while the content
    /// loads (SwiftUI's redacted placeholder). Empty for none, the default.
    func skeleton(context: RenderContext) -> String
    /// `next` appended to `existing`, for lists that come in pages; nil (the default) when the
    /// content does not page.
    func merge(_ existing: Model, _ next: Model) -> Model?
    /// How many items a page holds, for lists; an empty page ends paging by page number.
    func itemCount(_ model: Model) -> Int?
    /// Renders `model` with what changed since `previous` marked, item by item: watch mode's
    /// one-cycle highlight. nil (the default) leaves the marking to a diff of the rendered lines.
    func renderChanges(_ model: Model, since previous: Model, context: RenderContext) -> String?
}

/// What a plugin does with a response it is offered.
public enum Offer<Model> {
    /// Not this plugin's: the next one in the table is asked.
    case declined
    /// Taken, and decoded.
    case taken(Model)
    /// Taken, but the body does not decode: the load fails with this.
    case failed(DecodeFailure)
}

extension ContentPlugin {
    public func offer(_ body: [UInt8], response: ResponseInfo) -> Offer<Model> {
        guard accepts(body, response: response) else { return .declined }
        do {
            return .taken(try decode(body, response: response))
        } catch {
            return .failed(error)
        }
    }

    public func skeleton(context: RenderContext) -> String { "" }
    public func merge(_ existing: Model, _ next: Model) -> Model? { nil }
    public func itemCount(_ model: Model) -> Int? { nil }
    public func renderChanges(_ model: Model, since previous: Model, context: RenderContext) -> String? { nil }

    public func accepts(_ body: [UInt8], response: ResponseInfo) -> Bool {
        guard let mediaType = response.mediaType else { return false }
        return MediaType.matches(mediaType, anyOf: mediaTypes)
    }
}

/// Media type matching, with `type/*` wildcards.
public enum MediaType {
    /// Whether `mediaType` is one of `declared`, directly or through a `type/*` wildcard.
    public static func matches(_ mediaType: String, anyOf declared: [String]) -> Bool {
        let type = mediaType.lowercased()
        return declared.contains { pattern in
            if pattern == "*/*" { return true }
            if pattern.hasSuffix("/*") { return type.hasPrefix(pattern.dropLast()) }
            return pattern == type
        }
    }

    /// Whether `mediaType` says JSON: `application/json`, `text/json` or any `+json` type.
    public static func isJSON(_ mediaType: String?) -> Bool {
        guard let type = mediaType?.lowercased() else { return false }
        return type == "application/json" || type == "text/json" || type.hasSuffix("+json")
    }
}

/// Decoded content whose type only its plugin knows: the terminal's `AnyRemoteContent`.
public struct AnyContent {
    /// The plugin that decoded it.
    public let pluginName: String
    /// The decoded model.
    public let model: Any
    /// How many items it holds, for lists.
    public let itemCount: Int?
    private let renderer: (RenderContext) -> String
    private let jsonRenderer: () -> String
    private let merger: (Any) -> AnyContent?
    private let changeRenderer: (Any, RenderContext) -> String?

    public init<Plugin: ContentPlugin>(_ model: Plugin.Model, plugin: Plugin) {
        pluginName = plugin.name
        self.model = model
        itemCount = plugin.itemCount(model)
        renderer = { plugin.render(model, context: $0) }
        jsonRenderer = { plugin.renderJSON(model) }
        merger = { other in
            guard let next = other as? Plugin.Model, let merged = plugin.merge(model, next) else { return nil }
            return AnyContent(merged, plugin: plugin)
        }
        changeRenderer = { previous, context in
            guard let previous = previous as? Plugin.Model else { return nil }
            return plugin.renderChanges(model, since: previous, context: context)
        }
    }

    /// This content rendered with its changes since `previous` marked, when its plugin marks
    /// them item by item; nil otherwise (another plugin's content, or a plugin without items).
    public func renderChanges(since previous: AnyContent, context: RenderContext) -> String? {
        guard previous.pluginName == pluginName else { return nil }
        return changeRenderer(previous.model, context)
    }

    /// This content with `next`'s items appended, when both are pages of the same list.
    public func appending(_ next: AnyContent) -> AnyContent? {
        guard next.pluginName == pluginName else { return nil }
        return merger(next.model)
    }

    public func render(_ context: RenderContext) -> String { renderer(context) }

    /// The model as JSON, without a trailing newline.
    public func renderJSON() -> String { jsonRenderer() }
}

/// A plugin with its model type erased, as a registry holds it.
public struct AnyContentPlugin {
    public let name: String
    public let mediaTypes: [String]
    public let summary: String
    private let decoder: ([UInt8], ResponseInfo) throws(DecodeFailure) -> AnyContent
    private let acceptor: ([UInt8], ResponseInfo) -> Bool
    private let offerer: ([UInt8], ResponseInfo) -> Offer<AnyContent>
    private let skeletonRenderer: (RenderContext) -> String

    public init<Plugin: ContentPlugin>(_ plugin: Plugin) {
        name = plugin.name
        mediaTypes = plugin.mediaTypes
        summary = plugin.summary
        decoder = { (body, response) throws(DecodeFailure) in
            AnyContent(try plugin.decode(body, response: response), plugin: plugin)
        }
        acceptor = { plugin.accepts($0, response: $1) }
        offerer = { body, response in
            switch plugin.offer(body, response: response) {
            case .declined: .declined
            case .taken(let model): .taken(AnyContent(model, plugin: plugin))
            case .failed(let failure): .failed(failure)
            }
        }
        skeletonRenderer = { plugin.skeleton(context: $0) }
    }

    /// The plugin's loading skeleton for `context`, or "" for none.
    public func skeleton(context: RenderContext) -> String {
        skeletonRenderer(context)
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> AnyContent {
        try decoder(body, response)
    }

    /// Whether this plugin takes the response when nobody named a plugin.
    public func accepts(_ body: [UInt8], response: ResponseInfo) -> Bool {
        acceptor(body, response)
    }

    /// The response offered to this plugin: declined, or decoded once.
    public func offer(_ body: [UInt8], response: ResponseInfo) -> Offer<AnyContent> {
        offerer(body, response)
    }

    /// The `Accept` header this plugin's requests send.
    public var acceptHeader: String { mediaTypes.joined(separator: ", ") }
}

/// The plugin table: one entry per plugin, injected where it is used, never a global.
public struct PluginRegistry {
    public private(set) var plugins: [AnyContentPlugin]

    public init(_ plugins: [AnyContentPlugin] = []) { self.plugins = plugins }

    public mutating func register<Plugin: ContentPlugin>(_ plugin: Plugin) {
        plugins.removeAll { $0.name == plugin.name }
        plugins.append(AnyContentPlugin(plugin))
    }

    public var names: [String] { plugins.map(\.name) }

    /// The plugin called `name`, or an error that lists the ones there are.
    public func plugin(named name: String) throws(UnknownPlugin) -> AnyContentPlugin {
        guard let plugin = plugins.first(where: { $0.name == name }) else {
            throw UnknownPlugin(name: name, known: names)
        }
        return plugin
    }

    /// The first plugin that takes this response, and what its one decode gave.
    public func choose(for body: [UInt8], response: ResponseInfo) -> (plugin: AnyContentPlugin, decoded: Result<AnyContent, DecodeFailure>)? {
        for plugin in plugins {
            switch plugin.offer(body, response: response) {
            case .declined: continue
            case .taken(let content): return (plugin, .success(content))
            case .failed(let failure): return (plugin, .failure(failure))
            }
        }
        return nil
    }

    /// The first plugin that takes this response.
    public func plugin(for body: [UInt8], response: ResponseInfo) -> AnyContentPlugin? {
        choose(for: body, response: response)?.plugin
    }

    /// The `Accept` header for a request that any of these plugins may decode.
    public var acceptHeader: String {
        var seen = Set<String>()
        return plugins.flatMap(\.mediaTypes).filter { seen.insert($0).inserted }.joined(separator: ", ")
    }
}

/// A plugin name that is not in the table.
public struct UnknownPlugin: Error, Equatable, Sendable, CustomStringConvertible {
    public var name: String
    public var known: [String]

    public var description: String {
        "no plugin named \"\(name)\"; known: \(known.joined(separator: ", "))"
    }
}
