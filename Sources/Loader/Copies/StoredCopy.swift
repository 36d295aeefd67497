/// The last good response to one request, as the copy store keeps it between runs.
public struct StoredCopy: Sendable, Equatable {
    /// The response as it was stored: status 200, the headers plugins read, the decoded body.
    public var response: HTTPResponse
    /// When it was stored (a 200), in seconds since the Unix epoch.
    public var storedAt: Int
    /// When the server last said it was current (a 200 or a 304), in seconds since the epoch.
    public var verifiedAt: Int

    package init(response: HTTPResponse, storedAt: Int, verifiedAt: Int) {
        self.response = response
        self.storedAt = storedAt
        self.verifiedAt = verifiedAt
    }

    /// What a conditional request for it sends.
    public var validators: CacheValidators? { response.info.validators }

    /// The response headers a copy keeps: those the plugins and paging read, and the
    /// validators. Not `Set-Cookie`, not the wire's framing.
    package static let keptHeaders = ["Content-Type", "ETag", "Last-Modified", "Link", "X-Total-Count", "Content-Language"]
}
