/// A list's text and where its items start.
package struct RenderedList {
    package var text: String
    /// Line numbers where items start; nil when the content is not a list.
    package var items: [Int]?
    /// Whether it was rendered a gutter narrower than the screen, for the selection mark.
    package var hasGutter: Bool
    /// Each item's key, one per entry of `items`: its id, or its position when it has none.
    package var keys: [String]?
    /// Each item's fields as one string, to tell a changed item from one only laid out anew
    /// (a wider column elsewhere pads every row); empty for an item with no fields.
    package var fingerprints: [String]?
    /// The line the items end on: what follows (a `]`, `… 3 more rows`) belongs to none.
    package var itemsEnd: Int?

    package init(text: String, items: [Int]?, hasGutter: Bool, keys: [String]? = nil, fingerprints: [String]? = nil,
                 itemsEnd: Int? = nil) {
        self.text = text
        self.items = items
        self.hasGutter = hasGutter
        self.keys = keys
        self.fingerprints = fingerprints
        self.itemsEnd = itemsEnd
    }
}
