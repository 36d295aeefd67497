/// Limits that apply to one request, and what it sends.
public struct FetchOptions: Sendable, Equatable {
    /// The request's method, as sent: `GET` unless the user asked for another.
    public var method = "GET"
    /// The body sent, with its media type; nil for none.
    public var body: RequestBody?
    /// The whole request must finish within this time from its start, however slowly bytes
    /// trickle in.
    public var deadline: Duration
    /// How long standard input may take to end, when the user set a deadline (`--timeout`):
    /// nil reads it however long the command before the `|` takes, since the default
    /// deadline is for a server, and a producer that takes its time is no stalled one.
    public var standardInputDeadline: Duration?
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
    /// A user and password for the URL's own origin (`-u`, `--netrc`): sent as Basic at once,
    /// and answering a Digest challenge once. Like `headers`, never to another origin; an
    /// `Authorization` in `headers` goes instead, as curl lets `-H` win over `-u`.
    public var credentials: HTTPCredentials?
    /// Cookies given for the URL's own origin (`-b NAME=VALUE`, `cookies=`): put in the run's
    /// jar for its host before the request is sent, and from then on sent by the jar's rules.
    public var cookies: [GivenCookie] = []
    /// The most redirects followed (`--max-redirs`); libsoup itself stops after 20.
    public var maxRedirects = 20
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

    /// The options for a request to another origin than the one they were made for: without
    /// the source's own headers, credentials and cookies (the one origin policy).
    public var withoutOwnParts: FetchOptions {
        var options = self
        options.headers = []
        options.credentials = nil
        options.cookies = []
        return options
    }

    /// Whether the request may carry validators and take a 304 for "unchanged": GET and HEAD,
    /// the methods RFC 9110 (13.2.1) gives `If-None-Match` and `If-Modified-Since` meaning for.
    public var isConditional: Bool { method == "GET" || method == "HEAD" }

    /// Whether a response to the request may be kept as the copy a later run revalidates, or
    /// stand in for it: GET only. The copy is what the URL's content is; a POST's answer is
    /// what that one POST did, and a HEAD's has no body.
    public var keepsCopyOfResponse: Bool { keepsCopy && method == "GET" }
}
