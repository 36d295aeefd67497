import Loader
import Plugins

/// `--output json` with several sources: each source's content on a line of its own, labelled,
/// `{"source":"posts","url":"http://…","content":…}`, compact as `jq -c` writes it, so that
/// documents never follow each other unlabelled and each line is one JSON value for a script.
/// Content of several values (JSON Lines, several `--jq` results) gives a line per value. One
/// source prints its content alone, pretty, as before.
enum LabelledJSON {
    /// The lines for `source`'s content, rendered as JSON (`json`), newline included.
    static func lines(for source: SourceSnapshot, json: String) -> String {
        let writer = JSONWriter()
        let opening = "{\"source\":\(writer.write(.string(source.label))),\"url\":\(writer.write(.string(source.url))),\"content\":"
        // Compact, the only newlines left are those between top-level values: JSON escapes
        // any within a string. Split as bytes, not as Characters: a newline is one byte, and
        // splitting by grapheme was a tenth of a 1,000-URL run.
        let compact = JSONCompaction.compacted(json)
        var lines = ""
        lines.reserveCapacity(compact.utf8.count + 2 * (opening.utf8.count + 2))
        for value in compact.utf8.split(separator: UInt8(ascii: "\n")) {
            lines += opening
            lines += Substring(value)
            lines += "}\n"
        }
        return lines
    }
}
