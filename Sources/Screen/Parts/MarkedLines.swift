/// A list's lines with what changed marked: the lines to show (removed items' included), where
/// the current items start among them, and each line's change.
package struct MarkedLines: Equatable {
    package var lines: [String] = []
    package var itemLines: [Int] = []
    package var kinds: [ListChanges.Kind?] = []
    /// The line the items (and the removed ones after the last) end on.
    package var itemsEnd: Int?
}
