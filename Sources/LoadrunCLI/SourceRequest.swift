internal import Loader
package import Plugins

/// One source as the plan asks for it: where it loads from and how, before the session makes
/// a loader of it.
package struct SourceRequest {
    /// The most pages --all-pages loads, against a server whose next links never end.
    package static let pageLimit = 1000

    var sourceName: String
    /// nil for the embedded sample source, served at `samplePath`.
    var url: String?
    var samplePath: String
    var plugin: PluginSelection
    var options: FetchOptions
    var retryPolicy: RetryPolicy
    var pageParameter: Pagination.PageParameter?
    var followsCrossHostLinks: Bool
    /// Pages to load: 1, N from --pages, or `pageLimit` for --all-pages.
    var pages: Int
    /// The source's own reload interval in watch mode, from the sources file.
    var interval: Duration?
}

/// How images are drawn, as the user asked.
package struct ImageOptions {
    package var format: ImageFormat?
    package var size: RenderContext.CellSize?

    package init(format: ImageFormat?, size: RenderContext.CellSize?) {
        self.format = format
        self.size = size
    }
}
