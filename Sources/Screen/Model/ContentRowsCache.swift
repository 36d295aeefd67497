/// The content rows of the last frame, and what they were made from: a watch's reload that
/// changes nothing on screen but its status line (a 304, a tick) draws them again as they
/// were, where laying out, marking and clipping each row cost ~41 K instructions a frame
/// (a fifth of a 304 reload's own work in the view).
///
/// A reference, so that `ScreenModel.view()` stays a reading of the model: copies of a model
/// share it, which is safe because a row set is only ever taken for the key it was made for.
final class ContentRowsCache {
    private var last: (key: Pane.RowsKey, width: Int, rows: [String])?

    /// The rows for `key` at `width` columns: the last ones when both are the same, else
    /// made by `make` and kept.
    func rows(for key: Pane.RowsKey, width: Int, make: () -> [String]) -> [String] {
        if let last, last.width == width, last.key == key { return last.rows }
        let rows = make()
        last = (key, width, rows)
        return rows
    }
}
