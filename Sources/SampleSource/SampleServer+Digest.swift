internal import CGLib
internal import CSoup

/// HTTP Digest on the sample server, as libsoup's `SoupAuthDomainDigest` asks for it and
/// checks it: a real challenge for loadrun's `-u` to answer, in tests.
extension SampleServer {
    /// Requests under `path` need Digest for `user` and `password` in `realm`; a request
    /// without them, or with others, is answered 401 with a `WWW-Authenticate: Digest`
    /// challenge. Call it before `listen`, on the server's thread.
    public func requireDigest(path: String, realm: String, user: String, password: String) {
        guard let domain = lr_soup_auth_domain_digest_new(realm) else { return }
        soup_auth_domain_add_path(domain, path)
        // The encoded password (MD5 of user:realm:password), which libsoup compares with the
        // client's answer; the box is released with the domain.
        let box = Unmanaged.passRetained(DigestAccount(user: user, encoded: soup_auth_domain_digest_encode_password(user, realm, password)))
        soup_auth_domain_digest_set_auth_callback(domain, { _, _, username, data in
            let account = Unmanaged<DigestAccount>.fromOpaque(data!).takeUnretainedValue()
            guard let username, String(cString: username) == account.user, let encoded = account.encoded else { return nil }
            return g_strdup(encoded)
        }, box.toOpaque(), { data in Unmanaged<DigestAccount>.fromOpaque(data!).release() })
        soup_server_add_auth_domain(server, domain)
        // The server keeps its own reference.
        g_object_unref(domain)
    }
}

/// One account of a Digest domain: the user and the encoded password, freed with it.
private final class DigestAccount {
    let user: String
    let encoded: UnsafeMutablePointer<CChar>?
    init(user: String, encoded: UnsafeMutablePointer<CChar>?) {
        self.user = user
        self.encoded = encoded
    }
    deinit { g_free(encoded) }
}
