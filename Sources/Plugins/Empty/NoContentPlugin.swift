public import Loader

/// The empty state: a successful response with no body is no plugin's to decode, and it is
/// not a failure either. The loader offers every empty body to this plugin before the one the
/// source names (see `PluginRegistry.emptyBodyDecoder`), so `--source posts` against a 204
/// says `posts: no content (204)` and exits 0.
public struct NoContentPlugin: ContentPlugin {
    /// The name it goes by in the table, for the loader to find it there.
    public static let pluginName = "empty"
    public let name = NoContentPlugin.pluginName
    /// None: it asks for no media type, so `Accept` is left to the others.
    public let mediaTypes: [String] = []
    public let summary = "nothing: says no content (204) on stderr, null as JSON"
    public let takes = "a success with no body (204, or an empty 200)"

    public init() {}

    /// An empty body from a server only. An empty file or standard input stays an error: it is
    /// more often a pipeline whose first command failed (`curl -s … | loadrun --url -`) than
    /// an answer that there is nothing.
    public func accepts(_ body: [UInt8], response: ResponseInfo) -> Bool {
        body.isEmpty && Self.isFromServer(response)
    }

    public func decode(_ body: [UInt8], response: ResponseInfo) throws(DecodeFailure) -> NoContent {
        guard body.isEmpty else {
            throw DecodeFailure("has a body of \(ByteCount.format(body.count)), and the empty plugin takes only responses with none",
                                suggestion: "leave the plugin out, or name another")
        }
        // Named by hand for a file: its 200 is a stand-in that no server sent, so no status.
        return NoContent(status: Self.isFromServer(response) ? response.status : nil)
    }

    private static func isFromServer(_ response: ResponseInfo) -> Bool {
        URLParts.scheme(of: response.url)?.hasPrefix("http") == true
    }

    /// Nothing on stdout: stdout carries content only, and the state line goes to stderr.
    public func render(_ model: NoContent, context: RenderContext) -> String { "" }

    public func emptyState(_ model: NoContent) -> String? { model.stateLine }

    /// `null`: a JSON document for every source, so that several sources stay one a line.
    public func renderJSON(_ model: NoContent, context: RenderContext) -> String { "null" }
}
