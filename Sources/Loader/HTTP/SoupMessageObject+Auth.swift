internal import CGLib
internal import CSoup

/// Answering a server's challenge (a 401 with `WWW-Authenticate`) with a source's own
/// credentials, through libsoup's auth manager and the message's `authenticate` signal.
extension SoupMessageObject {
    /// Answers the first challenge from the origin `policy` allows with `credentials`;
    /// a second one means they were wrong, and its 401 stands, as curl's does. A challenge
    /// from anywhere else (after a redirect, or a proxy's 407) is not answered. With
    /// `sentBasic`, Basic went with the request already: a Basic challenge to it is a refusal,
    /// not a question. The closure is released with the message.
    func answerChallenges(with credentials: HTTPCredentials, under policy: OriginPolicy, sentBasic: Bool) {
        // libsoup's cache of answers is per session and per host: two sources with other users
        // on one host must not answer with each other's. Each message answers for itself.
        soup_message_add_flags(pointer, SOUP_MESSAGE_DO_NOT_USE_AUTH_CACHE)
        var answered = false
        let box = Unmanaged.passRetained(ChallengeCallback { message, auth, retrying in
            guard !answered, !retrying, soup_auth_is_for_proxy(auth) == 0 else { return false }
            guard let now = Self.currentURL(of: message), policy.sendsOwnParts(to: now) else { return false }
            let scheme = soup_auth_get_scheme_name(auth).map { String(cString: $0) } ?? ""
            if sentBasic && scheme.lowercased() == "basic" { return false }
            answered = true
            soup_auth_authenticate(auth, credentials.user, credentials.password)
            return true
        }).toOpaque()
        let authenticate: @convention(c) (OpaquePointer?, UnsafeMutablePointer<SoupAuth>?, gboolean, gpointer?) -> gboolean = {
            message, auth, retrying, data in
            guard let message, let auth else { return 0 }
            let callback = Unmanaged<ChallengeCallback>.fromOpaque(data!).takeUnretainedValue()
            return callback.body(message, auth, retrying != 0) ? 1 : 0
        }
        g_signal_connect_data(UnsafeMutableRawPointer(pointer), "authenticate", unsafeBitCast(authenticate, to: GCallback.self), box,
                              { data, _ in Unmanaged<ChallengeCallback>.fromOpaque(data!).release() }, GConnectFlags(0))
    }

    private final class ChallengeCallback {
        let body: (OpaquePointer, UnsafeMutablePointer<SoupAuth>, Bool) -> Bool
        init(_ body: @escaping (OpaquePointer, UnsafeMutablePointer<SoupAuth>, Bool) -> Bool) { self.body = body }
    }
}
