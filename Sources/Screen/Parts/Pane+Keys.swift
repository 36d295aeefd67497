/// The keys that move about a pane, as less moves: the same on a list, a page, a detail and
/// a record.
extension Pane {
    /// Moves the cursor for `key` over `rows` rows; false when `key` is no moving key.
    /// Space, f and Ctrl-F go a screen down, b and Ctrl-B up, Ctrl-D and Ctrl-U half.
    package mutating func move(for key: Key, rows: Int) -> Bool {
        let layout = layout(rows: rows)
        switch key {
        case .up, .character("k"): cursor.move(by: -1, in: layout)
        case .down, .character("j"): cursor.move(by: 1, in: layout)
        case .pageUp, .character("b"), .control("b"): cursor.page(by: -1, in: layout)
        case .pageDown, .character(" "), .character("f"), .control("f"): cursor.page(by: 1, in: layout)
        case .control("d"): cursor.page(by: 1, in: layout, half: true)
        case .control("u"): cursor.page(by: -1, in: layout, half: true)
        case .home, .character("g"): cursor.jump(toEnd: false, in: layout)
        case .end, .character("G"): cursor.jump(toEnd: true, in: layout)
        default: return false
        }
        return true
    }
}
