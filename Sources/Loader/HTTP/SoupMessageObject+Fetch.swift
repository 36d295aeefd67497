#if canImport(Glibc)
import Glibc
#endif
internal import CGLib
internal import CSoup

/// Building a request for a fetch and reading what came back: the libsoup side of `HTTPFetch`.
extension SoupMessageObject {
    /// A request for `url` carrying what `options` say: its method and body, headers, `Accept`
    /// and, for GET and HEAD, the validators.
    /// `answersChallenges` keeps libsoup's auth manager
    /// on the message, for credentials in its URL or its proxy's, or in `options`. Nil when
    /// libsoup cannot parse the URL. `parts` are the URL's, as the fetch parsed them.
    static func request(_ url: String, parts: URLParts, options: FetchOptions, answersChallenges: Bool) -> SoupMessageObject? {
        guard let raw = soup_message_new(options.method, url) else { return nil }
        let message = SoupMessageObject(adopting: raw)
        if let body = options.body {
            // Before the headers: a Content-Type given with -H replaces the body's own.
            let type = body.contentType.isEmpty ? nil : body.contentType
            switch body.source {
            case .bytes(let held):
                let bytes = held.withUnsafeBufferPointer { g_bytes_new($0.baseAddress, gsize($0.count)) }
                soup_message_set_request_body_from_bytes(raw, type, bytes)
                g_bytes_unref(bytes)
            case .file(let path, _):
                // Streamed from disk: a GFileInputStream, which libsoup can rewind for a
                // restart (a redirect that keeps the body, a challenge). The plan made sure it
                // is a regular file, so opening it cannot wait.
                let file = g_file_new_for_path(path)
                defer { g_object_unref(UnsafeMutableRawPointer(file)) }
                var error: UnsafeMutablePointer<GError>?
                guard let stream = g_file_read(file, nil, &error) else {
                    if let error { _ = GLibError(consuming: error) }
                    return nil
                }
                // Its size now, not the plan's: a file that changed since is sent as it is.
                var info = stat()
                guard stat(path, &info) == 0 else {
                    g_object_unref(stream)
                    return nil
                }
                soup_message_set_request_body(raw, type, UnsafeMutablePointer(OpaquePointer(stream)), gssize(info.st_size))
                g_object_unref(stream)
            }
        }
        soup_message_add_flags(raw, SOUP_MESSAGE_COLLECT_METRICS)
        if options.isLowPriority { soup_message_set_priority(raw, SOUP_MESSAGE_PRIORITY_LOW) }
        if !answersChallenges {
            // libsoup's auth manager hooks five handlers onto every message it sees, for the
            // user:password@ of a URL; without one it has nothing to answer a 401 or 407 with, and
            // the 401 comes back as it is either way. Left off, 1,000 small GETs cost about
            // 8 ms less CPU.
            soup_message_disable_feature(raw, soup_auth_manager_get_type())
        }
        let headers = soup_message_get_request_headers(raw)
        // The session sets no User-Agent of its own: libsoup would put it over the source's.
        soup_message_headers_replace(headers, "User-Agent", options.userAgent)
        if let accept = options.accept {
            soup_message_headers_replace(headers, "Accept", accept)
        }
        soup_message_headers_replace(headers, "Accept-Encoding", ContentCoding.acceptEncoding)
        // An Authorization given as a header is the user's word over -u, as in curl.
        let credentials = options.headers.contains { $0.name.lowercased() == "authorization" } ? nil : options.credentials
        // Needed only for what goes to the origin alone: most requests carry neither.
        let policy = credentials != nil || !options.headers.isEmpty || !options.cookies.isEmpty ? OriginPolicy(origin: parts.origin) : nil
        if let credentials, let policy {
            // Before the source's headers, which may remove it (-H 'Authorization:').
            soup_message_headers_replace(headers, "Authorization", credentials.basicAuthorization)
            let sentBasic = !options.omittedHeaders.contains { $0.lowercased() == "authorization" }
            message.answerChallenges(with: credentials, under: policy, sentBasic: sentBasic)
        }
        for header in options.headers {
            soup_message_headers_replace(headers, header.name, header.value)
        }
        let validators = options.isConditional ? options.validators : nil
        if let etag = validators?.etag {
            soup_message_headers_replace(headers, "If-None-Match", etag)
        }
        if let lastModified = validators?.lastModified {
            soup_message_headers_replace(headers, "If-Modified-Since", lastModified)
        }
        for name in options.omittedHeaders {
            soup_message_headers_remove(headers, name)
        }
        if !options.cookies.isEmpty, let policy {
            // The source's own cookies, beside what the run's jar sends: after the jar's own
            // handler, which writes the header whole each time the message starts (a redirect
            // too), and only to the source's own origin.
            let given = options.cookies
            message.onStarting { starting in
                guard let now = currentURL(of: starting), policy.sendsOwnParts(to: now) else { return }
                let headers = soup_message_get_request_headers(starting)
                let jar = soup_message_headers_get_one(headers, "Cookie").map { String(cString: $0) }
                soup_message_headers_replace(headers, "Cookie", GivenCookie.header(given, beside: jar))
            }
        }
        if !options.headers.isEmpty || credentials != nil, let policy {
            // A Digest answer is in Authorization too, once libsoup has sent it.
            let names = options.headers.map(\.name) + (credentials != nil ? ["Authorization"] : [])
            let omitted = Set(options.omittedHeaders.map { $0.lowercased() })
            let userAgent = omitted.contains("user-agent") ? nil : options.userAgent
            let accept = omitted.contains("accept") ? nil : options.accept
            message.onRestarted { restarted in
                // A redirect re-sends the message to its new URL: the source's own headers
                // (credentials, often) go only to the origin they were given for.
                guard let now = currentURL(of: restarted), !policy.sendsOwnParts(to: now) else { return }
                let headers = soup_message_get_request_headers(restarted)
                for name in names { soup_message_headers_remove(headers, name) }
                // What loadrun sends of its own goes on: only what was given for the origin stops.
                if let accept { soup_message_headers_replace(headers, "Accept", accept) }
                // The user's agent is theirs to give; another origin gets loadrun's.
                if let userAgent { soup_message_headers_replace(headers, "User-Agent", userAgent) }
            }
        }
        return message
    }

