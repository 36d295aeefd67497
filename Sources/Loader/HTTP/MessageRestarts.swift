/// What libsoup's restarts of one request's message mean. libsoup sends a message again after
/// a redirect, an authentication challenge, a stale connection, or a stream the server refused
/// unprocessed. libsoup 3.2.3 resends a request refused with HTTP/2 REFUSED_STREAM (or a
/// GOAWAY before its stream) at once and without limit, thousands of times a second; past a
/// few in a row, the fetch ends as refused, and loadrun's own retries, with their backoff,
/// take it from there.
struct MessageRestarts {
    /// What one restart means.
    enum Meaning: Equatable {
        /// The message follows a redirect to this URL.
        case redirected(to: String)
        /// The server refused the request unprocessed `refusalsInARow` times in a row.
        case refused
        /// The server challenged the request `challengesInARow` times in a row, each answered:
        /// a Digest server that calls every nonce stale, whom libsoup 3.2 answers 20 times.
        case challengedAgain
        /// Nothing to act on: an answered restart (a challenge), or one refusal of a few.
        case nothing
    }

    /// Restarts in a row with no response after which a request counts as refused. One can
    /// be a stale keep-alive connection, which libsoup rightly tries again on a fresh one.
    static let refusalsInARow = 3
    /// Challenges in a row to the same URL after which the answers are given up: the first
    /// is the one credentials answer, and a stale nonce or two is a server's right.
    static let challengesInARow = 4

    /// The URL the message was last sent to, to tell a redirect from other restarts.
    private var lastSentURL: String
    /// Restarts in a row to the same URL with no response.
    private var unanswered = 0
    /// Restarts in a row to the same URL after a 401 or 407.
    private var challenged = 0

    init(url: String) { lastSentURL = url }

    /// A restart to `url` (nil: the URL it was last sent to) after a response of `status`
    /// (0: none came before it).
    mutating func restarted(to url: String?, status: Int) -> Meaning {
        let now = url ?? lastSentURL
        guard now == lastSentURL else {
            lastSentURL = now
            unanswered = 0
            challenged = 0
            return .redirected(to: now)
        }
        if status == 401 || status == 407 {
            challenged += 1
            return challenged == Self.challengesInARow ? .challengedAgain : .nothing
        }
        guard status == 0 else { return .nothing }
        unanswered += 1
        return unanswered == Self.refusalsInARow ? .refused : .nothing
    }
}
