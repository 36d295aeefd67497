extension ServerExchange {
    /// Answers 200 with `body` and a strong ETag, or `304 Not Modified` with no body when the
    /// request's `If-None-Match` names that ETag (or `*`).
    public func respondCacheable(contentType: String, body: [UInt8]) {
        let etag = ETag.strong(for: body)
        setHeader("ETag", etag)
        if let asked = requestHeader("If-None-Match"), ETag.matches(asked, etag) {
            respond(status: 304, contentType: contentType, body: [])
        } else {
            respond(status: 200, contentType: contentType, body: body)
        }
    }
}
