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
        // any within a string.
        let values = JSONCompaction.compacted(json).split(separator: "\n")
        return values.map { opening + $0 + "}\n" }.joined()
    }
}
