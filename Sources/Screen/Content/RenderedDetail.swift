/// A detail as rendered for the screen: its text, and where its parts that can be selected stand.
package struct RenderedDetail {
    package var text: String
    /// The lines where the detail's own items start, when its content is a list (a link
    /// that opened one); empty for a page or while it loads.
    package var items: [Int]
    /// One per related list, in order: the line of its heading, and the lines where its items
    /// start (empty while it has none to select).
    package var related: [(heading: Int, items: [Int])]

    package init(text: String, items: [Int] = [], related: [(heading: Int, items: [Int])]) {
        self.text = text
        self.items = items
        self.related = related
    }
}
