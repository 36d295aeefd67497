/// Where the user is in a pane of content: the first line on screen and, on a list, the
/// selected item. A pure value: the pane's layout comes in with each call, as `PaneLayout`.
///
/// Arrow keys move the selection and scroll only as far as keeps it in view; paging keys
/// scroll by a screen and take the selection along when it would fall off. On content that
/// is not a list, every key scrolls.
package struct ListCursor: Equatable {
    /// The first content line on screen.
    package var scroll = 0
    /// The selected item, on a list; nil until the list first shows, or on other content.
    package var selection: Int?

    /// What the cursor moves over: the content's line count, where each item starts (nil or
    /// empty when it is not a list) and how many rows the content area has.
    package struct PaneLayout: Equatable {
        package var lineCount: Int
        package var itemLines: [Int]?
        package var rows: Int
        /// The line the items end on; what follows (`… 3 more rows`) belongs to none.
        package var itemsEnd: Int?

        package init(lineCount: Int, itemLines: [Int]?, rows: Int, itemsEnd: Int? = nil) {
            self.lineCount = lineCount
            self.itemLines = itemLines
            self.rows = rows
            self.itemsEnd = itemsEnd
        }

        package var items: [Int] { itemLines ?? [] }
        package var maxScroll: Int { max(lineCount - max(rows, 1), 0) }

        /// The lines item `index` takes: from its first line to the next item's (or the items' end).
        package func lines(ofItem index: Int) -> Range<Int> {
            let start = items[index]
            let end = index + 1 < items.count ? items[index + 1] : min(itemsEnd ?? lineCount, lineCount)
            return start..<max(end, start + 1)
        }

        /// The item whose lines hold `line`, if any.
        package func item(atLine line: Int) -> Int? {
            guard let first = items.first, line >= first, line < min(itemsEnd ?? lineCount, lineCount) else { return nil }
            // The last item starting at or before the line: a binary search, lists run to thousands.
            var low = 0, high = items.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if items[middle] <= line { low = middle } else { high = middle - 1 }
            }
            return low
        }
    }

    /// An arrow key: the selection moves by `delta` items, or the content by `delta` lines.
    package mutating func move(by delta: Int, in layout: PaneLayout) {
        guard !layout.items.isEmpty else {
            scroll += delta
            return clamp(to: layout)
        }
        let current = selection ?? firstVisibleItem(in: layout)
        selection = min(max(current + delta, 0), layout.items.count - 1)
        clamp(to: layout)
        // The item the arrow moved to shows whole when it fits, from its first line when not.
        if let selected = selection {
            let lines = layout.lines(ofItem: selected)
            if lines.lowerBound < scroll {
                scroll = lines.lowerBound
            } else if lines.upperBound > scroll + layout.rows {
                scroll = min(lines.lowerBound, lines.upperBound - layout.rows)
            }
            scroll = min(max(scroll, 0), layout.maxScroll)
        }
    }

    /// A paging key: the content scrolls by `pages` screens, less a line of overlap (or by
    /// half screens, with `half`); the selection comes along only where it would otherwise
    /// leave the screen.
    package mutating func page(by pages: Int, in layout: PaneLayout, half: Bool = false) {
        scroll(by: pages * (half ? max(layout.rows / 2, 1) : max(layout.rows - 1, 1)), in: layout)
    }

    /// The content scrolls by `lines` (the wheel, a page); the selection comes along only
    /// where it would otherwise leave the screen.
    package mutating func scroll(by lines: Int, in layout: PaneLayout) {
        scroll = min(max(scroll + lines, 0), layout.maxScroll)
        guard !layout.items.isEmpty, let selected = selection else { return clamp(to: layout) }
        let range = layout.lines(ofItem: selected)
        if range.upperBound <= scroll || range.lowerBound >= scroll + layout.rows {
            selection = lines > 0 ? firstVisibleItem(in: layout) : lastVisibleItem(in: layout)
        }
        clamp(to: layout)
    }

    /// A click on `line` of the content: the item there is selected; nil when no item is
    /// there (a heading, or content that is not a list).
    package mutating func select(line: Int, in layout: PaneLayout) -> Int? {
        guard let item = layout.item(atLine: line) else { return nil }
        selection = item
        clamp(to: layout)
        return item
    }

    /// Home or End: the first or the last of everything.
    package mutating func jump(toEnd: Bool, in layout: PaneLayout) {
        if layout.items.isEmpty {
            scroll = toEnd ? layout.maxScroll : 0
        } else {
            selection = toEnd ? layout.items.count - 1 : 0
            scroll = toEnd ? layout.maxScroll : 0
        }
        clamp(to: layout)
    }

    /// Shows `line` (a search match), selecting the item it belongs to on a list.
    package mutating func reveal(line: Int, in layout: PaneLayout) {
        if let item = layout.item(atLine: line) { selection = item }
        if line < scroll || line >= scroll + layout.rows { scroll = max(line - layout.rows / 3, 0) }
        scroll = min(max(scroll, 0), layout.maxScroll)
    }

    /// Brings the cursor inside new content or a new screen size: the scroll within the
    /// content, the selection within the list (its first item once a list first shows) and
    /// at least partly on screen, so that paging through an item taller than the screen, or
    /// to a search match inside one, is left where it is.
    package mutating func clamp(to layout: PaneLayout) {
        if layout.items.isEmpty {
            selection = nil
        } else {
            selection = min(max(selection ?? 0, 0), layout.items.count - 1)
        }
        scroll = min(max(scroll, 0), layout.maxScroll)
        guard let selected = selection else { return }
        let lines = layout.lines(ofItem: selected)
        if lines.upperBound <= scroll {
            scroll = lines.lowerBound
        } else if lines.lowerBound >= scroll + layout.rows {
            // The whole item when it fits; its first lines when it is taller than the screen.
            scroll = min(lines.lowerBound, lines.upperBound - layout.rows)
        }
        scroll = min(max(scroll, 0), layout.maxScroll)
    }

    private func firstVisibleItem(in layout: PaneLayout) -> Int {
        let index = layout.items.firstIndex { $0 >= scroll } ?? layout.items.count - 1
        return max(index, 0)
    }

    private func lastVisibleItem(in layout: PaneLayout) -> Int {
        let bottom = scroll + layout.rows
        let index = layout.items.indices.last { layout.lines(ofItem: $0).upperBound <= bottom } ?? firstVisibleItem(in: layout)
        return max(index, 0)
    }
}
