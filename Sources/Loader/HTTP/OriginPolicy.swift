/// A web origin as RFC 6454 counts one: the scheme, the host and the effective port, all
/// lowercased, the scheme's default port made explicit. `https://h/` and `http://h/` are two.
public struct WebOrigin: Hashable, Sendable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int

    /// The origin of `url`; nil when it is not an absolute URL with a host.
    public init?(_ url: String) {
        guard let parts = URLParts(url) else { return nil }
        self.init(parts)
    }

    public init(_ parts: URLParts) {
        scheme = parts.scheme.lowercased()
        host = parts.host.lowercased()
        port = parts.port ?? (scheme == "https" || scheme == "wss" ? 443 : scheme == "http" || scheme == "ws" ? 80 : 0)
    }

    /// `scheme://host:port`.
    public var description: String {
        host.contains(":") ? "\(scheme)://[\(host)]:\(port)" : "\(scheme)://\(host):\(port)"
    }
}

/// What a source's own request parts (its `-H` and `headers=`, its `-u`, `user=` and netrc
/// credentials, and later its cookies) may be sent with: one rule, asked by every place that
/// sends a request for a source (its next pages, redirects, challenges, details, related
/// lists and prefetches). They go to the source's own origin only, compared by scheme, host
/// and effective port, so never from `https` down to `http`, nor to another port of its host.
public struct OriginPolicy: Sendable, Equatable {
    /// The origin the source's parts were given for; nil when its URL is not a web URL, and
    /// then nothing of it goes anywhere else.
    public let origin: WebOrigin?

    public init(origin: WebOrigin?) { self.origin = origin }

    /// The policy of a source whose own URL is `url`.
    public init(sourceURL url: String) { origin = WebOrigin(url) }

    /// Whether a request to `url` may carry the source's own headers and credentials.
    public func sendsOwnParts(to url: String) -> Bool {
        guard let origin else { return false }
        return WebOrigin(url) == origin
    }

    /// Whether a request to `parts` may carry them.
    public func sendsOwnParts(to parts: URLParts) -> Bool {
        guard let origin else { return false }
        return WebOrigin(parts) == origin
    }
}
