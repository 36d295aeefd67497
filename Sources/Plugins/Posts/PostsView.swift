internal import TerminalText
/// The posts as text: each post's id, right-aligned in a column, then its title and its body's
/// first non-blank line, both made safe and wrapped under the title.
///
/// Written as it goes, as bytes, and handed to a `RenderSink` a piece at a time: a one-shot
/// run never holds 20 MB of posts as one string, and no render makes a string per line. Each
/// field is made safe and wrapped in one pass (`LineWrapper`).
struct PostsView {
    private let context: RenderContext
    private var wrapper = LineWrapper()
    private var out: [UInt8] = []

    /// Bytes gathered before they go to the sink: whole lines, never part of a character.
    private static let piece = 1 << 16

    init(context: RenderContext) {
        self.context = context
    }

    /// Writes `posts`, every one of them, into `sink`, each post's start noted in `recorder`
    /// when given (`sink` is then the recorder's own). Stops early once the sink is stopped or a signal wants the
    /// run to end. The caller cuts the list at `maxItems` (`write(_:cut:to:recorder:)`).
    mutating func write(_ posts: ArraySlice<Post>, to sink: RenderSink, recorder: ItemLineRecorder? = nil) {
        let idWidth = posts.lazy.map { Self.decimalLength($0.id) }.max() ?? 1
        let textWidth = max(context.width - (idWidth + 2), 10)
        out.reserveCapacity(Self.piece + 4096)
        // The probe reads the clock, which costs more than writing a short post: it is asked
        // every 32 posts, or sooner once 4 KiB went out since, so long fields (up to 10,000
        // characters each) cannot hold off a signal for long either.
        var sinceAsked = 0
        for (index, post) in posts.enumerated() {
            if sink.isStopped { break }
            if index % 32 == 0 || sinceAsked >= 4096 {
                if context.shouldStop() { break }
                sinceAsked = 0
            }
            if let recorder {
                // The recorder counts what the sink was given: bytes still gathered here go first.
                flush(into: sink)
                recorder.markItem()
            }
            let before = out.count
            write(post, idWidth: idWidth, textWidth: textWidth)
            sinceAsked += out.count - before
            if out.count >= Self.piece { flush(into: sink) }
        }
        flush(into: sink)
    }

    /// Writes the first `cut.shown` of `posts`, then the line that says how many were left out.
    mutating func write(_ posts: [Post], cut: ListCut, to sink: RenderSink, recorder: ItemLineRecorder? = nil) {
        write(posts[..<min(cut.shown, posts.count)], to: sink, recorder: recorder)
        recorder?.markEnd()
        if let note = cut.note("post", context: context) { sink.writeLine(note) }
    }

    private mutating func flush(into sink: RenderSink) {
        guard !out.isEmpty else { return }
        sink.write(String(decoding: out, as: UTF8.self))
        out.removeAll(keepingCapacity: true)
    }

    private mutating func write(_ post: Post, idWidth: Int, textWidth: Int) {
        var title = context.field(post.title)
        title.withUTF8 { title in
            writeField(title, width: textWidth, style: .bold, indent: idWidth + 2, id: post.id)
        }
        var body = post.body
        body.withUTF8 { body in
            guard let range = BodyLines.firstNonBlank(in: body) else { return }
            let line = UnsafeBufferPointer(rebasing: body[range])
            // Fewer bytes than the limit means fewer characters too: most lines need no cut.
            guard line.count > TerminalText.fieldLimit, context.hasScreenWidth else {
                return writeField(line, width: textWidth, style: .dim, indent: idWidth + 2)
            }
            var bounded = context.field(String(decoding: line, as: UTF8.self))
            bounded.withUTF8 { writeField($0, width: textWidth, style: .dim, indent: idWidth + 2) }
        }
    }

    /// One field, made safe and wrapped to `width`, each line under `indent` columns of lead:
    /// the first one holding `id`, right-aligned, when there is one.
    private mutating func writeField(_ text: UnsafeBufferPointer<UInt8>, width: Int, style: TextStyle, indent: Int, id: Int? = nil) {
        let styled = context.allowsStyling
        var id = id
        wrapper.wrap(text, width: width, sanitising: true) { line in
            if let number = id {
                let digits = Self.decimalLength(number)
                out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent - 2 - digits))
                Self.appendDecimal(number, to: &out)
                out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2))
                id = nil
            } else {
                out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
            }
            // As `TextStyle.apply` has it: empty text takes no style.
            if styled && !line.isEmpty {
                out.append(contentsOf: style.escapes.start.utf8)
                out.append(contentsOf: line)
                out.append(contentsOf: style.escapes.end.utf8)
            } else {
                out.append(contentsOf: line)
            }
            out.append(0x0A)
        }
    }

    /// Characters `String(number)` has.
    static func decimalLength(_ number: Int) -> Int {
        var magnitude = number.magnitude
        var length = number < 0 ? 2 : 1
        while magnitude >= 10 {
            magnitude /= 10
            length += 1
        }
        return length
    }

    /// Appends `String(number)`'s bytes.
    static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
    }
}
