/// How a source is loaded, as the sources file or the command line sets it. nil: not set here,
/// so a lower layer's setting (then loadrun's default) holds.
package struct LoadSettings: Equatable {
    var timeout: Duration?
    var connectTimeout: Duration?
    var maxSize: Int?
    var attempts: Int?
    var retryDelay: Duration?
    var retryMaxTime: Duration?
    /// Pages to load; `SourceRequest.pageLimit` for all of them.
    var pages: Int?
    var pageParameter: String?
    var perPage: Int?
    var followsCrossHostLinks: Bool?

    package init(timeout: Duration? = nil, connectTimeout: Duration? = nil, maxSize: Int? = nil, attempts: Int? = nil,
                 retryDelay: Duration? = nil, retryMaxTime: Duration? = nil, pages: Int? = nil, pageParameter: String? = nil,
                 perPage: Int? = nil, followsCrossHostLinks: Bool? = nil) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxSize = maxSize
        self.attempts = attempts
        self.retryDelay = retryDelay
        self.retryMaxTime = retryMaxTime
        self.pages = pages
        self.pageParameter = pageParameter
        self.perPage = perPage
        self.followsCrossHostLinks = followsCrossHostLinks
    }

    static let defaultAttempts = 3
    static let defaultRetryDelay = Duration.seconds(1)
    static let defaultConnectTimeout = Duration.seconds(10)

    /// `self` with what `top` sets laid over it. A page parameter comes with its own page size:
    /// a `--page-param` on top does not take the file's `per-page` for another parameter.
    func overlaid(with top: LoadSettings) -> LoadSettings {
        LoadSettings(
            timeout: top.timeout ?? timeout,
            connectTimeout: top.connectTimeout ?? connectTimeout,
            maxSize: top.maxSize ?? maxSize,
            attempts: top.attempts ?? attempts,
            retryDelay: top.retryDelay ?? retryDelay,
            retryMaxTime: top.retryMaxTime ?? retryMaxTime,
            pages: top.pages ?? pages,
            pageParameter: top.pageParameter ?? pageParameter,
            perPage: top.pageParameter != nil ? top.perPage : top.perPage ?? perPage,
            followsCrossHostLinks: top.followsCrossHostLinks ?? followsCrossHostLinks
        )
    }
}
