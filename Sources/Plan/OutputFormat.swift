/// How content is written to stdout.
package enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, ndjson
}
