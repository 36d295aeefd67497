/// How a source is loaded, as the sources file or the command line sets it. nil: not set here,
/// so a lower layer's setting (then loadrun's default) holds.
package struct LoadSettings: Equatable {
    package var timeout: Duration?
    package var connectTimeout: Duration?
    package var maxSize: Int?
    /// The most redirects a request follows (`--max-redirs`).
    package var maxRedirects: Int?
    /// Retries after the first attempt, as curl's `--retry` counts them.
    package var retries: Int?
    package var retryDelay: Duration?
    package var retryMaxTime: Duration?
    /// Pages to load; `SourceRequest.pageLimit` for all of them.
    package var pages: Int?
    package var pageParameter: String?
    package var perPage: Int?
    /// The query parameter that carries `perPage`: `per_page` unless set (`_limit` for json-server).
    package var perPageParameter: String?
    package var followsCrossHostLinks: Bool?
    /// A PEM file of CAs to trust for this source, besides the system's.
    package var caFile: String?
    /// Whether any certificate is accepted (with a warning per host).
    package var insecure: Bool?
    /// Whether its loads are recorded in the history (`--no-history`, `history=no`).
    package var recordsHistory: Bool?
    /// How many versions of it the history keeps (`--keep`, `keep=`).
    package var keep: Int?

    /// Nothing set, then what `set` sets: `LoadSettings { $0.retries = 3 }`.
    package init(_ set: (inout LoadSettings) -> Void = { _ in }) {
        set(&self)
    }

    /// Two retries: three attempts in all.
    package static let defaultRetries = 2
    package static let defaultPerPageParameter = "per_page"
    package static let defaultRetryDelay = Duration.seconds(1)
    package static let defaultConnectTimeout = Duration.seconds(10)

    /// `self` with what `top` sets laid over it. A page parameter comes with its own page size:
    /// a `--page-param` on top does not take the file's `per-page` for another parameter.
    package func overlaid(with top: LoadSettings) -> LoadSettings {
        var merged = self
        for layer in Self.layered { layer(&merged, top) }
        if top.pageParameter != nil {
            merged.perPage = top.perPage
            merged.perPageParameter = top.perPageParameter
        }
        return merged
    }

    /// Every setting above, each laid over by `top`'s when `top` sets it: a new setting is
    /// declared above and named here, and a test checks that none is left out.
    package static let layered: [@Sendable (inout LoadSettings, LoadSettings) -> Void] =
        [layer(\.timeout), layer(\.connectTimeout), layer(\.maxSize), layer(\.maxRedirects), layer(\.retries), layer(\.retryDelay),
         layer(\.retryMaxTime), layer(\.pages), layer(\.pageParameter), layer(\.perPage), layer(\.perPageParameter),
         layer(\.followsCrossHostLinks), layer(\.caFile), layer(\.insecure), layer(\.recordsHistory), layer(\.keep)]

    private static func layer<Value>(_ setting: any WritableKeyPath<LoadSettings, Value?> & Sendable)
        -> @Sendable (inout LoadSettings, LoadSettings) -> Void {
        { merged, top in if let value = top[keyPath: setting] { merged[keyPath: setting] = value } }
    }
}
