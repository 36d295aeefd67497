/// Media type matching, with `type/*` wildcards.
public enum MediaType {
    /// Server-Sent Events: a live stream (the events plugin's type, and the one a stream's
    /// reconnection must be answered with).
    public static let eventStream = "text/event-stream"

    /// Whether `mediaType` is one of `declared`, directly or through a `type/*` wildcard.
    public static func matches(_ mediaType: String, anyOf declared: [String]) -> Bool {
        let type = lowered(mediaType)
        return declared.contains { pattern in
            if pattern == "*/*" { return true }
            if pattern.hasSuffix("/*") { return type.hasPrefix(pattern.dropLast()) }
            return pattern == type
        }
    }

    /// Whether `mediaType` says JSON: `application/json`, `text/json`, any `+json` type, or a
    /// sequence of JSON values (`isJSONSequence`).
    public static func isJSON(_ mediaType: String?) -> Bool {
        guard let type = mediaType.map(lowered) else { return false }
        return type == "application/json" || type == "text/json" || type.hasSuffix("+json") || isJSONSequence(type)
    }

    /// Whether `mediaType` says JSON values one after another: JSON Lines, NDJSON, or RFC 7464's
    /// `application/json-seq`.
    public static func isJSONSequence(_ mediaType: String?) -> Bool {
        guard let type = mediaType.map(lowered) else { return false }
        return sequenceTypes.contains(type)
    }

    private static let sequenceTypes: Set<String> = ["application/x-ndjson", "application/ndjson", "application/jsonl",
                                                     "application/x-jsonlines", "application/jsonlines", "application/json-seq"]

    /// `type` lowercased; as it is when it is lowercase already (as `ResponseInfo.mediaType`
    /// gives it, and as most servers send it), with no new string made.
    static func lowered(_ type: String) -> String {
        type.utf8.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || $0 >= 0x80 } ? type.lowercased() : type
    }
}
