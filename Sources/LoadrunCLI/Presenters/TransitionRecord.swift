#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plugins
import TerminalText

/// `--output ndjson`: one JSON object per line for each state transition, for scripts.
///
/// Keys are fixed and sorted; absent values are `null`, never missing, so every line has the
/// same shape.
struct TransitionRecord: Encodable {
    var time: String
    var source: String
    var from: String
    var to: String
    var cause: String
    var attempt: Int
    var httpStatus: Int?
    var bytes: Int
    var durationMs: Int
    var notModified: Bool
    /// For a load that came to rest with content: whether it differs from what the source had
    /// before (the first content does; a 304 does not), as the load's verdict says; null for
    /// other transitions.
    var changed: Bool?
    /// For a load that came to rest with content in a run that waits (`--until`…): whether it
    /// met the condition, as the load's verdict says; null otherwise.
    var conditionMet: Bool?
    /// Whether what the source shows is a copy from an earlier run, beside this failure.
    var stale: Bool
    var error: String?
    var retryInMs: Int?

    init(_ change: StateChange, at time: String, verdict: LoadVerdict? = nil) {
        self.time = time
        source = change.source
        from = change.from.name
        to = change.to.name
        cause = "\(change.cause)"
        attempt = change.attempt
        httpStatus = change.httpStatus
        bytes = change.bytes
        durationMs = Int(change.duration.wholeMilliseconds)
        // A 304 always: a first load that revalidated a stored copy settles as `succeeded` (the
        // run's first content), and the server still said it had not changed.
        notModified = change.cause == .notModified || change.httpStatus == 304
        changed = verdict?.changed
        conditionMet = verdict?.conditionMet
        stale = change.to.error?.copyVerifiedAt != nil && change.to.content != nil
        if case .failed(let failure, _, let retry) = change.to {
            error = URLCredentials.masked(failure.description)
            retryInMs = retry.map { Int($0.delay.wholeMilliseconds) }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case time, source, from, to, cause, attempt, bytes, error, stale, changed
        case conditionMet = "condition_met"
        case httpStatus = "http_status", durationMs = "duration_ms", notModified = "not_modified", retryInMs = "retry_in_ms"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(source, forKey: .source)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(cause, forKey: .cause)
        try container.encode(attempt, forKey: .attempt)
        try container.encode(httpStatus, forKey: .httpStatus)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(durationMs, forKey: .durationMs)
        try container.encode(notModified, forKey: .notModified)
        try container.encode(changed, forKey: .changed)
        try container.encode(conditionMet, forKey: .conditionMet)
        try container.encode(stale, forKey: .stale)
        try container.encode(error, forKey: .error)
        try container.encode(retryInMs, forKey: .retryInMs)
    }

    /// The record as one line of JSON, newline included.
    func line() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "" }
        // Sources, reason phrases, media types and hosts come from outside: escape what the
        // encoder lets through raw (DEL, C1, bidi controls).
        return UntrustedText.forJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// Now, as ISO 8601 in UTC with milliseconds: `2026-11-22T12:03:04.123Z`.
    static func now() -> String { iso(ClockTime.nowMilliseconds()) }

    /// `milliseconds` since the epoch as ISO 8601 in UTC: `2026-11-22T12:03:04.123Z`.
    static func iso(_ milliseconds: Int) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))"
            + "T\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))"
            + ".\(padded(Int32(milliseconds % 1000), 3))Z"
    }
}
