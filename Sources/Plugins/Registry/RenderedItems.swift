/// A list as rendered for browsing: the text `render` gives, and the line each item starts on.
public struct RenderedItems: Equatable, Sendable {
    public var text: String
    public var itemLines: [Int]
    /// The line the last item ends on (what follows belongs to no item); nil for the end of
    /// the text.
    public var end: Int?

    public init(text: String, itemLines: [Int], end: Int? = nil) {
        self.text = text
        self.itemLines = itemLines
        self.end = end
    }
}
