/// How a source is loaded, as the sources file or the command line sets it. nil: not set here,
/// so a lower layer's setting (then loadrun's default) holds.
package struct LoadSettings: Equatable {
    package var timeout: Duration?
    package var connectTimeout: Duration?
    package var maxSize: Int?
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

    package init(timeout: Duration? = nil, connectTimeout: Duration? = nil, maxSize: Int? = nil, retries: Int? = nil,
                 retryDelay: Duration? = nil, retryMaxTime: Duration? = nil, pages: Int? = nil, pageParameter: String? = nil,
                 perPage: Int? = nil, perPageParameter: String? = nil, followsCrossHostLinks: Bool? = nil,
                 caFile: String? = nil, insecure: Bool? = nil, recordsHistory: Bool? = nil, keep: Int? = nil) {
        self.recordsHistory = recordsHistory
        self.keep = keep
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxSize = maxSize
        self.retries = retries
        self.retryDelay = retryDelay
        self.retryMaxTime = retryMaxTime
        self.pages = pages
        self.pageParameter = pageParameter
        self.perPage = perPage
        self.perPageParameter = perPageParameter
        self.followsCrossHostLinks = followsCrossHostLinks
        self.caFile = caFile
        self.insecure = insecure
    }

    /// Two retries: three attempts in all.
    package static let defaultRetries = 2
    package static let defaultPerPageParameter = "per_page"
    package static let defaultRetryDelay = Duration.seconds(1)
    package static let defaultConnectTimeout = Duration.seconds(10)

    /// `self` with what `top` sets laid over it. A page parameter comes with its own page size:
    /// a `--page-param` on top does not take the file's `per-page` for another parameter.
    package func overlaid(with top: LoadSettings) -> LoadSettings {
        LoadSettings(
            timeout: top.timeout ?? timeout,
            connectTimeout: top.connectTimeout ?? connectTimeout,
            maxSize: top.maxSize ?? maxSize,
            retries: top.retries ?? retries,
            retryDelay: top.retryDelay ?? retryDelay,
            retryMaxTime: top.retryMaxTime ?? retryMaxTime,
            pages: top.pages ?? pages,
            pageParameter: top.pageParameter ?? pageParameter,
            perPage: top.pageParameter != nil ? top.perPage : top.perPage ?? perPage,
            perPageParameter: top.pageParameter != nil ? top.perPageParameter : top.perPageParameter ?? perPageParameter,
            followsCrossHostLinks: top.followsCrossHostLinks ?? followsCrossHostLinks,
            caFile: top.caFile ?? caFile,
            insecure: top.insecure ?? insecure,
            recordsHistory: top.recordsHistory ?? recordsHistory,
            keep: top.keep ?? keep
        )
    }
}
