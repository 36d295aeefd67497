/// What a finished response carries besides its body: enough for a plugin to decide and decode.
public struct ResponseInfo: Sendable, Equatable {
    /// The URL the body came from, after redirects.
    public var url: String
    public var status: Int
    public var reasonPhrase: String
    public var headers: HTTPHeaders {
        didSet { mediaType = Self.mediaType(in: headers) }
    }
    /// The protocol as a status line writes it: `HTTP/1.1`, `HTTP/1.0` or `HTTP/2`.
    public var httpVersion: String
    /// The media type of `Content-Type`, lowercased and without parameters; nil when it has
    /// none, or nothing before its first `;`.
    ///
    /// Worked out once, with the headers, and read from the bytes: it is asked several times
    /// for every response (whether a stream's plugin takes it by its head, which plugin takes
    /// it, whether it is JSON, how it is shown), and looking the header up and reading it each
    /// time was 2.6 K instructions apiece on a 1,000-URL run.
    public private(set) var mediaType: String?

    public init(url: String, status: Int = 200, reasonPhrase: String = "OK", headers: HTTPHeaders = HTTPHeaders(),
                httpVersion: String = "HTTP/1.1") {
        self.url = url
        self.status = status
        self.reasonPhrase = reasonPhrase
        self.headers = headers
        self.httpVersion = httpVersion
        mediaType = Self.mediaType(in: headers)
    }

    private static func mediaType(in headers: HTTPHeaders) -> String? {
        headers["Content-Type"].flatMap(mediaType(of:))
    }

    /// The media type in a `Content-Type` value (see `mediaType`).
    static func mediaType(of value: String) -> String? {
        let bytes = value.utf8
        var start = bytes.startIndex
        var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        while start < end, isBlank(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isBlank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        guard start < end else { return nil }
        return MediaType.lowered(String(Substring(value.utf8[start..<end])))
    }
}

extension ResponseInfo {
    /// The response's `ETag` and `Last-Modified`, when it sent either.
    public var validators: CacheValidators? {
        let validators = CacheValidators(etag: headers["ETag"], lastModified: headers["Last-Modified"])
        return validators.isEmpty ? nil : validators
    }

    /// Whether the body is a live stream's, which may never end (see `BodyTap.isLive`):
    /// Server-Sent Events, or JSON values one after another that a server sends with no
    /// length: JSON Lines, NDJSON or json-seq (an event feed, `docker events`), or Kubernetes'
    /// `application/json;stream=watch`. Values sent with their length, or read from a file,
    /// are a document, read whole.
    public var isLiveStream: Bool {
        guard let mediaType else { return false }
        if mediaType == MediaType.eventStream { return true }
        let isWatch = mediaType == "application/json" && headers["Content-Type"].map { $0.lowercased().contains("stream=watch") } == true
        guard isWatch || MediaType.isJSONSequence(mediaType) else { return false }
        return headers["Content-Length"] == nil && url.hasPrefix("http")
    }

    /// `304 Not Modified`: the content is what the validators described.
    public var isNotModified: Bool { status == 304 }
}
