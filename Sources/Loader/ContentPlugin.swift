/// What a renderer knows about where its text will go.
public struct RenderContext: Sendable, Equatable {
    /// Columns available for each line.
    public var width: Int
    /// Whether styling escapes (bold, dim) may be used: a terminal that wants colour.
    public var allowsStyling: Bool

    public init(width: Int = 80, allowsStyling: Bool = false) {
        self.width = max(width, 20)
        self.allowsStyling = allowsStyling
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

    func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> Model
    /// Renders the model as lines of text. Every string that came from the network must be
    /// sanitised on its way in here.
    func render(_ model: Model, context: RenderContext) -> String
}

/// Decoded content whose type only its plugin knows: the terminal's `AnyRemoteContent`.
public struct AnyContent {
    /// The plugin that decoded it.
    public let pluginName: String
    /// The decoded model.
    public let model: Any
    private let renderer: (RenderContext) -> String

    public init<Plugin: ContentPlugin>(_ model: Plugin.Model, plugin: Plugin) {
        pluginName = plugin.name
        self.model = model
        renderer = { plugin.render(model, context: $0) }
    }

    public func render(_ context: RenderContext) -> String { renderer(context) }
}

/// A plugin with its model type erased, as a registry holds it.
public struct AnyContentPlugin {
    public let name: String
    public let mediaTypes: [String]
    public let summary: String
    private let decoder: ([UInt8], ResponseInfo) throws(DecodeFailure) -> AnyContent

    public init<Plugin: ContentPlugin>(_ plugin: Plugin) {
        name = plugin.name
        mediaTypes = plugin.mediaTypes
        summary = plugin.summary
        decoder = { (body, response) throws(DecodeFailure) in
            AnyContent(try plugin.decode(body, response: response), plugin: plugin)
        }
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> AnyContent {
        try decoder(body, response)
    }

    /// Whether this plugin declares `mediaType`, directly or through a `type/*` wildcard.
    public func accepts(mediaType: String) -> Bool {
        let type = mediaType.lowercased()
        return mediaTypes.contains { declared in
            if declared.hasSuffix("/*") { return type.hasPrefix(declared.dropLast()) }
            return declared == type
        }
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

    /// The first plugin that declares `mediaType`.
    public func plugin(accepting mediaType: String) -> AnyContentPlugin? {
        plugins.first { $0.accepts(mediaType: mediaType) }
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
