internal import CGLib

/// A user and password for a source's own origin, as curl's `-u USER:PASSWORD` gives them:
/// sent as HTTP Basic with the first request, and given to libsoup to answer a Digest
/// challenge (`SoupMessageObject.answerChallenges`). Shown, when shown at all, as `user:***`.
public struct HTTPCredentials: Sendable, Equatable, CustomStringConvertible {
    public var user: String
    /// May be empty, as `-u alice:` gives it.
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// `Basic` and the base64 of `user:password` in UTF-8 (RFC 7617), as curl sends it before
    /// any challenge.
    public var basicAuthorization: String {
        let bytes = Array("\(user):\(password)".utf8)
        let encoded = bytes.withUnsafeBufferPointer { g_base64_encode($0.baseAddress, gsize($0.count)) }
        defer { g_free(encoded) }
        return "Basic " + (encoded.map { String(cString: $0) } ?? "")
    }

    /// The user, and the password masked: what a message or a listing may show.
    public var description: String { "\(user):***" }
}
