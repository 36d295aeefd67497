import Loader
import Store
import Plugins

/// A version from the history decoded again by the plugin that took it (its jq program run
/// again, when one made it), or by the plugin the table chooses when that one is gone.
enum StoredVersionDecoding {
    enum Problem: Error, Equatable {
        case tooLarge(size: Int)
        case programBroken
        case noLongerDecodes(plugin: String)

        /// What follows `version 3 of posts` in a message.
        var words: String {
            switch self {
            case .tooLarge(let size):
                "(\(ByteCount.format(size))) was larger than the \(ByteCount.format(HistoryStore.largestKept)) a version keeps the content of"
            case .programBroken: "went through a jq program that no longer compiles"
            case .noLongerDecodes(let plugin): "no longer decodes as \(plugin)"
            }
        }
    }

    /// The content, and the plugin table that renders it (with jq's view when a program made it).
    static func decode(_ stored: HistoryStore.StoredVersion, plugins: PluginRegistry) -> Result<(content: AnyContent, plugins: PluginRegistry), Problem> {
        guard let body = stored.body else { return .failure(.tooLarge(size: stored.version.size)) }
        var registry = plugins
        var headers = HTTPHeaders()
        if let type = stored.contentType { headers.add(name: "Content-Type", value: type) }
        let info = ResponseInfo(url: stored.url, headers: headers)
        let decoder: AnyContentDecoder?
        if let text = stored.program {
            guard let program = try? JQProgram(text) else { return .failure(.programBroken) }
            decoder = AnyContentDecoder(JQPlugin(program: program))
            registry.register(Plugin(decoder: AnyContentDecoder(JQPlugin(program: program)), renderer: JQPlugin.renderer))
        } else {
            decoder = try? plugins.plugin(named: stored.plugin).decoder
        }
        let result = decoder.map { decoder in Result { () throws(DecodeFailure) in try decoder.decode(body, response: info) } }
            ?? plugins.choose(for: body, response: info)?.decoded
        guard case .success(let content)? = result else { return .failure(.noLongerDecodes(plugin: stored.plugin)) }
        return .success((content, registry))
    }
}
