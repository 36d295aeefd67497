import Loader
import Plugins

/// `--output json` with several sources: each source's content on a line of its own, labelled,
/// `{"source":"posts","url":"http://…","content":…}`, compact as `jq -c` writes it, so that
/// documents never follow each other unlabelled and each line is one JSON value for a script.
/// Content of several values (JSON Lines, several `--jq` results) gives a line per value. One
/// source prints its content alone, pretty, as before.
enum LabelledJSON {
    /// The lines for `source`'s content, rendered as compact JSON (`compactJSON`: the render
    /// context's `compactsJSON`, one line per top-level value), newline included.
    static func lines(for source: SourceSnapshot, compactJSON: String) -> String {
        // Quoted straight into bytes: a `JSONWriter.write` String each cost a scratch buffer.
        var head: [UInt8] = []
        head.reserveCapacity(source.label.utf8.count + source.url.utf8.count + 40)
        head += #"{"source":"#.utf8
        JSONWriter.quote(source.label, into: &head)
        head += #","url":"#.utf8
        JSONWriter.quote(source.url, into: &head)
        head += #","content":"#.utf8
        // Compact, the only newlines are those between top-level values: JSON escapes any
        // within a string. Rendered so rather than compacted here: pretty text compacted
        // again was a fifth of a 1,000-URL run's output. Split as bytes in one pass, not as
        // Characters: grapheme breaking was a quarter of such a run, and a generic split half
        // of the rest.
        var compact = compactJSON
        var lines: [UInt8] = []
        compact.withUTF8 { bytes in
            lines.reserveCapacity(bytes.count + 2 * (head.count + 2))
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "\n") {
                defer { start = end + 1 }
                guard end > start else { continue }
                lines += head
                lines += UnsafeBufferPointer(rebasing: bytes[start..<end])
                lines.append(UInt8(ascii: "}"))
                lines.append(UInt8(ascii: "\n"))
            }
        }
        return String(decoding: lines, as: UTF8.self)
    }
}
