package import Loader

/// One configured source: a built-in, or a `[source NAME]` group of the sources file. Settings
/// left unset fall back to the command line's options, then to loadrun's defaults.
package struct SourceDefinition: Equatable {
    package var name: String
    /// nil for a built-in on the embedded sample server, at `/<name>`.
    package var url: String?
    /// nil: chosen from each response's Content-Type.
    package var plugin: String?
    /// `jq`: a jq program its JSON goes through, compiled when a run loads it.
    package var jq: String?
    /// The line of the `jq` key, for messages about the program, compiled when a run loads it.
    package var jqLine: Int?
    /// The reload interval in watch mode.
    package var interval: Duration?
    package var headers: [HeaderSetting] = []
    /// The line of the `headers` key, for messages about a header read at run time.
    package var headersLine: Int?
    /// The line of the `cacert` key, for messages about the CA file, read at run time.
    package var caFileLine: Int?
    /// `user` and `netrc`: the user and password sent to its own origin.
    package var credentials = CredentialSettings()
    /// The lines of the `user` and `netrc` keys, for messages about them, read at run time.
    package var userLine: Int?
    package var netrcLine: Int?
    /// `cookies`: sent to its own host, as cookies it had set itself.
    package var cookies: [GivenCookie] = []
    /// Timeouts, size cap, retries and pages.
    package var settings = LoadSettings()
    /// `method` and `data`: what the request sends beyond a GET.
    package var request = RequestSettings()
    /// The line of the `data` key, for messages about a file it names, read at run time.
    package var dataLine: Int?
    /// `detail`: the URL an item of its list opens in the browse view.
    package var detail: DetailTemplate?
    /// `related`: the item's other links, by name, in the file's order.
    package var related: [RelatedTemplate] = []
    package var origin: Origin

    /// Where a source was defined, as `loadrun sources` shows it.
    package enum Origin: Equatable, CustomStringConvertible {
        case builtIn
        case file(path: String, line: Int)
        /// A built-in that the sources file changes.
        case overridden(path: String, line: Int)

        package var description: String {
            switch self {
            case .builtIn: "built-in"
            case .file(let path, let line): "\(path):\(line)"
            case .overridden(let path, let line): "\(path):\(line) (overrides the built-in)"
            }
        }

        /// The sources file it comes from; nil for a built-in.
        package var path: String? {
            switch self {
            case .builtIn: nil
            case .file(let path, _), .overridden(let path, _): path
            }
        }

        /// `path:line: ` for messages about the definition, or nothing for a built-in.
        package var prefix: String { prefix(line: nil) }

        /// `path:line: ` with the line of a key in the definition's group, when known.
        package func prefix(line keyLine: Int?) -> String {
            switch self {
            case .builtIn: ""
            case .file(let path, let line), .overridden(let path, let line): "\(path):\(keyLine ?? line): "
            }
        }
    }

    /// The built-in sources: the embedded sample server's posts, articles and images, each
    /// decoded by the plugin of the same name. A post opens at `/posts/{id}`, with its
    /// comments beside it, as on JSONPlaceholder, whose shape the sample server copies.
    package static let builtIns: [SourceDefinition] = ["posts", "articles", "images"].map { name in
        var definition = SourceDefinition(name: name, plugin: name, origin: .builtIn)
        if name == "posts" {
            // Literals that parse: a failure here is a typo caught by the tests.
            definition.detail = try? DetailTemplate.parse("/posts/{id}").get()
            definition.related = (try? RelatedTemplate.parse("comments:/posts/{id}/comments").get()).map { [$0] } ?? []
        }
        return definition
    }

    /// `self` with what `other` sets laid over it: how a file's group changes a built-in.
    package func overlaid(with other: SourceDefinition) -> SourceDefinition {
        var result = self
        result.url = other.url ?? url
        result.plugin = other.plugin ?? plugin
        result.interval = other.interval ?? interval
        result.headers = other.headers.isEmpty ? headers : other.headers
        result.headersLine = other.headers.isEmpty ? headersLine : other.headersLine
        result.caFileLine = other.settings.caFile == nil ? caFileLine : other.caFileLine
        result.settings = settings.overlaid(with: other.settings)
        result.credentials = credentials.overlaid(with: other.credentials)
        result.userLine = other.credentials.user != nil ? other.userLine : userLine
        result.netrcLine = other.credentials.netrc != nil ? other.netrcLine : netrcLine
        result.cookies = GivenCookie.merged(cookies, other.cookies)
        result.request = other.request == RequestSettings() ? request : other.request
        result.dataLine = other.request.hasBody ? other.dataLine : dataLine
        result.detail = other.detail ?? detail
        result.jq = other.jq ?? jq
        result.jqLine = other.jq != nil ? other.jqLine : jqLine
        result.related = other.related.isEmpty ? related : other.related
        if case .file(let path, let line) = other.origin { result.origin = .overridden(path: path, line: line) }
        return result
    }
}
