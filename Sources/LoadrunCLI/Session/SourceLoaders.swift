import Loader
import Plugins
import SampleSource
import Plan

/// Where a session's loaders come from, its sources' and its details' alike: each request's
/// URL (the user's `--url`, or the embedded sample server, started on first use and kept for
/// the run), and the `SourceLoader` for it.
final class SourceLoaders {
    private var server: SampleServer?
    private let diagnostics: Diagnostics
    /// How the run's HTTP client is made, once the run starts.
    let clientConfiguration: HTTPClientConfiguration
    /// Fetches every URL a source or a detail loads; set once the run starts.
    var fetcher: URLFetcher?

    init(diagnostics: Diagnostics, client: HTTPClientConfiguration) {
        self.diagnostics = diagnostics
        clientConfiguration = client
    }

    /// The URL to load for `request`, or nil after saying on stderr why there is none.
    func url(for request: SourceRequest) -> String? {
        if let url = request.url { return url }
        do {
            if server == nil {
                let server = SampleServer()
                server.serveSampleContent()
                try server.listen(port: 0)
                self.server = server
            }
            return server?.url(request.samplePath)
        } catch {
            diagnostics.say("\(request.sourceName): cannot start the embedded sample source: \(error) — use --url")
            return nil
        }
    }

    /// Says on stderr what `request` loads: `posts: http://127.0.0.1:N/posts (embedded sample source)`.
    func announce(_ request: SourceRequest, url: String) {
        let origin = request.url == nil ? " (embedded sample source)" : url == "-" ? " (standard input)" : ""
        diagnostics.say("\(request.sourceName): \(url)\(origin)")
    }

    /// A loader for the source `request` describes, at `url`, with its fetch options and retries;
    /// a body-less success goes to the table's empty state whatever its plugin, and what the
    /// source's own plugin refuses is offered to the rest of `plugins`, to say which takes it.
    static func loader(_ request: SourceRequest, url: String, fetcher: any ContentFetcher, loop: EventLoop,
                       plugins: PluginRegistry, fingerprintsContent: Bool = false, handsOnFirstPage: Bool = false,
                       maxStreamItems: Int? = nil) -> SourceLoader {
        var source = Source(name: request.sourceName, url: url, plugin: request.plugin, pageParameter: request.pageParameter,
                            followsCrossHostLinks: request.followsCrossHostLinks, emptyBody: plugins.emptyBodyDecoder,
                            alternatives: plugins.decoders)
        source.fingerprintsContent = fingerprintsContent
        source.handsOnFirstPage = handsOnFirstPage
        source.maxStreamItems = maxStreamItems
        return SourceLoader(source: source, fetcher: fetcher, loop: loop, options: request.options, retryPolicy: request.retryPolicy)
    }
}
