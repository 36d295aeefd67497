import Foundation

/// What a pipe gets for content that came as JSON (issue 59): the JSON `--output json` writes.
/// The end-to-end tests read it back as a parser would, to check which content was loaded.
public enum PipeJSON {
    public struct NotJSON: Error, CustomStringConvertible {
        public let output: String
        public var description: String { "not the JSON of a list of records: \(output)" }
    }

    /// The records of a JSON array written to stdout, as `JSONSerialization` parses them.
    public static func records(_ output: String) throws -> [[String: Any]] {
        guard let records = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] else {
            throw NotJSON(output: output)
        }
        return records
    }

    /// The `title` of each post of a JSON array written to stdout (`nil` where one has none).
    public static func titles(_ output: String) throws -> [String?] {
        try records(output).map { $0["title"] as? String }
    }
}
