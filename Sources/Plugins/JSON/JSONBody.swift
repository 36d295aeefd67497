internal import Loader

/// JSON bodies for the plugins: parsed once per response, strictly, with errors a user can act on.
enum JSONBody {
    /// A JSON body: one document, or a sequence of values (JSON Lines, NDJSON, json-seq) read
    /// as an array of them, which `--output json` gives back a value a line.
    struct Document {
        var json: JSON
        var isSequence: Bool
    }

    /// The body parsed once per response, shared by every JSON view that is offered it.
    static func parsed(_ body: ResponseBody) -> Result<JSON, DecodeFailure> {
        parsedDocument(body).map(\.json)
    }

    /// The same, with whether it was a sequence of values.
    static func parsedDocument(_ body: ResponseBody) -> Result<Document, DecodeFailure> {
        body.memoized { bytes, info in ParsedJSON(result: Result { () throws(DecodeFailure) in try document(bytes, response: info) }) }.result
    }

    private struct ParsedJSON {
        var result: Result<Document, DecodeFailure>
    }

    /// Parses `body` for a view of `expected` (`a JSON array of posts`): a body that is not
    /// JSON and says it is something else is named by its type, and an empty one is said so.
    static func parse(_ body: [UInt8], response: ResponseInfo, expected: String = "JSON") throws(DecodeFailure) -> JSON {
        try document(body, response: response, expected: expected).json
    }

    /// `parse`, saying whether the body was a sequence of values: served as one (NDJSON, JSON
    /// Lines, json-seq), or JSON with more values after the first, each on a line of its own
    /// (httpbin's `/stream/20`).
    static func document(_ body: [UInt8], response: ResponseInfo, expected: String = "JSON") throws(DecodeFailure) -> Document {
        if MediaType.isJSONSequence(response.mediaType) {
            return Document(json: .array(try JSONParser.parseSequence(body)), isSequence: true)
        }
        do {
            return Document(json: try JSONParser.parse(body), isSequence: false)
        } catch where error.reason.contains("text after the value") && (response.mediaType == nil || MediaType.isJSON(response.mediaType)) {
            guard let values = try? JSONParser.parseSequence(body), values.count > 1 else { throw error }
            return Document(json: .array(values), isSequence: true)
        } catch {
            if error.reason.hasPrefix("is empty") { throw DecodeFailure("is empty, not \(expected)") }
            if error.reason.hasPrefix("is not valid JSON"), let type = response.mediaType, !MediaType.isJSON(type) {
                throw DecodeFailure("is \(type), not \(expected)")
            }
            throw error
        }
    }

    /// Whether a response may hold JSON: it says so, or says nothing and starts like JSON.
    static func mayBeJSON(_ body: [UInt8], response: ResponseInfo) -> Bool {
        if MediaType.isJSON(response.mediaType) { return true }
        guard response.mediaType == nil else { return false }
        return body.first(where: { !isJSONWhitespace($0) }).map { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") } ?? false
    }

    /// "item 3's \"title\"", counting items from 1 as people do.
    static func location(item index: Int, key: String? = nil) -> String {
        key.map { "item \(index + 1)'s \"\($0)\"" } ?? "item \(index + 1)"
    }

    /// What the top level of a document is, for "is X, not Y".
    static func kind(of value: JSON) -> String {
        switch value {
        case .object: "a JSON object"
        case .array: "a JSON array of something else"
        case .string: "a JSON string"
        default: "a bare JSON value"
        }
    }

    /// Whether the body looks like JSON whose top level starts with `opener` (`[` or `{`),
    /// served as JSON or with no Content-Type at all.
    static func looksLike(_ opener: Character, _ body: [UInt8], response: ResponseInfo) -> Bool {
        guard response.mediaType == nil || MediaType.isJSON(response.mediaType) else { return false }
        return body.first(where: { !isJSONWhitespace($0) }) == opener.asciiValue
    }

    static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
