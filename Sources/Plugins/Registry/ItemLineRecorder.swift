/// Finds where each item of a list starts in a renderer's text, for `ContentRenderer.renderItems`:
/// the renderer writes the very text `render` gives into `sink`, and calls `markItem()` just
/// before each item it shows. The text is kept too, so that a list is rendered once for both.
///
/// The lines are counted in the text as written, never worked out from a layout, so the
/// answer agrees with `render` whatever wraps, styles or cuts the text. The one-shot path
/// never has a recorder: a renderer only asks whether it has one, once per item.
final class ItemLineRecorder {
    /// The text and its newlines so far, in a box the sink's closure can add to.
    private final class Tally {
        var lines = 0
        var text = ""
    }

    private let tally: Tally
    /// Where the text goes: it hands on every write at once, to be counted and kept.
    let sink: RenderSink
    /// The line each item marked so far starts on.
    private(set) var starts: [Int] = []
    /// The line the items end on, once the renderer said so: what follows (a `]`, a line
    /// saying how many were left out) belongs to no item.
    private(set) var end: Int?

    init() {
        let tally = Tally()
        self.tally = tally
        sink = RenderSink(pieceSize: 1) { piece in
            tally.lines += piece.utf8.count { $0 == 0x0A }
            tally.text += piece
            return true
        }
    }

    /// Notes that the next item starts on the line after what was written so far. A renderer
    /// that gathers bytes of its own hands them to `sink` first.
    func markItem() {
        sink.flush()
        starts.append(tally.lines)
    }

    /// Notes that the items end where what was written so far ends.
    func markEnd() {
        sink.flush()
        end = tally.lines
    }

    /// What `body` writes into the recorder's sink, and where its items start.
    static func record(_ body: (ItemLineRecorder) -> Void) -> RenderedItems {
        let recorder = ItemLineRecorder()
        body(recorder)
        recorder.sink.flush()
        return RenderedItems(text: recorder.tally.text, itemLines: recorder.starts, end: recorder.end)
    }
}
