package import Loader
import Plugins

/// One source as the plan asks for it: where it loads from and how, before the session makes
/// a loader of it.
package struct SourceRequest {
    /// The most pages --all-pages loads, against a server whose next links never end.
    package static let pageLimit = 1000

    package var sourceName: String
    /// nil for the embedded sample source, served at `samplePath`.
    package var url: String?
    package var samplePath: String
    package var plugin: PluginSelection
    package var options: FetchOptions
    package var retryPolicy: RetryPolicy
    package var pageParameter: Pagination.PageParameter?
    package var followsCrossHostLinks: Bool
    /// Pages to load: 1, N from --pages, or `pageLimit` for --all-pages.
    package var pages: Int
    /// The source's own reload interval in watch mode, from the sources file.
    package var interval: Duration?
    /// Where an item of its list leads in the browse view: `--detail`'s template, else the
    /// sources file's or the built-in's `detail`. nil: an item leads to its own http(s) URL
    /// when it has one (`DetailTemplate.link(in:)`), else nowhere. Resolved against `url`, or
    /// against the embedded sample server's URL of `samplePath` when `url` is nil.
    package var detail: DetailTemplate?
    /// The item's other links shown beside its detail (its comments, say), from the sources
    /// file or the built-in; none for a source given by `--url` alone.
    package var related: [RelatedTemplate] = []
    /// Whether retries were asked for and are not made: the method is not idempotent, and
    /// `--retry-all-errors` was not given.
    package var retriesWithheld = false
    /// How many versions of it the history keeps; nil when its loads are not recorded.
    package var historyKeep: Int?
    /// The jq program its JSON goes through, as written: the history keeps it with each
    /// version, to show the version again.
    package var jqProgram: String?
}

extension SourceRequest {
    /// The decoder of the jq program its JSON goes through, if it has one.
    package var jqDecoder: AnyContentDecoder? {
        guard case .fixed(let decoder) = plugin, decoder.name == JQPlugin.pluginName else { return nil }
        return decoder
    }
}
