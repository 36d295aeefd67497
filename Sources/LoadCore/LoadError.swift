/// Why a load failed, in words a user can act on.
///
/// `description` says what happened and `suggestion` what to do; the CLI joins them as
/// `posts: <description> — <suggestion>`. Texts that came from the network (reason phrases,
/// host names) are included as they arrived: sanitise before they reach a terminal.
public struct LoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of failure. New kinds can be added without breaking callers that switch
    /// on the ones they care about.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let invalidURL = Code("invalid-url")
        public static let connectionRefused = Code("connection-refused")
        public static let connectionReset = Code("connection-reset")
        public static let temporaryDNSFailure = Code("temporary-dns-failure")
        public static let hostNotFound = Code("host-not-found")
        public static let timedOut = Code("timed-out")
        public static let tls = Code("tls")
        public static let network = Code("network")
        public static let httpStatus = Code("http-status")
        public static let tooLarge = Code("too-large")
        public static let truncated = Code("truncated")
        /// A response whose framing or Content-Encoding cannot be trusted (RFC 9112 §6.3).
        public static let malformed = Code("malformed-response")
        public static let decode = Code("decode")
        public static let unsupported = Code("unsupported")
        public static let notFound = Code("not-found")
        public static let cancelled = Code("cancelled")
        /// The server reset an HTTP/2 stream, or closed the connection with an error code.
        public static let streamReset = Code("stream-reset")
    }

    public var code: Code
    /// What happened, for example `HTTP 404 Not Found from 127.0.0.1:8080`.
    public var description: String
    /// What the user can do about it, or nil when there is nothing useful to say.
    public var suggestion: String?
    /// A remedy that the front end words in its own terms (a command-line option, say): the
    /// core never names one.
    public var remedy: Remedy?
    /// The HTTP status, for `.httpStatus`.
    public var httpStatus: Int?
    /// The response's `Retry-After` header, as sent.
    public var retryAfter: String?
    /// When the error stands beside a copy kept by an earlier run (the server could not be
    /// reached, or failed): when the server last said that copy was current, in seconds since
    /// the epoch. The state's content is then that copy.
    public var copyVerifiedAt: Int?
    /// Whether no attempt may follow, whatever the retry settings: part of the content went
    /// out before the load failed (a jq program's results, printed as they came), and another
    /// attempt would print it again.
    public var isFinal = false
    /// For `.httpStatus`: the head of the response that failed, for `--include` to show.
    public var response: ResponseInfo?

    public init(_ code: Code, _ description: String, suggestion: String? = nil, remedy: Remedy? = nil,
                httpStatus: Int? = nil, retryAfter: String? = nil) {
        self.code = code
        self.description = description
        self.suggestion = suggestion
        self.remedy = remedy
        self.httpStatus = httpStatus
        self.retryAfter = retryAfter
    }

    /// A duration as messages show it: `300 ms`, `3.2 s`, `2 min`, `6 h`.
    public static func format(_ duration: Duration) -> String {
        let milliseconds = duration.wholeMilliseconds
        let seconds = milliseconds / 1000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if seconds < 60 {
            let tenths = (milliseconds + 50) / 100
            return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
        }
        if seconds < 3600 { return seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds / 60) min \(seconds % 60) s" }
        return seconds % 3600 == 0 ? "\(seconds / 3600) h" : "\(seconds / 3600) h \(seconds % 3600 / 60) min"
    }

    /// What the user can change to get past a failure, as a value: the CLI says which option
    /// does it.
    public enum Remedy: Equatable, Sendable {
        /// Allow larger bodies.
        case raiseSizeLimit
        /// Give a slow server longer to answer.
        case raiseDeadline
        /// Give connecting longer.
        case raiseConnectTimeout
        /// Allow more redirects.
        case raiseRedirectLimit
        /// Load the content as one page.
        case loadOnePage
        /// Name the plugin that should decode the response.
        case namePlugin
        /// Follow `next` links to other hosts.
        case followCrossHostLinks
        /// Trust the CA that issued the server's certificate.
        case trustIssuer
        /// Accept a faulty certificate anyway.
        case acceptCertificate
        /// Speak HTTP/1.1 to a server whose HTTP/2 is broken.
        case useHTTP1
        /// Give a slow server longer, or speak HTTP/1.1 to one that resets its HTTP/2 streams
        /// unsaid.
        case raiseDeadlineOrUseHTTP1
        /// Ask a server whose compression is broken for the body as it is.
        case askForNoCoding
        /// The plugin the source names refuses the content, which these plugins take (the
        /// first is the one a choice by content makes): name one, or let the content choose.
        case usePluginThatTakes([String])
        /// Standard input ended before anything came: give it the content.
        case feedStandardInput
        /// What writes to standard input did not end it within the deadline: wait longer.
        case waitLongerForInput
    }

    /// The error a cancelled load ends with.
    public static let cancelled = LoadError(.cancelled, "cancelled")
}
