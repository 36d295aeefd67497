#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plugins

/// `--output ndjson`: one JSON object per line for each state transition, for scripts.
///
/// Keys are fixed and sorted; absent values are `null`, never missing, so every line has the
/// same shape.
struct TransitionRecord {
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
    /// For a load's end (`loaded`, `failed`) from a server: its request's steps, in ms
    /// (`dns`, `connect`, `tls`, `first_byte`, `total`; a step not taken is null).
    var phases: RequestTimings?
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
    /// The wait before a retry, or before a stream's reconnection (`cause` says which).
    var retryInMs: Int?
    /// For an item of a live stream (`cause` `item`): which of its load it is, from 1.
    var items: Int?
    /// For an item of a live stream: its ID (an event's `id:`, a value's `id`), if it has one.
    var itemID: String?

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
        if !change.to.isBusy { phases = change.timings }
        changed = verdict?.changed
        conditionMet = verdict?.conditionMet
        stale = change.to.error?.copyVerifiedAt != nil && change.to.content != nil
        if case .failed(let failure, _, let retry) = change.to {
            error = URLCredentials.masked(failure.description)
            retryInMs = retry.map { Int($0.delay.wholeMilliseconds) }
        } else if let reconnection = change.reconnection {
            // A stream's connection opened again: when, and why its last ended, if it failed.
            error = reconnection.cause.map { URLCredentials.masked($0.description) }
            retryInMs = Int(reconnection.delay.wholeMilliseconds)
        }
    }

    /// The line for an item of a live stream as it came (`cause` `item`, `from` and `to`
    /// `streaming`): new content, whether it met the wait, which item it is and its ID.
    init(item arrival: ItemArrival, id: String?, of source: String, at time: String) {
        self.time = time
        self.source = source
        from = "streaming"
        to = "streaming"
        cause = "item"
        attempt = arrival.attempt
        httpStatus = arrival.httpStatus
        bytes = arrival.bytes
        durationMs = Int(arrival.elapsed.wholeMilliseconds)
        notModified = false
        changed = true
        conditionMet = arrival.conditionMet
        stale = false
        items = arrival.count
        itemID = id
    }

    /// The record as one line of JSON, newline included: keys sorted, as `jq -S` would, and
    /// strings escaped as `JSONWriter` does (what JSON requires, and DEL, C1 controls and
    /// bidi overrides too, since sources, reason phrases and hosts come from outside).
    ///
    /// Written byte by byte: a watch of 10,000 sources writes a line per transition, and
    /// `JSONEncoder` took a tenth of such a run.
    func line() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(352 + source.utf8.count + (error?.utf8.count ?? 0) + (itemID?.utf8.count ?? 0))
        func key(_ name: StaticString, first: Bool = false) {
            out.append(UInt8(ascii: first ? "{" : ","))
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            out.append(contentsOf: "\":".utf8)
        }
        func number(_ value: Int?) {
            guard let value else { return out.append(contentsOf: "null".utf8) }
            out.append(contentsOf: String(value).utf8)
        }
        func flag(_ value: Bool?) {
            out.append(contentsOf: (value.map { $0 ? "true" : "false" } ?? "null").utf8)
        }
        func string(_ value: String?) {
            guard let value else { return out.append(contentsOf: "null".utf8) }
            JSONWriter.quote(value, into: &out)
        }
        key("attempt", first: true); number(attempt)
        key("bytes"); number(bytes)
        key("cause"); string(cause)
        key("changed"); flag(changed)
        key("condition_met"); flag(conditionMet)
        key("duration_ms"); number(durationMs)
        key("error"); string(error)
        key("from"); string(from)
        key("http_status"); number(httpStatus)
        key("item_id"); string(itemID)
        key("items"); number(items)
        key("not_modified"); flag(notModified)
        key("phases")
        if let phases = phases?.phases {
            func milliseconds(_ name: String, _ value: Double?, first: Bool = false) {
                out.append(contentsOf: (first ? "{\"" : ",\"").utf8)
                out.append(contentsOf: name.utf8)
                out.append(contentsOf: "_ms\":".utf8)
                out.append(contentsOf: (value.map { String($0) } ?? "null").utf8)
            }
            milliseconds("connect", phases.connect, first: true)
            milliseconds("dns", phases.dns)
            milliseconds("first_byte", phases.firstByte)
            milliseconds("tls", phases.tls)
            milliseconds("total", phases.total)
            out.append(UInt8(ascii: "}"))
        } else {
            out.append(contentsOf: "null".utf8)
        }
        key("retry_in_ms"); number(retryInMs)
        key("source"); string(source)
        key("stale"); flag(stale)
        key("time"); string(time)
        key("to"); string(to)
        out.append(contentsOf: "}\n".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    private static let powersOfTen = (0...18).map { (0..<$0).reduce(1) { value, _ in value * 10 } }

    /// Now, as ISO 8601 in UTC with milliseconds: `2026-11-22T12:03:04.123Z`.
    static func now() -> String { iso(ClockTime.nowMilliseconds()) }

    /// `milliseconds` since the epoch as ISO 8601 in UTC: `2026-11-22T12:03:04.123Z`.
    static func iso(_ milliseconds: Int) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        // Digits into 24 bytes: a line per transition made seven strings for the padding.
        var out: [UInt8] = []
        out.reserveCapacity(24)
        func digits(_ value: Int, _ width: Int, then separator: Unicode.Scalar) {
            // At least `width` digits, zero-padded; more when the value has them. A time
            // before 1970 has no place here: its negative parts are written as 0.
            let value = max(0, value)
            var count = width
            while count < Self.powersOfTen.count - 1, value >= Self.powersOfTen[count] { count += 1 }
            for place in (0..<count).reversed() {
                out.append(UInt8(ascii: "0") + UInt8(value / Self.powersOfTen[place] % 10))
            }
            out.append(UInt8(ascii: separator))
        }
        digits(Int(parts.tm_year) + 1900, 4, then: "-")
        digits(Int(parts.tm_mon) + 1, 2, then: "-")
        digits(Int(parts.tm_mday), 2, then: "T")
        digits(Int(parts.tm_hour), 2, then: ":")
        digits(Int(parts.tm_min), 2, then: ":")
        digits(Int(parts.tm_sec), 2, then: ".")
        digits(milliseconds % 1000, 3, then: "Z")
        return String(decoding: out, as: UTF8.self)
    }
}
