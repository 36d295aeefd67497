/// What a finished response carries besides its body: enough for a plugin to decide and decode.
public struct ResponseInfo: Sendable, Equatable {
    /// The URL the body came from, after redirects.
    public var url: String
    public var status: Int
    public var reasonPhrase: String
    public var headers: HTTPHeaders
    /// The protocol as a status line writes it: `HTTP/1.1`, `HTTP/1.0` or `HTTP/2`.
    public var httpVersion: String

    public init(url: String, status: Int = 200, reasonPhrase: String = "OK", headers: HTTPHeaders = HTTPHeaders(),
                httpVersion: String = "HTTP/1.1") {
        self.url = url
        self.status = status
        self.reasonPhrase = reasonPhrase
        self.headers = headers
        self.httpVersion = httpVersion
    }

    /// The media type of `Content-Type`, lowercased and without parameters.
    public var mediaType: String? {
        guard let value = headers["Content-Type"] else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        let trimmed = type.trimmingCharacters(in: " \t")
        return trimmed.isEmpty ? nil : trimmed.lowercased()
    }
}

extension ResponseInfo {
    /// The response's `ETag` and `Last-Modified`, when it sent either.
    public var validators: CacheValidators? {
        let validators = CacheValidators(etag: headers["ETag"], lastModified: headers["Last-Modified"])
        return validators.isEmpty ? nil : validators
    }

    /// `304 Not Modified`: the content is what the validators described.
    public var isNotModified: Bool { status == 304 }
}
