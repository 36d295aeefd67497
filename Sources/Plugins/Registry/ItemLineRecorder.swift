/// Finds where each item of a list starts in a renderer's text, for `ContentRenderer.renderItems`:
/// the renderer writes the very text `render` gives into `sink`, and calls `markItem()` just
/// before each item it shows. The text is kept too, so that a list is rendered once for both.
///
/// The lines are counted in the text as written, never worked out from a layout, so the
/// answer agrees with `render` whatever wraps, styles or cuts the text. The one-shot path
/// never has a recorder: a renderer only asks whether it has one, once per item.
final class ItemLineRecorder {
    /// Where the text goes: a sink that keeps it all, whose lines are counted as items are
    /// marked.
    ///
    /// Not a sink that hands each write on to be appended elsewhere: its 4 KB piece buffer
    /// became the kept text's own (an empty string adopts what is appended to it), and a
    /// watch of 10,000 sources kept 4 KB of it per source for a 1 KB view.
    let sink = RenderSink()
    /// Lines in what was counted so far, and how many bytes that was.
    private var lines = 0
    private var counted = 0
    /// The line each item marked so far starts on.
    private(set) var starts: [Int] = []
    /// The line the items end on, once the renderer said so: what follows (a `]`, a line
    /// saying how many were left out) belongs to no item.
    private(set) var end: Int?

    /// The lines written so far: only what was written since the last count is read.
    private func countLines() -> Int {
        sink.flush()
        let text = sink.text.utf8
        lines += text[text.index(text.startIndex, offsetBy: counted)...].count { $0 == 0x0A }
        counted = text.count
        return lines
    }

    /// Notes that the next item starts on the line after what was written so far. A renderer
    /// that gathers bytes of its own hands them to `sink` first.
    func markItem() {
        starts.append(countLines())
    }

    /// Notes that the items end where what was written so far ends.
    func markEnd() {
        end = countLines()
    }

    /// What `body` writes into the recorder's sink, and where its items start.
    static func record(_ body: (ItemLineRecorder) -> Void) -> RenderedItems {
        let recorder = ItemLineRecorder()
        body(recorder)
        // Kept as long as the view is (a watch keeps each source's): copied to its own size,
        // not the room the sink grew to while it was written.
        let text = recorder.sink.text
        let kept = String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
            _ = buffer.initialize(fromContentsOf: text.utf8)
            return text.utf8.count
        }
        return RenderedItems(text: kept, itemLines: recorder.starts, end: recorder.end)
    }
}
