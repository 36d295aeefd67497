internal import CGLib

/// The last good response to one request, as the copy store keeps it between runs.
public struct StoredCopy: Sendable, Equatable {
    /// The response as it was stored: status 200, the headers plugins read, the decoded body.
    public var response: HTTPResponse
    /// When it was stored (a 200), in seconds since the Unix epoch.
    public var storedAt: Int
    /// When the server last said it was current (a 200 or a 304), in seconds since the epoch.
    public var verifiedAt: Int
    /// The checksum it was stored with: what a 304 confirms is this copy, not one another
    /// process may have put in its place.
    var checksum: String

    /// What a conditional request for it sends.
    public var validators: CacheValidators? { response.info.validators }

    /// The response headers a copy keeps: those the plugins and paging read, and the
    /// validators. Not `Set-Cookie`, not the wire's framing.
    static let keptHeaders = ["Content-Type", "ETag", "Last-Modified", "Link", "X-Total-Count", "Content-Language"]
}

/// How a response that did not come whole from the server stands in for one.
public enum StoredCopyUse: Sendable, Equatable {
    /// The server answered 304 to the copy's validators: the copy is current.
    case revalidated(storedAt: Int)
    /// The server could not be reached, or failed (5xx): the copy is shown, marked, and the
    /// load still fails with `error`.
    case fallback(verifiedAt: Int, error: LoadError)
}

/// What selects one copy in the store: the URL and the request headers that choose the
/// representation. Kept as a SHA-256 digest, so no credential is written into the store.
struct CopyKey: Hashable {
    let digest: String

    init(url: String, options: FetchOptions) {
        var parts = ["\(options.method) \(url)", "accept: \(options.accept ?? "")"]
        parts += options.headers.map { "\($0.name.lowercased()): \($0.value)" }.sorted()
        parts += options.omittedHeaders.map { "omit: \($0.lowercased())" }.sorted()
        digest = Checksum.sha256([Array(parts.joined(separator: "\n").utf8)])
    }
}

/// SHA-256 through GLib's `GChecksum`.
enum Checksum {
    /// The hex digest of `pieces`, each followed by a NUL so that no two splits of the same
    /// bytes agree.
    static func sha256(_ pieces: [[UInt8]]) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        for piece in pieces {
            piece.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, gssize($0.count)) }
            var separator: UInt8 = 0
            g_checksum_update(checksum, &separator, 1)
        }
        return String(cString: g_checksum_get_string(checksum))
    }
}
