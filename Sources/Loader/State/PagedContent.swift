/// What a source's machine needs of its content: a name for messages, how many items a page
/// holds, and how pages join.
public protocol PagedContent {
    /// The plugin that decoded it, for messages.
    var pluginName: String { get }
    /// How many items it holds, for lists; an empty page ends paging by page number.
    var itemCount: Int? { get }
    /// This content with `next`'s items appended; nil when it does not come in pages.
    func appending(_ next: Self) -> Self?
    /// The next page as the content itself names it (a feed's `rel="next"`, RFC 5005), for a
    /// server that says it in the body rather than in a `Link` header; nil when it names none.
    var nextPage: String? { get }
}

extension PagedContent {
    public var nextPage: String? { nil }
}

extension AnyContent: PagedContent {}