    /// The status, reason, headers and final URL (after redirects); `url` when libsoup has none.
    func responseInfo(requested url: String) -> ResponseInfo {
        var headers = HTTPHeaders()
        withUnsafeMutablePointer(to: &headers) { target in
            soup_message_headers_foreach(soup_message_get_response_headers(pointer), { name, value, data in
                let headers = data!.assumingMemoryBound(to: HTTPHeaders.self)
                headers.pointee.add(name: String(cString: name!), value: String(cString: value!))
            }, target)
        }
        let finalURL = soup_message_get_uri(pointer).flatMap { uri -> String? in
            guard let text = g_uri_to_string(uri) else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        } ?? url
        return ResponseInfo(url: finalURL, status: Int(soup_message_get_status(pointer).rawValue),
                            reasonPhrase: soup_message_get_reason_phrase(pointer).map { String(cString: $0) } ?? "",
                            headers: headers, httpVersion: httpVersion)
    }

    /// Says that the response has no body, as a 304's never has (RFC 9110, 15.4.5). libsoup
    /// 3.2 reads no body for a 304 but, asked whether the connection may be kept, takes a
    /// response with neither Content-Length nor Transfer-Encoding (as nginx sends a 304) for
    /// one that ends when the connection closes, and closes it: each reload of a watch would
    /// connect anew.
    func declareNoBody() {
        soup_message_headers_set_encoding(soup_message_get_response_headers(pointer), SOUP_ENCODING_NONE)
    }

    /// The URL the message is at now: after a redirect, not the one it was made for.
    var currentURL: String? { Self.currentURL(of: pointer) }

