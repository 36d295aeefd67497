/// What selects one copy in the store: the URL and the request headers that choose the
/// representation, credentials among them. Held as a SHA-256 digest in memory only: the
/// store writes its HMAC under a secret kept outside the store, so that nothing in the store
/// can test a guessed password or token offline.
public struct CopyKey: Hashable, Sendable {
    public let digest: String

    init(url: String, options: FetchOptions) {
        var parts = ["\(options.method) \(url)", "accept: \(options.accept ?? "")"]
        parts += options.headers.map { "\($0.name.lowercased()): \($0.value)" }.sorted()
        // Another user may be shown another representation; hashed, as the headers are.
        if let credentials = options.credentials { parts.append("user: \(credentials.user):\(credentials.password)") }
        parts += options.omittedHeaders.map { "omit: \($0.lowercased())" }.sorted()
        digest = Checksum.sha256([Array(parts.joined(separator: "\n").utf8)])
    }
}
