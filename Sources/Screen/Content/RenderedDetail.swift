/// A detail's text, and where each of its related lists stands in it.
package struct RenderedDetail {
    package var text: String
    /// One per related list, in order: the line of its heading, and the lines where its items
    /// start (empty while it has none to select).
    package var related: [(heading: Int, items: [Int])]

    package init(text: String, related: [(heading: Int, items: [Int])]) {
        self.text = text
        self.related = related
    }
}