    static func currentURL(of message: OpaquePointer) -> String? {
        guard let uri = soup_message_get_uri(message), let text = g_uri_to_string(uri) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The peer's certificate, and what the session's verification found wrong with it
    /// (before any accept-certificate handler took it anyway); nil over plain HTTP.
    var peerCertificate: (UnsafeMutablePointer<GTlsCertificate>, CertificateProblems)? {
        guard let certificate = soup_message_get_tls_peer_certificate(pointer) else { return nil }
        return (certificate, CertificateProblems(rawValue: soup_message_get_tls_peer_certificate_errors(pointer).rawValue))
    }

    /// The response's HTTP version as a status line writes it.
    var httpVersion: String {
        switch soup_message_get_http_version(pointer) {
        case SOUP_HTTP_1_0: "HTTP/1.0"
        case SOUP_HTTP_2_0: "HTTP/2"
        default: "HTTP/1.1"
        }
    }

    /// What the traffic log tells of the connection once a response came: the HTTP version, and for TLS
    /// the protocol, the cipher suite and the peer certificate's subject and issuer.
    var connectionNotes: [String] {
        var notes = ["\(httpVersion) with \(URLParts.origin(of: currentURL ?? ""))"]
        guard let certificate = soup_message_get_tls_peer_certificate(pointer) else { return notes }
        let protocolName = switch soup_message_get_tls_protocol_version(pointer) {
        case G_TLS_PROTOCOL_VERSION_TLS_1_0: "TLS 1.0"
        case G_TLS_PROTOCOL_VERSION_TLS_1_1: "TLS 1.1"
        case G_TLS_PROTOCOL_VERSION_TLS_1_2: "TLS 1.2"
        case G_TLS_PROTOCOL_VERSION_TLS_1_3: "TLS 1.3"
        default: "TLS"
        }
        let suite = soup_message_get_tls_ciphersuite_name(pointer).map { ", " + String(cString: $0) } ?? ""
        notes.append("\(protocolName)\(suite)")
        func owned(_ text: UnsafeMutablePointer<gchar>?) -> String {
            guard let text else { return "(none)" }
            defer { g_free(text) }
            return String(cString: text)
        }
        notes.append("certificate: \(owned(g_tls_certificate_get_subject_name(certificate)))")
        notes.append("issued by: \(owned(g_tls_certificate_get_issuer_name(certificate)))")
        return notes
    }

    /// The body length the response declares, when it is framed by Content-Length.
    var declaredLength: Int? {
        let headers = soup_message_get_response_headers(pointer)
        guard soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH else { return nil }
        return Int(clamping: soup_message_headers_get_content_length(headers))
    }

    /// The request's steps so far, from libsoup's metrics (`SOUP_MESSAGE_COLLECT_METRICS`):
    /// each from the fetch's start, the whole until now. nil before libsoup started it.
    var timings: RequestTimings? {
        guard let metrics = soup_message_get_metrics(pointer) else { return nil }
        let start = UInt64(soup_message_metrics_get_fetch_start(metrics))
        guard start > 0 else { return nil }
        func since(_ microseconds: UInt64) -> Duration? {
            microseconds >= start ? .microseconds(Int64(microseconds - start)) : nil
        }
        let dnsEnd = UInt64(soup_message_metrics_get_dns_end(metrics))
        let connectEnd = UInt64(soup_message_metrics_get_connect_end(metrics))
        let tlsStart = UInt64(soup_message_metrics_get_tls_start(metrics))
        let responseStart = UInt64(soup_message_metrics_get_response_start(metrics))
        // libsoup's connect_end comes after the TLS handshake: TCP's own end is TLS's start.
        let tcpEnd = tlsStart > 0 ? tlsStart : connectEnd
        return RequestTimings(nameLookedUp: dnsEnd > 0 ? since(dnsEnd) : nil, connected: tcpEnd > 0 ? since(tcpEnd) : nil,
                              tlsDone: tlsStart > 0 && connectEnd > 0 ? since(connectEnd) : nil,
                              firstByte: responseStart > 0 ? since(responseStart) : nil,
                              total: since(UInt64(g_get_monotonic_time())) ?? .zero)
    }

    /// Body bytes as they came off the wire, before any Content-Encoding was decoded.
    var wireBodyBytes: Int? {
        guard let metrics = soup_message_get_metrics(pointer) else { return nil }
        return Int(clamping: soup_message_metrics_get_response_body_bytes_received(metrics))
    }

    /// Calls `body` once the request headers are written: by then the connection exists.
    /// The closure is released by the destroy notify when the message goes, so it must not
    /// hold what owns the message.
    func onHeadersWritten(_ body: @escaping () -> Void) {
        let box = Unmanaged.passRetained(Callback(body)).toOpaque()
        let wrote: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
            Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue().body()
        }
        g_signal_connect_data(UnsafeMutableRawPointer(pointer), "wrote-headers", unsafeBitCast(wrote, to: GCallback.self), box,
                              { data, _ in Unmanaged<Callback>.fromOpaque(data!).release() }, GConnectFlags(0))
    }

