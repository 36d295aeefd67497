/// Media type matching, with `type/*` wildcards.
public enum MediaType {
    /// Whether `mediaType` is one of `declared`, directly or through a `type/*` wildcard.
    public static func matches(_ mediaType: String, anyOf declared: [String]) -> Bool {
        let type = mediaType.lowercased()
        return declared.contains { pattern in
            if pattern == "*/*" { return true }
            if pattern.hasSuffix("/*") { return type.hasPrefix(pattern.dropLast()) }
            return pattern == type
        }
    }

    /// Whether `mediaType` says JSON: `application/json`, `text/json`, any `+json` type, or a
    /// sequence of JSON values (`isJSONSequence`).
    public static func isJSON(_ mediaType: String?) -> Bool {
        guard let type = mediaType?.lowercased() else { return false }
        return type == "application/json" || type == "text/json" || type.hasSuffix("+json") || isJSONSequence(type)
    }

    /// Whether `mediaType` says JSON values one after another: JSON Lines, NDJSON, or RFC 7464's
    /// `application/json-seq`.
    public static func isJSONSequence(_ mediaType: String?) -> Bool {
        guard let type = mediaType?.lowercased() else { return false }
        return ["application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
                "application/jsonlines", "application/json-seq"].contains(type)
    }
}
