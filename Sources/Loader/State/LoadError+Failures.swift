extension LoadError {
    /// What a GIO or libsoup failure means for the load at `site`, in words a user can act on.
    public init(_ failure: GIOFailure?, at site: FailureSite) {
        switch site.peer {
        case .server(let authority, let host): self = Self.server(failure, authority: authority, host: host, site: site)
        case .file(let name): self = Self.file(failure, name: name)
        }
    }

    /// A body that ended before the length its response declared.
    public static func truncated(from authority: String, received: Int, declared: Int?) -> LoadError {
        let of = declared.map { " of the \(ByteCount.format($0)) it declared" } ?? ""
        return LoadError(.truncated, "the response from \(authority) ended after \(ByteCount.format(received))\(of)",
                         suggestion: "the connection was cut short; try again")
    }

    /// A body over the size cap: `what` is `the response from host` or a file's name.
    public static func tooLarge(_ what: String, declared: Int? = nil, limit: Int) -> LoadError {
        let size = declared.map { " declares \(ByteCount.format($0))," } ?? " is"
        return LoadError(.tooLarge, "\(what)\(size) over the \(ByteCount.formatLimit(limit)) size cap", remedy: .raiseSizeLimit)
    }

    /// A response whose status is not a success, with advice by status.
    public init(httpStatus response: ResponseInfo, authority: String) {
        let status = response.status
        let reason = response.reasonPhrase.isEmpty ? "" : " \(response.reasonPhrase)"
        let suggestion = switch status {
        case 401, 403: "the server refused access; check the URL and any credentials"
        case 404, 410: "check the URL's path"
        // Only a conditional request may get a 304, and loadrun sends one only when it holds a copy.
        case 304: "the request was not conditional, so there is no copy to keep; the server or a cache in between is broken"
        case 429: Self.rateLimited(retryAfter: response.headers["Retry-After"])
        // libsoup follows a GET's redirects; one that reaches here is a POST's (or another
        // method's, whose body would go again), which is rightly not followed.
        case 300..<400:
            response.headers["Location"].map {
                "the server sends the request on to \(URLCredentials.masked($0)), which loadrun does not follow for this method; send it there yourself"
            } ?? "the server answered with a redirect that names no place to go"
        case 400..<500: "the server rejected the request; check the URL"
        // Not a failure that passes: the server says it does not do what was asked.
        case 501: "the server does not implement this request's method; check the method and the URL"
        case 505: "the server does not take this HTTP version"
        default: "the server failed; try again later"
        }
        // The Loader names no flag: the remedy is a value, which the front end words.
        self.init(.httpStatus, "HTTP \(status)\(reason) from \(authority)", suggestion: suggestion, remedy: status == 505 ? .useHTTP1 : nil,
                  httpStatus: status, retryAfter: response.headers["Retry-After"])
        self.response = response
    }

    /// Advice for a 429: when the server said when, that; otherwise to wait.
    private static func rateLimited(retryAfter: String?) -> String {
        let advice = "the server is rate limiting"
        guard let retryAfter = retryAfter?.trimmingCharacters(in: " \t"), !retryAfter.isEmpty else {
            return advice + "; wait a while before trying again"
        }
        if let seconds = Int(retryAfter), seconds >= 0 {
            return advice + "; it asks for a wait of \(format(.seconds(seconds))), which retries honour — try again after that"
        }
        return advice + "; it asks to wait until \(retryAfter), which retries honour — try again after that"
    }

    private static func server(_ failure: GIOFailure?, authority: String, host: String, site: FailureSite) -> LoadError {
        guard let failure else { return LoadError(.network, "the request to \(authority) failed for no stated reason") }
        switch failure.kind {
        case .cancelled:
            switch site.stop {
            case .deadline(let limit)?:
                if site.http2BodyStopped, let body = site.body {
                    // libsoup 3.2 keeps a reset of the stream to itself once the body has
                    // begun (DESIGN, HTTP/2): the wait is all it shows.
                    return LoadError(.timedOut, "no complete response from \(authority) within \(format(limit)): its HTTP/2 stream "
                                     + "stopped after \(ByteCount.format(body.received)) of the body, and a reset of it would not be said",
                                     remedy: .raiseDeadlineOrUseHTTP1)
                }
                return LoadError(.timedOut, "no complete response from \(authority) within \(format(limit))", remedy: .raiseDeadline)
            case .idle(let limit)?:
                // --timeout is the longest wait between two chunks: a keep-alive comment counts.
                return LoadError(.timedOut, "the stream from \(authority) sent nothing for \(format(limit))", remedy: .raiseDeadline)
            case .connectTimeout(let limit)?:
                return LoadError(.timedOut, "could not connect to \(authority) within \(format(limit))", remedy: .raiseConnectTimeout)
            case .refusedUnprocessed(let times)?:
                return refusedUnprocessed(by: authority, times: times)
            case .challengedAgain(let times)?:
                return LoadError(.httpStatus, "\(authority) challenged the request \(times) times in a row, each answered with its credentials "
                                 + "(a Digest nonce called stale each time)", suggestion: "check the user and password, and the server's authentication")
            case .tooManyRedirects(let limit)?:
                return LoadError(.httpStatus, "\(authority) redirected the request more than \(limit) \(limit == 1 ? "time" : "times")", remedy: .raiseRedirectLimit)
            case .cancelled?, nil:
                return .cancelled
            }
        case .connectionRefused:
            return LoadError(.connectionRefused, "connection refused by \(authority)",
                             suggestion: "is the server running? Check the host and port")
        case .headersTooLarge:
            return LoadError(.malformed, "\(authority) sent headers larger than the limit (64 KiB, libsoup's)",
                             suggestion: "the server or a proxy in between is broken; loadrun cannot read this response")
        case .invalidData:
            return LoadError(.malformed, "the body from \(authority) does not decode as its Content-Encoding declares (\(failure.message))",
                             suggestion: "the server's compression is broken", remedy: .askForNoCoding)
        case .partialInput:
            guard let body = site.body else {
                return LoadError(.connectionReset, "\(authority) closed the connection without answering",
                                 suggestion: "the server may be restarting or overloaded; try again")
            }
            return truncated(from: authority, received: body.received, declared: body.declared)
        case .connectionClosed:
            return LoadError(.connectionReset, "the connection to \(authority) was reset",
                             suggestion: "the server or the network dropped it; try again")
        case .timedOut:
            return LoadError(.timedOut, "\(authority) went silent for longer than the idle timeout",
                             suggestion: "the server is slow or stuck; try again later")
        case .resolverTemporary:
            return LoadError(.temporaryDNSFailure, "cannot resolve host \"\(host)\" for now: \(failure.message)",
                             suggestion: "the name server did not answer; check your network")
        case .resolverFailed:
            // GLib says "Error resolving “host”: <reason>"; keep only the reason.
            let reason = failure.message.split(separator: ": ").last.map(String.init) ?? failure.message
            return LoadError(.hostNotFound, "cannot resolve host \"\(host)\": \(reason)",
                             suggestion: "check the host name and your network")
        case .tls:
            guard let problems = site.certificate else {
                return LoadError(.tls, "TLS with \(authority) failed: \(failure.message)",
                                 suggestion: "check that the URL's port speaks TLS")
            }
            // An unknown issuer is cured by trusting it; the rest are faults of the certificate.
            return LoadError(.tls, "the certificate of \(authority) is \(problems.words)", suggestion: problems.advice,
                             remedy: problems == .unknownIssuer ? .trustIssuer : .acceptCertificate)
        case .http2(let code):
            return http2Reset(by: authority, code: code)
        case .notFound, .permissionDenied, .isDirectory, .other:
            return LoadError(.network, "the request to \(authority) failed: \(failure.message)",
                             suggestion: "check the URL and your network, then try again")
        }
    }

    /// A stream the server reset, or a connection it closed with an error. REFUSED_STREAM says
    /// the request was not processed, so it may be sent again (RFC 9113, 8.7); any other code
    /// leaves that unknown.
    private static func http2Reset(by authority: String, code: String) -> LoadError {
        if code == "REFUSED_STREAM" { return refusedUnprocessed(by: authority, times: 1) }
        return LoadError(.streamReset, "\(authority) ended the request's HTTP/2 stream with \(code)",
                         suggestion: "the server failed while answering; try again later", remedy: .useHTTP1)
    }

    /// A request the server turned away before processing it: a transient refusal, retried.
    private static func refusedUnprocessed(by authority: String, times: Int) -> LoadError {
        let count = times > 1 ? ", \(times) times in a row" : ""
        return LoadError(.connectionReset, "\(authority) refused the request unprocessed (HTTP/2 REFUSED_STREAM or GOAWAY)\(count)",
                         suggestion: "the server is overloaded or shutting down; try again later")
    }

    private static func file(_ failure: GIOFailure?, name: String) -> LoadError {
        guard let failure else { return LoadError(.network, "reading \(name) failed for no stated reason") }
        switch failure.kind {
        case .cancelled:
            return .cancelled
        case .notFound:
            return LoadError(.notFound, "there is no file \(name)", suggestion: "check the path")
        case .permissionDenied:
            return LoadError(.notFound, "\(name) cannot be read: permission denied", suggestion: "check the file's permissions")
        case .isDirectory:
            return LoadError(.notFound, "\(name) is a directory", suggestion: "name a file")
        default:
            return LoadError(.network, "reading \(name) failed: \(failure.message)", suggestion: "check the path")
        }
    }
}
