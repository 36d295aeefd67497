/// Response header fields, in arrival order, looked up case-insensitively.
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    private var fields: [(name: String, value: String)]

    public init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }

    /// The first value of the field `name`, ignoring case.
    public subscript(name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    public mutating func add(name: String, value: String) { fields.append((name, value)) }

    /// Every value of the field `name`, ignoring case, joined with commas as RFC 9110 §5.3
    /// allows for list fields; nil when there is none.
    public func all(_ name: String) -> String? {
        let lowered = name.lowercased()
        let values = fields.filter { $0.name.lowercased() == lowered }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> { fields.makeIterator() }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}

/// What a finished response carries besides its body: enough for a plugin to decide and decode.
public struct ResponseInfo: Sendable, Equatable {
    /// The URL the body came from, after redirects.
    public var url: String
    public var status: Int
    public var reasonPhrase: String
    public var headers: HTTPHeaders

    public init(url: String, status: Int = 200, reasonPhrase: String = "OK", headers: HTTPHeaders = HTTPHeaders()) {
        self.url = url
        self.status = status
        self.reasonPhrase = reasonPhrase
        self.headers = headers
    }

    /// The media type of `Content-Type`, lowercased and without parameters.
    public var mediaType: String? {
        guard let value = headers["Content-Type"] else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        let trimmed = type.trimmingCharacters(in: " \t")
        return trimmed.isEmpty ? nil : trimmed.lowercased()
    }
}

/// What a response said about its version, for asking later whether it changed (RFC 9110 §13).
public struct CacheValidators: Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    public var isEmpty: Bool { etag == nil && lastModified == nil }
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

/// A complete response whose body arrived in full and within the limits.
public struct HTTPResponse: Sendable, Equatable {
    public var info: ResponseInfo
    public var body: [UInt8]
    /// Set when the response is a copy from the store standing in for the server's: after a
    /// 304, or in place of a failure.
    public var storedCopy: StoredCopyUse?

    public init(info: ResponseInfo, body: [UInt8], storedCopy: StoredCopyUse? = nil) {
        self.info = info
        self.body = body
        self.storedCopy = storedCopy
    }
}

/// How far a body has arrived.
public struct LoadProgress: Sendable, Equatable {
    public var receivedBytes: Int
    /// The declared size (`Content-Length`), when the server sent one.
    public var expectedBytes: Int?

    public init(receivedBytes: Int = 0, expectedBytes: Int? = nil) {
        self.receivedBytes = receivedBytes
        self.expectedBytes = expectedBytes
    }
}

/// Limits that apply to one request.
public struct FetchOptions: Sendable, Equatable {
    /// The whole request must finish within this time from its start, however slowly bytes
    /// trickle in.
    public var deadline: Duration
    /// Bodies larger than this are refused: by `Content-Length` up front, or as they stream in.
    public var maxBodySize: Int
    /// The `Accept` header to send, if any.
    public var accept: String?
    /// Sent as `If-None-Match` / `If-Modified-Since`, so an unchanged resource answers 304.
    public var validators: CacheValidators?
    /// How long connecting (DNS, TCP, TLS) may take, from the request's start to the moment
    /// it is written. Time spent waiting for a connection slot in the client does not count;
    /// nil leaves only the overall deadline.
    public var connectTimeout: Duration?
    /// Extra request headers, such as `Authorization`, sent as given, over any loadrun sends
    /// itself (`User-Agent`, `Accept`). Sent only to the URL's own origin: a redirect to
    /// another drops them (curl drops only its credentials).
    public var headers: [RequestHeader]
    /// Headers loadrun would send that this request must not (`Accept`, say), by name.
    public var omittedHeaders: [String] = []
    /// The `User-Agent` sent unless `headers` set one.
    public var userAgent = FetchOptions.defaultUserAgent
    /// Certificates accepted beyond the system's.
    public var tls = TLSTrust()
    /// Whether a copy from the store (kept by an earlier run) may be revalidated for this
    /// request, and stand in when the server cannot be reached: a source's first request in
    /// a run. The machine's own validators, when set, come first.
    public var usesCache = true
    /// Whether a 200 to this request is kept in the store for later runs: not for the embedded
    /// sample source, whose port changes every run.
    public var keepsCopy = true
    /// Whether the request may wait behind others: a prefetch the user has not asked for yet.
    /// It waits for a slot behind every ordinary request to its host, and libsoup queues it
    /// last among the session's messages.
    public var isLowPriority = false

    public static let defaultDeadline: Duration = .seconds(30)
    public static let defaultMaxBodySize = 64 * 1024 * 1024
    public static let defaultUserAgent = "loadrun/0.1"

    public init(deadline: Duration = defaultDeadline, maxBodySize: Int = defaultMaxBodySize, accept: String? = nil,
                validators: CacheValidators? = nil, connectTimeout: Duration? = nil, headers: [RequestHeader] = []) {
        self.deadline = deadline
        self.maxBodySize = maxBodySize
        self.accept = accept
        self.validators = validators
        self.connectTimeout = connectTimeout
        self.headers = headers
    }
}

/// One request header a source adds.
public struct RequestHeader: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension StringProtocol {
    /// The text without the characters of `set` at either end. `package`, not public: an
    /// extension of a standard protocol would otherwise reach every program importing Loader.
    package func trimmingCharacters(in set: String) -> String {
        // The sets are a few characters (" \t\r"): a look through them costs less than
        // building a Set on every call, which the sources file makes per line.
        let scalars = set.unicodeScalars
        var view = Substring(self).unicodeScalars[...]
        while let first = view.first, scalars.contains(first) { view = view.dropFirst() }
        while let last = view.last, scalars.contains(last) { view = view.dropLast() }
        return String(view)
    }
}
