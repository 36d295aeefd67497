import Loader

/// JSON values one after another (JSON Lines, NDJSON, json-seq) read as they arrive, a value a
/// line, for a `LiveItemsTap`. Blank lines are skipped; a line that is not one JSON value ends
/// the stream, as `jq` ends on one, with words that say which line.
struct JSONLinesReader: LiveItemReader {
    private var lines = StreamLines(endings: .jsonSequence, limit: JSONLinesPlugin.lineLimit)
    /// Lines read so far, for the words of a failure.
    private var lineNumber = 0

    init() {}

    mutating func feed(_ chunk: UnsafeRawBufferPointer) -> (outputs: [(JSON, Int, UInt64)], failure: DecodeFailure?) {
        split { (lines, line) throws(StreamLines.TooLong) in try lines.feed(chunk, line: line) }
    }

    /// The last line, which no line ending followed, is a value too.
    mutating func end() -> (outputs: [(JSON, Int, UInt64)], failure: DecodeFailure?) {
        split { (lines, line) throws(StreamLines.TooLong) in try lines.finish(line: line) }
    }

    /// The values of the lines `splitting` hands over, and why the rest cannot be read.
    private mutating func split(_ splitting: (inout StreamLines, (UnsafeRawBufferPointer) throws(StreamLines.TooLong) -> Void)
        throws(StreamLines.TooLong) -> Void) -> (outputs: [(JSON, Int, UInt64)], failure: DecodeFailure?) {
        // The splitter is moved out while it hands lines over, which changes the rest of self
        // (as `EventStreamParser` does): swapped, so that its buffer is never copied.
        var lines = StreamLines(endings: .jsonSequence, limit: JSONLinesPlugin.lineLimit)
        swap(&lines, &self.lines)
        defer { swap(&lines, &self.lines) }
        var values: [(JSON, Int, UInt64)] = []
        var failure: DecodeFailure?
        do throws(StreamLines.TooLong) {
            try splitting(&lines) { line in if failure == nil { failure = read(line, into: &values) } }
        } catch {
            failure = failure ?? Self.tooLong(error.limit)
        }
        return (values, failure)
    }

    /// A last line with no ending is read by `end`, not dropped.
    var isMidRecord: Bool { false }

    func take(_ output: (JSON, Int, UInt64)) -> (item: JSON, size: Int, fingerprint: UInt64)? { output }

    static func content(_ values: [JSON], dropped: Int, endedMidRecord: Bool) -> AnyContent {
        AnyContent(StreamValues(values, dropped: dropped), decoder: JSONLinesPlugin())
    }

    static func records(_ values: [JSON]) -> [UInt8] {
        let writer = JSONWriter(context: RenderContext().compacted)
        return Array(values.map { writer.write($0) + "\n" }.joined().utf8)
    }

    /// Reads one line into `values`; returns why it is no value, if it is not.
    private mutating func read(_ line: UnsafeRawBufferPointer, into values: inout [(JSON, Int, UInt64)]) -> DecodeFailure? {
        lineNumber += 1
        guard line.contains(where: { !JSONBody.isJSONWhitespace($0) }) else { return nil }
        do throws(DecodeFailure) {
            values.append((try JSONParser.parse(Array(line)), LiveWindow<JSON>.heldSize(ofText: line.count), ContentFingerprint.of(line)))
            return nil
        } catch {
            // The parser counts the line it was given as line 1: the stream's line is said once.
            let reason = error.reason.replacing("at line 1, column ", with: "at column ")
            return DecodeFailure("has a line that is not JSON (line \(lineNumber): \(reason))",
                                 suggestion: "check that the server sends one JSON value a line", offersOtherPlugins: false)
        }
    }

    private static func tooLong(_ limit: Int) -> DecodeFailure {
        DecodeFailure("has a line larger than \(ByteCount.formatLimit(limit)), which loadrun does not hold",
                      suggestion: "the stream is cut off there; check that the server ends each value with a newline",
                      offersOtherPlugins: false)
    }
}

/// A JSON Lines body read as it arrives: each value an item (see `LiveItemsTap`).
typealias JSONLinesTap = LiveItemsTap<JSONLinesReader>