    /// Calls `body` with the message each time libsoup sends it again, as after a redirect,
    /// before it is written. Released with the message, as `onHeadersWritten`'s closure is.
    func onRestarted(_ body: @escaping (OpaquePointer) -> Void) {
        let box = Unmanaged.passRetained(MessageCallback(body)).toOpaque()
        let restarted: @convention(c) (OpaquePointer?, gpointer?) -> Void = { message, data in
            Unmanaged<MessageCallback>.fromOpaque(data!).takeUnretainedValue().body(message!)
        }
        g_signal_connect_data(UnsafeMutableRawPointer(pointer), "restarted", unsafeBitCast(restarted, to: GCallback.self), box,
                              { data, _ in Unmanaged<MessageCallback>.fromOpaque(data!).release() }, GConnectFlags(0))
    }

    /// Calls `body` with the message each time it starts to be sent (after a redirect too),
    /// after every other handler of the signal: after the cookie jar's, which writes the
    /// `Cookie` header. Released with the message.
    func onStarting(_ body: @escaping (OpaquePointer) -> Void) {
        let box = Unmanaged.passRetained(MessageCallback(body)).toOpaque()
        let starting: @convention(c) (OpaquePointer?, gpointer?) -> Void = { message, data in
            Unmanaged<MessageCallback>.fromOpaque(data!).takeUnretainedValue().body(message!)
        }
        g_signal_connect_data(UnsafeMutableRawPointer(pointer), "starting", unsafeBitCast(starting, to: GCallback.self), box,
                              { data, _ in Unmanaged<MessageCallback>.fromOpaque(data!).release() }, G_CONNECT_AFTER)
    }

    /// Asks `body` whether to accept a server certificate that failed verification, with
    /// what was wrong with it; libsoup refuses it when this says no. Released with the message.
    func onAcceptCertificate(_ body: @escaping (UnsafeMutablePointer<GTlsCertificate>, CertificateProblems) -> Bool) {
        let box = Unmanaged.passRetained(CertificateCallback(body)).toOpaque()
        let accept: @convention(c) (OpaquePointer?, UnsafeMutablePointer<GTlsCertificate>?, GTlsCertificateFlags, gpointer?) -> gboolean = {
            _, certificate, flags, data in
            guard let certificate else { return 0 }
            let callback = Unmanaged<CertificateCallback>.fromOpaque(data!).takeUnretainedValue()
            return callback.body(certificate, CertificateProblems(rawValue: flags.rawValue)) ? 1 : 0
        }
        g_signal_connect_data(UnsafeMutableRawPointer(pointer), "accept-certificate", unsafeBitCast(accept, to: GCallback.self), box,
                              { data, _ in Unmanaged<CertificateCallback>.fromOpaque(data!).release() }, GConnectFlags(0))
    }

    private final class CertificateCallback {
        let body: (UnsafeMutablePointer<GTlsCertificate>, CertificateProblems) -> Bool
        init(_ body: @escaping (UnsafeMutablePointer<GTlsCertificate>, CertificateProblems) -> Bool) { self.body = body }
    }

    private final class Callback {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    private final class MessageCallback {
        let body: (OpaquePointer) -> Void
        init(_ body: @escaping (OpaquePointer) -> Void) { self.body = body }
    }
}
