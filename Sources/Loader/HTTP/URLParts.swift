internal import CGLib

/// The parts of an absolute URL that loadrun needs, parsed by GLib's `GUri`.
public struct URLParts: Sendable, Equatable {
    public var scheme: String
    public var host: String
    public var port: Int?
    /// The path, as it appears in the URL (percent-encoded), `/` at least.
    public var path: String
    /// Whether the URL carries credentials (`user:password@`).
    public var hasUserInfo: Bool

    /// `host:port` as it appeared, or just `host` when the URL named no port.
    public var authority: String {
        guard let port else { return host }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The URL's origin: what counts as "the same server" for connection limits and for what
    /// a source's own request parts may be sent with (`OriginPolicy`).
    public var origin: WebOrigin { WebOrigin(self) }

    /// Whether `url` names standard input: `-`, as `--url -` gives it.
    public static func isStandardInput(_ url: String) -> Bool { url == "-" }

    /// Where `url` points, for messages: `host:port` for the web, the path of a `file:` URL,
    /// `standard input` for `-`.
    public static func origin(of url: String) -> String {
        if isStandardInput(url) { return "standard input" }
        if scheme(of: url) == "file" {
            var error: UnsafeMutablePointer<GError>?
            if let path = g_filename_from_uri(url, nil, &error) {
                defer { g_free(path) }
                return String(cString: path)
            }
            if let error { _ = GLibError(consuming: error) }
        }
        return URLParts(url)?.authority ?? url
    }

    /// `reference` resolved against `base`, as a browser would follow it; nil when either is
    /// not a URL.
    public static func resolve(_ reference: String, against base: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard let resolved = g_uri_resolve_relative(base, reference, G_URI_FLAGS_NONE, &error) else {
            if let error { _ = GLibError(consuming: error) }
            return nil
        }
        defer { g_free(resolved) }
        return String(cString: resolved)
    }

    /// The `file://` URL of `path`, made absolute against the working directory and with `.`
    /// and `..` resolved (no file is looked at); nil when GLib cannot encode it.
    public static func fileURL(forPath path: String) -> String? {
        guard let absolute = g_canonicalize_filename(path, nil) else { return nil }
        defer { g_free(absolute) }
        var error: UnsafeMutablePointer<GError>?
        guard let uri = g_filename_to_uri(absolute, nil, &error) else {
            if let error { _ = GLibError(consuming: error) }
            return nil
        }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// Whether `url` is an http or https URL: the only ones loadrun fetches from a server, keeps
    /// copies of, or lets a server's content lead to.
    public static func isWeb(_ url: String) -> Bool { URLScheme.isWeb(url) }

    /// The scheme of `url`, lowercased, or nil when it has none.
    public static func scheme(of url: String) -> String? { URLScheme.of(url) }

    /// Parses `url`; nil when it is not an absolute URL with a host.
    public init?(_ url: String) {
        var error: UnsafeMutablePointer<GError>?
        guard let uri = g_uri_parse(url, G_URI_FLAGS_NONE, &error) else {
            if let error { _ = GLibError(consuming: error) }
            return nil
        }
        defer { g_uri_unref(uri) }
        guard let scheme = g_uri_get_scheme(uri), let host = g_uri_get_host(uri), host.pointee != 0 else { return nil }
        self.scheme = String(cString: scheme).lowercased()
        self.host = String(cString: host)
        let port = g_uri_get_port(uri)
        self.port = port > 0 ? Int(port) : nil
        let path = String(cString: g_uri_get_path(uri))
        self.path = path.isEmpty ? "/" : path
        hasUserInfo = g_uri_get_userinfo(uri) != nil
    }
}
