#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
internal import Loader

/// Decodes JSON bodies strictly, turning decoder errors into sentences a user can act on,
/// and encodes models for `--output json`.
enum JSONBody {
    /// `value` as pretty JSON with sorted keys. Control characters come out escaped
    /// (`\u001b`), so the result is safe for a terminal as it is.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            // Only non-finite floats fail to encode, and these models hold none.
            preconditionFailure("cannot encode \(type(of: value)) as JSON: \(error)")
        }
    }

    /// Decodes `body` as `T`, describing the expected shape as `expected` in errors
    /// ("a JSON array of posts").
    static func decode<T: Decodable>(_ type: T.Type, from body: [UInt8], response: ResponseInfo,
                                     expected: String) throws(DecodeFailure) -> T {
        guard body.contains(where: { !isJSONWhitespace($0) }) else {
            throw DecodeFailure("is empty, not \(expected)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(body))
        } catch let error as DecodingError {
            throw DecodeFailure(describe(error, body: body, mediaType: response.mediaType, expected: expected))
        } catch {
            throw DecodeFailure("is not valid JSON")
        }
    }

    private static func describe(_ error: DecodingError, body: [UInt8], mediaType: String?, expected: String) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            if String(validating: body, as: UTF8.self) == nil { return "is not valid UTF-8, so not \(expected)" }
            if let mediaType, !mediaType.contains("json") { return "is \(mediaType), not \(expected)" }
            return "is not valid JSON (expected \(expected))"
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return "is \(topLevelKind(of: body)), not \(expected)"
        case .keyNotFound(let key, let context):
            return "is not \(expected): \(location(context.codingPath)) has no \"\(key.stringValue)\""
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "is not \(expected): \(location(context.codingPath)) is not \(article(for: type))"
        case .dataCorrupted(let context):
            return "is not \(expected): \(location(context.codingPath)) is malformed"
        @unknown default:
            return "is not \(expected)"
        }
    }

    /// "item 3's \"title\"", counting items from 1 as people do.
    private static func location(_ path: [any CodingKey]) -> String {
        var parts: [String] = []
        for key in path {
            if let index = key.intValue { parts.append("item \(index + 1)") } else { parts.append("\"\(key.stringValue)\"") }
        }
        guard let last = parts.popLast() else { return "the top level" }
        return parts.isEmpty ? last : parts.joined(separator: "'s ") + "'s " + last
    }

    private static func article(for type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "of the right type"
        }
    }

    /// Whether the body looks like JSON whose top level starts with `opener` (`[` or `{`),
    /// served as JSON or with no Content-Type at all.
    static func looksLike(_ opener: Character, _ body: [UInt8], response: ResponseInfo) -> Bool {
        guard response.mediaType == nil || MediaType.isJSON(response.mediaType) else { return false }
        return body.first(where: { !isJSONWhitespace($0) }) == opener.asciiValue
    }

    private static func topLevelKind(of body: [UInt8]) -> String {
        switch body.first(where: { !isJSONWhitespace($0) }) {
        case UInt8(ascii: "{"): "a JSON object"
        case UInt8(ascii: "["): "a JSON array of something else"
        case UInt8(ascii: "\""): "a JSON string"
        default: "a bare JSON value"
        }
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
